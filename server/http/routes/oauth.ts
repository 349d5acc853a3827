// The OAuth doors of the authorization server (server/oauth/README.md): discovery documents, /oauth/authorize, the
// consent form's POST /oauth/decision, and the JSON endpoints /api/oauth/token, /register and /revoke. Each parses,
// calls one service and answers in OAuth's own shapes: an error redirect to a verified redirect URI, or
// `{error, error_description}` JSON naming the parameter (never a 500 for bad input). The JSON doors answer any
// origin (server/http/cors.ts): browser-based MCP clients run this flow from their own page.
import { ZConsentDecision } from "@/lib/contracts/oauth";
import { firstProblem } from "@/lib/contracts/errors";
import { resolveActor } from "@/server/auth/actor";
import { assertSameSite } from "@/server/auth/csrf";
import { currentOAuthSettings } from "@/server/config";
import { getDb } from "@/server/db/client";
import { DomainError, ValidationError } from "@/server/errors";
import type { DoorHandler, DoorRequest, DoorResponse } from "@/server/http/door";
import { anyOrigin } from "@/server/http/cors";
import { errorResponse, handle, json, readJson } from "@/server/http/respond";
import {
  AuthorizationErrorRedirect,
  checkAuthorizationRequest,
  redirectWith,
  UnsafeAuthorizationRequest,
} from "@/server/oauth/authorization-request";
import { clientAddress, limitKeyOf } from "@/server/http/client-address";
import { registerClient } from "@/server/oauth/clients";
import { approveRequest, exchangeCode, refreshTokens, revokeToken } from "@/server/oauth/grants";
import { authorizationServerMetadata, mcpPathFromWellKnown, protectedResourceMetadata } from "@/server/oauth/metadata";
import { OAuthProtocolError } from "@/server/oauth/oauth-error";
import { publicOrigin } from "@/server/oauth/resources";

const FORM_LIMIT = 16 * 1024;
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };
const DISCOVERY = { "cache-control": "public, max-age=300" };

const headersOf = (req: DoorRequest) => ({ get: (name: string) => req.header(name) });
const issuerOf = (req: DoorRequest) => publicOrigin(headersOf(req));
const queryOf = (req: DoorRequest) =>
  new URLSearchParams(req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "");
const redirect = (location: string, status = 302): DoorResponse => ({
  status,
  headers: { location, ...NO_STORE },
  body: "",
});

function oauthOff(req: DoorRequest): DoorResponse | null {
  if (currentOAuthSettings().enabled) return null;
  return errorResponse(
    {
      code: "not_found",
      message: `No OAuth here (${req.url.split("?")[0]}): OAuth is turned off on this server (THOUGHTGRAPH_OAUTH=0), so the MCP endpoint takes a static API key. A valid API key is required.`,
      suggestion:
        'Send the key as a header, e.g. mcp-remote http://localhost:3000/api/mcp --header "Authorization: Bearer <key>"; ' +
        "create one with `npm run keys -- create --name NAME`.",
    },
    404,
    { "cache-control": "no-store" },
  );
}

/** OAuth's JSON error answer, or the one error shape for a domain error. */
async function oauthJson(fn: () => Promise<DoorResponse>): Promise<DoorResponse> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof OAuthProtocolError) {
      const headers: Record<string, string> = { ...NO_STORE };
      if (error.retryAfterSeconds) headers["retry-after"] = String(error.retryAfterSeconds);
      return json(error.toBody(), error.status, headers);
    }
    return handle(async () => {
      throw error;
    });
  }
}

async function readForm(req: DoorRequest): Promise<URLSearchParams> {
  const type = req.header("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
    throw new OAuthProtocolError(
      "invalid_request",
      `Content-Type must be application/x-www-form-urlencoded (got ${JSON.stringify(type || null)}).`,
    );
  }
  return new URLSearchParams((await req.readBody(FORM_LIMIT)).toString("utf8"));
}

// ---- Discovery ----

const wellKnownSuffix = (req: DoorRequest, prefix: string) => req.url.split("?")[0]!.slice(prefix.length);

/** At /.well-known/oauth-authorization-server and /.well-known/openid-configuration; the issuer has no path, so a
 *  path-inserted form (…/oauth-authorization-server/api/mcp) is a JSON 404. */
export const getAuthorizationServerMetadata: DoorHandler = anyOrigin(async (req) => {
  const off = oauthOff(req);
  if (off) return off;
  const prefix = req.url.startsWith("/.well-known/openid-configuration")
    ? "/.well-known/openid-configuration"
    : "/.well-known/oauth-authorization-server";
  const suffix = wellKnownSuffix(req, prefix);
  if (suffix !== "" && suffix !== "/") {
    return errorResponse(
      {
        code: "not_found",
        message: `No authorization server at ${suffix}: this server's issuer is its origin.`,
        suggestion: `Read ${prefix} at the root.`,
      },
      404,
    );
  }
  return json(authorizationServerMetadata(issuerOf(req), currentOAuthSettings()), 200, DISCOVERY);
});

export const getProtectedResourceMetadata: DoorHandler = anyOrigin(async (req) => {
  const off = oauthOff(req);
  if (off) return off;
  const suffix = wellKnownSuffix(req, "/.well-known/oauth-protected-resource");
  const path = mcpPathFromWellKnown(suffix);
  if (path === undefined) {
    return errorResponse(
      {
        code: "not_found",
        message: `No protected resource at ${suffix}.`,
        suggestion: "The MCP endpoints are /api/mcp and /api/mcp/thoughtmcp.",
      },
      404,
    );
  }
  return json(protectedResourceMetadata(issuerOf(req), path, currentOAuthSettings()), 200, DISCOVERY);
});

// ---- The authorization endpoint and the consent form ----

/** GET /oauth/authorize: a request that can be answered at once (an error for the client) is; the rest go to consent. */
export const getAuthorize: DoorHandler = async (req) => {
  const off = oauthOff(req);
  if (off) return off;
  const query = queryOf(req);
  try {
    await checkAuthorizationRequest(getDb(), query, issuerOf(req), currentOAuthSettings());
  } catch (error) {
    if (error instanceof AuthorizationErrorRedirect) return redirect(error.location);
    // Shown to the person by the consent page, which checks the request again.
    if (!(error instanceof UnsafeAuthorizationRequest)) throw error;
  }
  return redirect(`/oauth/consent?${query.toString()}`);
};

/** POST /oauth/decision: the consent form. Same-site only (CSRF), by a signed-in person, for a request that checks. */
export const postDecision: DoorHandler = (req) =>
  handle(async () => {
    const off = oauthOff(req);
    if (off) return off;
    assertSameSite(req.method, req);
    const form = await readForm(req).catch((error: unknown) => {
      if (error instanceof OAuthProtocolError) {
        throw new ValidationError({
          field: "Content-Type",
          message: error.description,
          suggestion: "Submit the form.",
        });
      }
      throw error;
    });
    const actor = await resolveActor(getDb(), req.header("cookie"));
    if (!actor || actor.kind !== "user") {
      throw new DomainError(
        "unauthorized",
        401,
        "Sign in to approve or deny a connector.",
        "cookie",
        "Open the authorization link again; it asks you to sign in first.",
      );
    }
    const decision = ZConsentDecision.safeParse(Object.fromEntries(form));
    if (!decision.success) throw new ValidationError(firstProblem(decision.error));
    const issuer = issuerOf(req);
    let request;
    try {
      request = await checkAuthorizationRequest(getDb(), form, issuer, currentOAuthSettings());
    } catch (error) {
      if (error instanceof AuthorizationErrorRedirect) return redirect(error.location, 303);
      if (error instanceof UnsafeAuthorizationRequest) {
        throw new ValidationError({ field: "client_id", message: error.description });
      }
      throw error;
    }
    const { decision: choice, project_id: projectId, grant_scope: scope } = decision.data;
    if (choice === "deny") {
      return redirect(
        redirectWith(request.redirectUri, issuer, {
          error: "access_denied",
          error_description: "The person denied the request.",
          state: request.state,
        }),
        303,
      );
    }
    if (!projectId || !scope) {
      throw new ValidationError({
        field: projectId ? "grant_scope" : "project_id",
        message: "Choose a project and the access to give.",
      });
    }
    const code = await approveRequest(getDb(), actor.user.id, request, projectId, scope);
    return redirect(redirectWith(request.redirectUri, issuer, { code, state: request.state }), 303);
  }, req.method);

// ---- Token, registration, revocation ----

export const postToken: DoorHandler = anyOrigin((req) =>
  oauthJson(async () => {
    const off = oauthOff(req);
    if (off) return off;
    const form = await readForm(req);
    const settings = currentOAuthSettings();
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") return json(await exchangeCode(getDb(), form, settings), 200, NO_STORE);
    if (grantType === "refresh_token") return json(await refreshTokens(getDb(), form, settings), 200, NO_STORE);
    throw new OAuthProtocolError(
      grantType ? "unsupported_grant_type" : "invalid_request",
      `grant_type must be authorization_code or refresh_token; got ${JSON.stringify(grantType)}.`,
    );
  }),
);

export const postRegister: DoorHandler = anyOrigin((req) =>
  oauthJson(async () => {
    const off = oauthOff(req);
    if (off) return off;
    const body = await readJson(req, FORM_LIMIT).catch((error: unknown) => {
      // RFC 7591 §3.2.2: a body that is not JSON is invalid client metadata, in OAuth's error shape.
      if (error instanceof ValidationError) throw new OAuthProtocolError("invalid_client_metadata", error.message);
      throw error;
    });
    const settings = currentOAuthSettings();
    const from = limitKeyOf(clientAddress((name) => req.header(name), settings.trustedProxies));
    return json(await registerClient(getDb(), body, settings, from), 201, NO_STORE);
  }),
);

export const postRevoke: DoorHandler = anyOrigin((req) =>
  oauthJson(async () => {
    const off = oauthOff(req);
    if (off) return off;
    await revokeToken(getDb(), await readForm(req));
    return json({}, 200, NO_STORE);
  }),
);
