// Domain errors are classes; each door maps them to its own protocol in one place (server/http/respond.ts for REST).
import "@/server/server-only";
import type { ApiErrorBody, ErrorCode, FieldProblem } from "@/lib/contracts/errors";
import { isDatabaseUnavailable } from "@/server/db/db-errors";

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly suggestion?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  toBody(): ApiErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.field !== undefined ? { field: this.field } : {}),
      ...(this.suggestion !== undefined ? { suggestion: this.suggestion } : {}),
    };
  }
}

export class ValidationError extends DomainError {
  constructor(problem: FieldProblem) {
    super("validation_error", 400, problem.message, problem.field, problem.suggestion);
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string, field?: string) {
    super("not_found", 404, `${what} was not found.`, field, "Check the id; ids are scoped to your project.");
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = "A valid API key is required.") {
    super(
      "unauthorized",
      401,
      message,
      "authorization",
      "Send `Authorization: Bearer <key>` or `x-api-key: <key>`; create a key with `npm run keys -- create --name NAME`.",
    );
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string, suggestion?: string) {
    super("forbidden", 403, message, undefined, suggestion);
  }
}

export class LimitError extends DomainError {
  constructor(message: string, field: string, suggestion: string, status = 422) {
    super("limit_exceeded", status, message, field, suggestion);
  }
}

export class TooLargeError extends DomainError {
  constructor(limitBytes: number) {
    super(
      "request_too_large",
      413,
      `The request body is larger than ${limitBytes} bytes.`,
      "body",
      "Split it into smaller requests (at most 1,000 events per ingest call).",
    );
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, field?: string, suggestion?: string) {
    super("conflict", 409, message, field, suggestion);
  }
}

/** Seconds a client should wait before retrying after losing the database (a PostgreSQL restart takes 1-6 s here). */
export const DATABASE_RETRY_AFTER_S = 2;

/**
 * The database could not be reached or dropped the connection mid-request. A write may have committed (a connection
 * lost during COMMIT leaves that unknown), so this never says "nothing was written": it tells the client to retry with
 * the same idempotency key, which returns the first result if there was one. A read (`reading`) wrote nothing and is
 * simply retried.
 */
export class DatabaseUnavailableError extends DomainError {
  constructor(reading = false) {
    super(
      "database_unavailable",
      503,
      reading
        ? "The database is unavailable right now, so nothing could be read."
        : "The database is unavailable right now; this request may or may not have been written.",
      undefined,
      reading
        ? `Retry after ${DATABASE_RETRY_AFTER_S} s.`
        : `Retry after ${DATABASE_RETRY_AFTER_S} s with the same Idempotency-Key header (for ingest, the same event ids): ` +
            "a retried write is never applied twice.",
    );
  }
}

/** The error as a domain error when it is one or means a lost database (`reading`: for a read); null for a real bug. */
export function asDomainError(error: unknown, reading = false): DomainError | null {
  if (error instanceof DomainError) return error;
  return isDatabaseUnavailable(error) ? new DatabaseUnavailableError(reading) : null;
}
