// When a failed judge call is tried again: rate limits (429), server errors (5xx), timeouts and dropped connections
// are retried with exponential backoff, or after the provider's Retry-After when it sends one; anything else (a
// refused key, a bad request, an answer the config cannot take) fails the job at once, since the same request would
// fail the same way. Pure; the job runner (server/services/judges/jobs.ts) applies it.

/** Calls per job, the first included: 1 + 5 retries covers a minute of 429s at the default backoff. */
export const MAX_ATTEMPTS = 6;
/** The first retry's wait; each further retry doubles it, up to BACKOFF_CAP_MS. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;
/** A Retry-After longer than this is cut to it: a job should not sleep for hours because a header said so. */
export const RETRY_AFTER_CAP_MS = 10 * 60_000;

export type FailureKind =
  /** HTTP 429 */
  | "rate_limited"
  /** HTTP 5xx */
  | "server_error"
  /** no answer within the connection's time limit */
  | "timeout"
  /** connection refused, reset, DNS failure */
  | "network"
  /** any other HTTP status: 400, 401, 403, 404, … */
  | "refused"
  /** the answer was not JSON, or not what the config takes */
  | "bad_answer"
  /** refused before sending: a private address, a redirect, a prompt over the limit */
  | "blocked";

export const RETRYABLE: ReadonlySet<FailureKind> = new Set(["rate_limited", "server_error", "timeout", "network"]);

export function kindOfStatus(status: number): FailureKind {
  if (status === 429) return "rate_limited";
  if (status >= 500) return "server_error";
  return "refused";
}

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.min(Number(text) * 1000, RETRY_AFTER_CAP_MS);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, at - now), RETRY_AFTER_CAP_MS);
}

/** The wait before attempt `attempt + 1` after `attempt` calls failed: 1 s, 2 s, 4 s, … up to the cap. */
export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_CAP_MS);
}

/**
 * What to do after a failed call: retry after `delayMs`, or give up. `attempts` counts calls made, this one
 * included. A Retry-After wins over the backoff (the provider knows when it will take calls again).
 */
export function nextStep(
  kind: FailureKind,
  attempts: number,
  retryAfterMs: number | null,
): { retry: true; delayMs: number } | { retry: false } {
  if (!RETRYABLE.has(kind) || attempts >= MAX_ATTEMPTS) return { retry: false };
  return { retry: true, delayMs: retryAfterMs ?? backoffMs(attempts) };
}
