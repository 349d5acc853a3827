// What a database error means for the caller, whichever way Prisma 7, its driver adapter (adapter-pg, better-sqlite3)
// or pg itself wrapped it: a unique-key race, a conflict worth retrying (serialization failure, deadlock), or a lost
// database (refused, reset, shutting down) that the doors answer with 503 + Retry-After instead of a 500.

/** PostgreSQL SQLSTATEs that mean "the server is gone or not accepting work", not "your query was wrong". */
const UNAVAILABLE_SQLSTATE = /^(08\w{3}|57P0[123]|53300)$/;
/** Driver-adapter error kinds (@prisma/adapter-pg convertDriverError) and Prisma codes for the same. */
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const UNAVAILABLE_PRISMA = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const UNAVAILABLE_TEXT =
  /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|Connection terminated|terminating connection|database system is (starting up|shutting down|in recovery)|Can't reach database|Server has closed the connection|Connection is closed|Client has encountered a connection error|timeout exceeded when trying to connect/i;

const CONFLICT_SQLSTATE = new Set(["40001", "40P01"]);

/** Every code, kind and message found on an error, its `cause` chain and Prisma's `meta` (a few levels deep). */
function signals(error: unknown): { codes: string[]; texts: string[] } {
  const codes: string[] = [];
  const texts: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== "object" || seen.has(value) || depth > 5) return;
    seen.add(value);
    const v = value as Record<string, unknown>;
    for (const key of ["code", "kind", "originalCode"]) if (typeof v[key] === "string") codes.push(v[key]);
    for (const key of ["message", "originalMessage", "reason"]) if (typeof v[key] === "string") texts.push(v[key]);
    for (const key of ["cause", "meta", "driverAdapterError", "error"]) visit(v[key], depth + 1);
  };
  visit(error, 0);
  if (typeof error === "string") texts.push(error);
  return { codes, texts };
}

/** A unique constraint stopped the write: someone else inserted the same key first. */
export function isUniqueViolation(error: unknown): boolean {
  const { codes, texts } = signals(error);
  return (
    codes.some((c) => c === "P2002" || c === "23505" || c === "UniqueConstraintViolation") ||
    texts.some((t) => /unique constraint/i.test(t))
  );
}

/** A serialization failure or deadlock: the transaction was rolled back and may simply be run again. */
export function isRetryableConflict(error: unknown): boolean {
  const { codes, texts } = signals(error);
  return (
    codes.some((c) => CONFLICT_SQLSTATE.has(c) || c === "P2034" || c === "TransactionWriteConflict") ||
    texts.some((t) => /deadlock detected|could not serialize access/i.test(t))
  );
}

/** The database could not be reached or dropped the connection: the request may or may not have committed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { codes, texts } = signals(error);
  return (
    codes.some((c) => UNAVAILABLE_SQLSTATE.test(c) || UNAVAILABLE_KINDS.has(c) || UNAVAILABLE_PRISMA.has(c)) ||
    texts.some((t) => UNAVAILABLE_TEXT.test(t))
  );
}

// Contention retries: 5 tries, 20 ms doubling (20, 40, 80, 160 ms) with ±50 % jitter so two processes that collided
// do not collide again in lockstep. Two instances × 8 clients writing one session (test/fleet) needed at most 2.
const CONFLICT_TRIES = 5;
const CONFLICT_BASE_MS = 20;

/**
 * Runs `fn`, running it again after a backoff when it failed on a serialization failure, a deadlock, or (with
 * `alsoUnique`) a unique-key race another process won — the retry then finds that row instead of inserting it.
 */
export async function retryOnConflict<T>(
  fn: () => Promise<T>,
  options: { alsoUnique?: boolean; tries?: number } = {},
): Promise<T> {
  const tries = options.tries ?? CONFLICT_TRIES;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      const retryable = isRetryableConflict(error) || (options.alsoUnique === true && isUniqueViolation(error));
      if (!retryable || attempt >= tries) throw error;
      const delay = CONFLICT_BASE_MS * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
