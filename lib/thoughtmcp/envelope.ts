// ThoughtMCP's response envelope (seed 003, "Response Format"), shared by every ThoughtMCP tool: memory tools and the
// reasoning and metacognition engines alike. Every answer carries it, errors included:
//
//   { success, data?, error?, suggestion?, metadata: { timestamp, processingTime, componentsUsed, confidence? } }
//
// The seed marks `metadata` optional; we always send it, on every answer, errors included. Two optional
// fields are thoughtgraph's own and additive, so an agent written for ThoughtMCP ignores them: `code` (one of our
// ERROR_CODES, so a REST door can pick the HTTP status without parsing the message) and `field` (the dotted path of
// the bad input field). Client-safe: no server imports, no clock reads except through the injectable `clock`.
import { z } from "zod";

import { ERROR_CODES, type ErrorCode, type FieldProblem } from "../contracts/errors";

export const ZEnvelopeMetadata = z.object({
  /** ISO 8601, when the answer was built. */
  timestamp: z.string(),
  /** Whole milliseconds from the start of the call to the answer. */
  processingTime: z.number().int().nonnegative(),
  /** The components that took part, e.g. ["memoryRepository", "lexicalSimilarity"]. */
  componentsUsed: z.array(z.string()),
  /** Confidence level 0–1, for the tools that have one. */
  confidence: z.number().min(0).max(1).optional(),
});
export type EnvelopeMetadata = z.infer<typeof ZEnvelopeMetadata>;

/** The envelope around a tool's `data` schema. Success answers have `data`; failures have `error` (and usually a
 *  `suggestion`); both have `metadata`. */
export function zEnvelope<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion("success", [
    z.object({ success: z.literal(true), data, metadata: ZEnvelopeMetadata }),
    z.object({
      success: z.literal(false),
      error: z.string(),
      suggestion: z.string().optional(),
      code: z.enum(ERROR_CODES).optional(),
      field: z.string().optional(),
      metadata: ZEnvelopeMetadata,
    }),
  ]);
}

/** Any envelope, data unchecked: for doors that only look at `success`/`code`. */
export const ZAnyEnvelope = zEnvelope(z.unknown());

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  metadata: EnvelopeMetadata;
}
export interface FailureEnvelope {
  success: false;
  error: string;
  suggestion?: string;
  code?: ErrorCode;
  field?: string;
  metadata: EnvelopeMetadata;
}
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

/** What went wrong, before it is wrapped: the seed's `error`/`suggestion` plus our code and field. */
export interface EnvelopeProblem {
  message: string;
  suggestion?: string;
  code?: ErrorCode;
  field?: string;
}

/** Milliseconds since some fixed point; `Date.now` by default, a fixed function in tests. */
export type Clock = () => number;

/**
 * Starts timing one tool call. `componentsUsed` may be extended while the call runs (`use("lexicalSimilarity")`), so
 * the answer names what actually ran, not what might have.
 */
export function startEnvelope(componentsUsed: readonly string[] = [], clock: Clock = Date.now) {
  const startedAt = clock();
  const components = [...componentsUsed];

  const metadata = (confidence?: number): EnvelopeMetadata => {
    const now = clock();
    return {
      timestamp: new Date(now).toISOString(),
      processingTime: Math.max(0, Math.round(now - startedAt)),
      componentsUsed: [...components],
      ...(confidence === undefined ? {} : { confidence }),
    };
  };

  return {
    /** Adds components (once each, in first-use order). */
    use(...names: string[]): void {
      for (const name of names) if (!components.includes(name)) components.push(name);
    },
    success<T>(data: T, options: { confidence?: number } = {}): SuccessEnvelope<T> {
      return { success: true, data, metadata: metadata(options.confidence) };
    },
    failure(problem: EnvelopeProblem): FailureEnvelope {
      return {
        success: false,
        error: problem.message,
        ...(problem.suggestion === undefined ? {} : { suggestion: problem.suggestion }),
        ...(problem.code === undefined ? {} : { code: problem.code }),
        ...(problem.field === undefined ? {} : { field: problem.field }),
        metadata: metadata(),
      };
    },
  };
}
export type EnvelopeBuilder = ReturnType<typeof startEnvelope>;

/** A contract's field problem as an envelope problem (code validation_error). */
export function problemFromField(problem: FieldProblem): EnvelopeProblem {
  return {
    message: problem.message,
    suggestion: problem.suggestion,
    code: "validation_error",
    field: problem.field,
  };
}

// The seed's "Error Codes" table: the messages an agent prompted for ThoughtMCP may have been told about. Our errors
// start with these phrases where one applies, and add the field and the fix.
export const THOUGHTMCP_ERRORS = {
  toolNotFound: "Tool not found",
  missingParameter: "Missing required parameter",
  memoryNotFound: "Memory not found",
  emptyContent: "Content cannot be empty",
  invalidSector: "Invalid sector",
  timeout: "Timeout exceeded",
} as const;

/** The answer for a memory id that does not exist in the caller's project and user (also another project's id:
 *  isolation answers "not found", never "forbidden", so ids from other tenants cannot be probed). */
export function memoryNotFound(memoryId: string): EnvelopeProblem {
  return {
    message: `${THOUGHTMCP_ERRORS.memoryNotFound}: ${memoryId}`,
    suggestion: "Verify memoryId exists and belongs to userId (recall or search lists the memories you can reach).",
    code: "not_found",
    field: "memoryId",
  };
}
