// One call to a judge's model: the AI SDK's object generation (generateText with Output.object) against the schema
// built from the score config, then the answer checked against the config (lib/judges/output-schema.ts). The AI SDK's
// own retries are off (maxRetries 0): the durable job table retries, honouring Retry-After, across restarts. Every
// failure comes back classified (lib/judges/retry.ts) with the provider's words; nothing here logs.
import "@/server/server-only";
import { APICallError, generateText, jsonSchema, NoObjectGeneratedError, Output } from "ai";
import { TIMEOUT_RANGE_MS } from "@/lib/contracts/judges";
import type { ScoreRule } from "@/lib/contracts/scores";
import { judgeOutputSchema, readJudgeAnswer, type JudgeAnswer, type JsonSchema } from "@/lib/judges/output-schema";
import { kindOfStatus, parseRetryAfter, type FailureKind } from "@/lib/judges/retry";
import { OutboundRefusal } from "./outbound-fetch";
import { costOf, languageModel, type OpenConnection } from "./providers";

export interface JudgeMessages {
  system: string;
  user: string;
}

export interface CallUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  latencyMs: number;
}

export type CallOutcome =
  | ({ ok: true; answer: JudgeAnswer } & CallUsage)
  | ({
      ok: false;
      kind: FailureKind;
      /** What went wrong, as the provider said it where it said anything. */
      message: string;
      status: number | null;
      retryAfterMs: number | null;
    } & CallUsage);

/** An answer is a value, a few sentences and a number; a text config's judgement a few paragraphs. */
const MAX_OUTPUT_TOKENS = 2_048;

/** Characters of a provider's error body kept in a failure: enough for its message, not for a whole HTML page. */
const ERROR_BODY_CHARS = 500;

export async function callJudge(
  connection: OpenConnection,
  modelId: string,
  rule: ScoreRule,
  messages: JudgeMessages,
  signal?: AbortSignal,
): Promise<CallOutcome> {
  const started = performance.now();
  const schema: JsonSchema = judgeOutputSchema(rule);
  const timeout = AbortSignal.timeout(connection.timeoutMs);
  const usage = (input: number | null | undefined, output: number | null | undefined): CallUsage => ({
    inputTokens: input ?? null,
    outputTokens: output ?? null,
    costUsd: costOf(connection, input ?? null, output ?? null),
    latencyMs: Math.round(performance.now() - started),
  });
  try {
    const result = await generateText({
      model: languageModel(connection, modelId),
      system: messages.system,
      prompt: messages.user,
      output: Output.object({ schema: jsonSchema(schema), name: "judgement" }),
      temperature: 0,
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      maxRetries: 0,
      abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const spent = usage(result.usage.inputTokens, result.usage.outputTokens);
    const read = readJudgeAnswer(rule, result.output);
    if (!read.ok)
      return {
        ok: false,
        kind: "bad_answer",
        message: read.problem.message,
        status: null,
        retryAfterMs: null,
        ...spent,
      };
    return { ok: true, answer: read.value, ...spent };
  } catch (error) {
    if (NoObjectGeneratedError.isInstance(error)) {
      const spent = usage(error.usage?.inputTokens, error.usage?.outputTokens);
      const text = error.text === undefined ? "" : `: ${clip(error.text)}`;
      return {
        ok: false,
        kind: "bad_answer",
        message: `The model's answer is not the JSON object asked for${text}`,
        status: null,
        retryAfterMs: null,
        ...spent,
      };
    }
    const cancelled = signal?.aborted ?? false;
    return {
      ok: false,
      ...classify(error, connection, { timedOut: timeout.aborted, cancelled }),
      ...usage(null, null),
    };
  }
}

const clip = (text: string) => (text.length > ERROR_BODY_CHARS ? `${text.slice(0, ERROR_BODY_CHARS)}…` : text);

/** Network errors Node reports by code (the call never got an answer). */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
]);

function causes(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e = error; e !== undefined && e !== null && out.length < 8; e = (e as { cause?: unknown }).cause)
    out.push(e);
  return out;
}

/** What a call cut off by its time limit records: the limit, and where to raise it (a slow model needs more). */
export function timeoutMessage(connection: Pick<OpenConnection, "id" | "timeoutMs">): string {
  const ms = connection.timeoutMs;
  const limit = ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
  const more = Math.min(ms * 2, TIMEOUT_RANGE_MS.max);
  return (
    `The model did not answer within ${limit}, the connection's time limit (timeoutMs: ${ms}); the call was cut ` +
    `off. If the model is slow rather than stuck, raise the limit in Settings → Model connections, or with PATCH ` +
    `/api/v1/model-connections/${connection.id} {"timeoutMs": ${more}} (at most ${TIMEOUT_RANGE_MS.max}).`
  );
}

/**
 * A thrown error as a failure kind with the provider's message, its status and Retry-After. `timedOut`: the caller's
 * own time limit fired; a TimeoutError in the error's causes (the guarded fetch's limit, the same length) counts too.
 * `cancelled`: the worker cut the call off (its run was cancelled, or the server is stopping).
 */
export function classify(
  error: unknown,
  connection: Pick<OpenConnection, "id" | "timeoutMs">,
  { timedOut = false, cancelled = false }: { timedOut?: boolean; cancelled?: boolean } = {},
): { kind: FailureKind; message: string; status: number | null; retryAfterMs: number | null } {
  const chain = causes(error);
  const refusal = chain.find((e): e is OutboundRefusal => e instanceof OutboundRefusal);
  if (refusal) {
    return {
      kind: refusal.kind === "too_large" ? "bad_answer" : "blocked",
      message: refusal.message,
      status: null,
      retryAfterMs: null,
    };
  }
  const timeoutError = chain.some((e) => e instanceof Error && e.name === "TimeoutError");
  if ((timedOut || timeoutError) && !cancelled) {
    return { kind: "timeout", message: timeoutMessage(connection), status: null, retryAfterMs: null };
  }
  if (cancelled) return { kind: "blocked", message: "Cancelled.", status: null, retryAfterMs: null };
  const api = chain.find((e): e is APICallError => APICallError.isInstance(e));
  if (api?.statusCode !== undefined) {
    const status = api.statusCode;
    const body = api.responseBody ? ` ${clip(api.responseBody)}` : "";
    const retryAfterMs = parseRetryAfter(api.responseHeaders?.["retry-after"], Date.now());
    if (status >= 200 && status < 300) {
      return {
        kind: "bad_answer",
        message: `The provider's answer could not be read: ${api.message}`,
        status,
        retryAfterMs: null,
      };
    }
    return {
      kind: kindOfStatus(status),
      message: `HTTP ${status}: ${api.message}${body}`.trim(),
      status,
      retryAfterMs,
    };
  }
  const network = chain.find((e) => NETWORK_CODES.has(String((e as { code?: unknown }).code)));
  if (network || api) {
    const message = (network as Error | undefined)?.message ?? api?.message ?? "connection failed";
    return { kind: "network", message: `Could not reach the model: ${message}`, status: null, retryAfterMs: null };
  }
  if (chain.some((e) => e instanceof Error && e.name === "AbortError"))
    return {
      kind: "timeout",
      message: "The call was cut off before the model answered.",
      status: null,
      retryAfterMs: null,
    };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: "refused", message: `The call failed: ${clip(message)}`, status: null, retryAfterMs: null };
}
