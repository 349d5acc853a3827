// The REST door's plumbing: read a JSON body within a byte limit, authenticate, and map every error to the one JSON
// error shape. Route handlers stay thin: `handle(async () => …)`.
import type { z } from "zod";
import { firstProblem, type ApiErrorBody } from "@/lib/contracts/errors";
import { depthExceeds } from "@/lib/contracts/parse";
import { findIllFormedTextInJson } from "@/lib/contracts/text";
import { verifyApiKey, type ApiPrincipal } from "@/server/auth/api-keys";
import { getDb } from "@/server/db/client";
import {
  asDomainError,
  DATABASE_RETRY_AFTER_S,
  DomainError,
  UnauthorizedError,
  ValidationError,
} from "@/server/errors";
import type { DoorRequest, DoorResponse } from "./door";

const JSON_TYPE = "application/json; charset=utf-8";

export function json(body: unknown, status = 200, headers?: Record<string, string>): DoorResponse {
  return { status, headers: { "content-type": JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

export function errorResponse(error: ApiErrorBody, status: number, headers?: Record<string, string>): DoorResponse {
  return json({ error }, status, headers);
}

/**
 * The 401 challenge of every key-authenticated door (RFC 6750 §3). The description is what an MCP client such as
 * mcp-remote can show when our JSON body never reaches the person; no resource_metadata, since advertising OAuth
 * would make clients start an OAuth flow and ignore the static key header they were configured with.
 */
export function bearerChallenge(): string {
  return 'Bearer error="invalid_token", error_description="A valid API key is required: send Authorization: Bearer <key>."';
}

/** Runs a handler and turns any thrown error into the JSON error shape; unexpected errors are logged, never leaked.
 *  `method`: the request's, so a lost database is told apart for reads (GET, HEAD), which wrote nothing. */
export async function handle(fn: () => Promise<DoorResponse>, method?: string): Promise<DoorResponse> {
  try {
    return await fn();
  } catch (error) {
    return errorAnswer(error, method);
  }
}

/** The answer to an error a handler threw (see handle). */
export function errorAnswer(error: unknown, method?: string): DoorResponse {
  const known = asDomainError(error, method === "GET" || method === "HEAD");
  if (known) return domainErrorResponse(known);
  console.error("[thoughtgraph] unexpected error", error);
  return unexpectedErrorResponse();
}

/** A domain error's answer: 401 names its scheme, 503 says when to retry. */
export function domainErrorResponse(error: DomainError): DoorResponse {
  const headers: Record<string, string> =
    error.status === 401
      ? { "www-authenticate": bearerChallenge() }
      : error.status === 503
        ? { "retry-after": String(DATABASE_RETRY_AFTER_S) }
        : {};
  return errorResponse(error.toBody(), error.status, headers);
}

/** A bug: whether anything was written is unknown, so the client is told to retry with its idempotency key. */
export function unexpectedErrorResponse(): DoorResponse {
  return errorResponse(
    {
      code: "unexpected_error",
      message: "The server failed to handle this request.",
      suggestion:
        "Retry with the same Idempotency-Key header (a retried write is never applied twice); if it persists, " +
        "report it with the time of the request.",
    },
    500,
  );
}

/**
 * The API key from `Authorization: Bearer` or `x-api-key`, verified; throws 401 otherwise, and 403 when its scope is
 * short of `need`: read < write < admin (an admin key may also write; model connections and judges need admin, since
 * a connection can send the project's reasoning elsewhere).
 */
export async function authenticate(req: DoorRequest, need: "read" | "write" | "admin" = "read"): Promise<ApiPrincipal> {
  const auth = req.header("authorization");
  const key = auth?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? req.header("x-api-key")?.trim();
  if (!key) throw new UnauthorizedError("No API key was sent.");
  const principal = await verifyApiKey(getDb(), key);
  if (!principal) throw new UnauthorizedError("The API key is not valid (unknown or revoked).");
  if (need === "admin" && principal.scope !== "admin") {
    throw new DomainError(
      "forbidden",
      403,
      `This route needs an API key with admin scope; this key's scope is ${principal.scope}.`,
      "authorization",
      "Create an admin key in Settings → API keys, or with `npm run keys -- create --name NAME --scope admin`.",
    );
  }
  if (need === "write" && principal.scope === "read") {
    throw new DomainError(
      "forbidden",
      403,
      "This API key may only read.",
      "authorization",
      "Use a key with write scope.",
    );
  }
  return principal;
}

/** Reads and parses a JSON body, refusing more than `limitBytes` without reading further. */
export async function readJson(req: DoorRequest, limitBytes: number): Promise<unknown> {
  return (await readJsonText(req, limitBytes)).value;
}

/** The body parsed, and its text as it arrived (for a door that logs the request as sent). */
export async function readJsonText(req: DoorRequest, limitBytes: number): Promise<{ value: unknown; text: string }> {
  const text = (await req.readBody(limitBytes)).toString("utf8");
  if (text.trim() === "") {
    throw new ValidationError({
      field: "body",
      message: "The request body is empty.",
      suggestion: "Send a JSON object with Content-Type: application/json.",
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    throw new ValidationError({
      field: "body",
      message: `The body is not valid JSON (${(error as Error).message}).`,
      suggestion: "Send a JSON object with Content-Type: application/json.",
    });
  }
  if (depthExceeds(parsed, MAX_BODY_DEPTH)) {
    throw new ValidationError({
      field: "body",
      message: `The body is nested more than ${MAX_BODY_DEPTH} levels deep.`,
      suggestion: "Flatten it; no request of this API needs that depth.",
    });
  }
  const illFormed = findIllFormedTextInJson(text, parsed);
  if (illFormed) throw new ValidationError(illFormed);
  return { value: parsed, text };
}

/** Request bodies may nest deeper than one thought's arguments (an ingest batch wraps them), but not without end. */
const MAX_BODY_DEPTH = 128;

/** An optional header value, validated for length so it can be stored as a key. */
export function idempotencyKeyOf(req: DoorRequest): string | null {
  const key = req.header("idempotency-key");
  if (key === null) return null;
  const trimmed = key.trim();
  if (trimmed.length === 0 || trimmed.length > 200) {
    throw new ValidationError({
      field: "Idempotency-Key",
      message: "The Idempotency-Key header must be 1 to 200 characters.",
      suggestion: "Send a unique id per logical request, e.g. a UUID.",
    });
  }
  return trimmed;
}

/** The query string of a door request as a plain object (last value wins). */
export function queryOf(req: DoorRequest): Record<string, string> {
  const q = req.url.indexOf("?");
  return q === -1 ? {} : Object.fromEntries(new URLSearchParams(req.url.slice(q + 1)));
}

/** The query string parsed by a route's query schema; a 400 names the first bad parameter. */
export function parseQuery<T extends z.ZodType>(schema: T, req: DoorRequest): z.infer<T> {
  const parsed = schema.safeParse(queryOf(req));
  if (!parsed.success) throw new ValidationError(firstProblem(parsed.error));
  return parsed.data;
}
