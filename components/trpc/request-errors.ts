// Which failed requests deserve a toast with a retry, and which may be retried automatically. A request that failed
// for a transient reason (the server unreachable, a 5xx, a timeout) is worth trying again; a 4xx is an answer (not
// found, forbidden, invalid input) that the page shows where it happened, and retrying it only delays that answer
// (a missing session took 2.5 s over four retries before this).
import { TRPCClientError } from "@trpc/client";

export function httpStatusOf(error: unknown): number | null {
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<never>).data as { httpStatus?: unknown } | undefined;
    return typeof data?.httpStatus === "number" ? data.httpStatus : null;
  }
  return null;
}

/** No status at all means the request never got an answer (network down, server gone). */
export function isTransient(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === null || status >= 500 || status === 408 || status === 429;
}

/** Query retries: at most 2, and only for transient failures. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && isTransient(error);
}
