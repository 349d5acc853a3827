// Server-only: the memory tools' domain errors. Doors map DomainErrors in one place (the ThoughtMCP envelope, REST).
import { memoryNotFound } from "@/lib/thoughtmcp/envelope";
import { DomainError } from "@/server/errors";

/** A memory id that is not the caller's (another project's or another userId's answers the same: never "forbidden",
 *  so ids of other tenants cannot be probed). */
export class MemoryNotFoundError extends DomainError {
  constructor(memoryId: string) {
    const p = memoryNotFound(memoryId);
    super("not_found", 404, p.message, p.field, p.suggestion);
  }
}
