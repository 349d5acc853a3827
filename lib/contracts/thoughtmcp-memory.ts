// Contracts of ThoughtMCP's memory tools (seed 003, "Memory Tools"): remember, recall, update_memory, forget, search,
// with the seed's field names, enums, defaults and bounds. Shared by the /api/mcp/thoughtmcp endpoint, the stdio
// toolset, REST and the AI SDK tools. A bad field answers in the ThoughtMCP envelope (lib/thoughtmcp/envelope.ts):
// `error` names the field and starts with the seed's phrase where it has one ("Missing required parameter",
// "Content cannot be empty", "Invalid sector"), `suggestion` says how to fix it.
//
// Choices the seed leaves open, made here once:
// - Unknown fields are dropped, not refused: an agent prompted for ThoughtMCP may send fields of a newer version.
// - `userId` is an isolation key inside the caller's project; it never selects a project.
// - `limit` and `offset` must be whole numbers; "10" is read as 10, as elsewhere in our contracts.
// - `update_memory` with nothing to change is refused: it would otherwise answer success for a no-op.
// - `search.text` is parsed here (lib/search/query.ts), so a query that cannot run is a field error on `text`.
import { z } from "zod";

import { DEFAULT_LIMITS } from "../limits";
import { parseQuery } from "../search/query";
import { coerceBoolean, coerceInteger, coerceNumber } from "./coerce";
import { parseArguments, type ParseResult } from "./parse";

import { MEMORY_SECTORS } from "./zod-free";
export { MEMORY_SECTORS, type MemorySector } from "./zod-free";

export const MEMORY_TOOL_NAMES = ["remember", "recall", "update_memory", "forget", "search"] as const;
export type MemoryToolName = (typeof MEMORY_TOOL_NAMES)[number];

/** Seed: limit 1–100, default 10. */
export const MEMORY_LIMIT = { min: 1, max: 100, default: 10 } as const;
/** Seed: importance 0–1, default 0.5. */
export const DEFAULT_IMPORTANCE = 0.5;
/** Identifiers (userId, sessionId, memoryId): longer ones are not ids. */
export const MAX_ID_CHARS = 200;
/** Keywords or tags per memory, and characters in each; metadata is for classification, not storage. */
export const MAX_LABELS = 50;
export const MAX_LABEL_CHARS = 200;
/** Characters in category and context. */
export const MAX_CATEGORY_CHARS = 200;
export const MAX_CONTEXT_CHARS = 10_000;

const MISSING = "Missing required parameter";
const SECTOR_LIST = MEMORY_SECTORS.join(", ");

const absentIfNull = (v: unknown) => (v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(absentIfNull, schema.optional());

/** A required identifier. Messages are "message | suggestion" (lib/contracts/errors.ts splits them). */
const id = (field: string, hint: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${MISSING} | Send ${field}: ${hint}.`
          : `must be a string | Send ${field}: ${hint}.`,
    })
    .trim()
    .min(1, { error: `must not be empty | Send ${field}: ${hint}.` })
    .max(MAX_ID_CHARS, { error: `must be at most ${MAX_ID_CHARS} characters | Send ${field}: ${hint}.` });

const userId = id("userId", 'the user the memories belong to, e.g. "user-123"');
const memoryId = id("memoryId", "the id remember returned (recall or search lists them)");

const contentHint = `Provide non-empty content, at most ${DEFAULT_LIMITS.maxThoughtChars} characters.`;
const content = z
  .string({
    error: (issue) => (issue.input === undefined ? `${MISSING} | ${contentHint}` : `must be a string | ${contentHint}`),
  })
  .refine((c) => c.trim().length > 0, { error: `Content cannot be empty | ${contentHint}` })
  .refine((c) => c.length <= DEFAULT_LIMITS.maxThoughtChars, {
    error: `must be at most ${DEFAULT_LIMITS.maxThoughtChars} characters | ${contentHint}`,
  });

const sector = z.enum(MEMORY_SECTORS, {
  error: (issue) =>
    issue.input === undefined
      ? `${MISSING} | Send primarySector, one of: ${SECTOR_LIST}.`
      : `Invalid sector ${JSON.stringify(issue.input)} | Use one of: ${SECTOR_LIST}.`,
});

/** A number from 0 to 1 (strength, salience, importance, minimums). */
const unit = (field: string) =>
  z.preprocess(
    coerceNumber,
    z
      .number({ error: `must be a number from 0 to 1 | e.g. ${field}: 0.5` })
      .min(0, { error: `must be from 0 to 1 | e.g. ${field}: 0.5` })
      .max(1, { error: `must be from 0 to 1 | e.g. ${field}: 0.5` }),
  );

const label = (field: string) =>
  z
    .string({ error: `must be a string | Send ${field} as a list of short strings.` })
    .trim()
    .min(1, { error: `must not be empty | Remove empty entries from ${field}.` })
    .max(MAX_LABEL_CHARS, { error: `must be at most ${MAX_LABEL_CHARS} characters | Shorten it.` });
const labels = (field: string) =>
  z
    .array(label(field), { error: `must be a list of strings | e.g. ${field}: ["settings"]` })
    .max(MAX_LABELS, { error: `must have at most ${MAX_LABELS} entries | Keep the ${MAX_LABELS} that matter most.` });
const boundedText = (field: string, max: number) =>
  z
    .string({ error: `must be a string | Send ${field} as text.` })
    .max(max, { error: `must be at most ${max} characters | Shorten ${field}.` });
const object = <T extends z.ZodRawShape>(field: string, shape: T) =>
  z.object(shape, { error: `must be an object | Send ${field} as a JSON object, or leave it out.` });

/** remember's and update_memory's metadata. */
const memoryMetadataShape = {
  keywords: opt(labels("keywords")),
  tags: opt(labels("tags")),
  category: opt(boundedText("category", MAX_CATEGORY_CHARS)),
  context: opt(boundedText("context", MAX_CONTEXT_CHARS)),
  importance: opt(unit("importance")),
};

/** recall's and search's metadata filter: a memory matches when it has every keyword and tag given, and the
 *  category when given. */
const ZMetadataFilter = object("metadata", {
  keywords: opt(labels("keywords")),
  tags: opt(labels("tags")),
  category: opt(boundedText("category", MAX_CATEGORY_CHARS)),
});

const dateTime = (field: string) =>
  z.iso.datetime({
    offset: true,
    error: `must be an ISO 8601 date-time | e.g. ${field}: "2025-12-07T10:30:00Z"`,
  });

const ZDateRange = object("dateRange", {
  start: opt(dateTime("start")),
  end: opt(dateTime("end")),
}).refine((r) => !r.start || !r.end || Date.parse(r.start) <= Date.parse(r.end), {
  error: "start must not be after end | Swap start and end.",
  path: ["start"],
});

const sectors = z
  .array(sector, { error: `must be a list of sectors | e.g. sectors: ["semantic", "episodic"]` })
  .min(1, { error: "must list at least one sector | Leave sectors out to search all sectors." })
  .refine((list) => new Set(list).size === list.length, { error: "must list each sector once | Remove the repeats." });

const limit = z.preprocess(
  coerceInteger,
  z
    .number({ error: `must be a whole number from 1 to 100 | e.g. limit: ${MEMORY_LIMIT.default}` })
    .int({ error: `must be a whole number from 1 to 100 | e.g. limit: ${MEMORY_LIMIT.default}` })
    .min(MEMORY_LIMIT.min, { error: "must be at least 1 | Send 1–100, or leave it out for 10." })
    .max(MEMORY_LIMIT.max, { error: "must be at most 100 | Page with offset for more results." }),
);
const offset = z.preprocess(
  coerceInteger,
  z
    .number({ error: "must be a whole number ≥ 0 | e.g. offset: 10 for the second page of 10." })
    .int({ error: "must be a whole number ≥ 0 | e.g. offset: 10 for the second page of 10." })
    .min(0, { error: "must be ≥ 0 | Send 0 for the first page." })
    .max(1_000_000, { error: "must be at most 1000000 | Narrow the filters instead." }),
);

/** The filters recall and search share. */
const retrievalShape = {
  userId,
  sectors: opt(sectors),
  primarySector: opt(sector),
  minStrength: opt(unit("minStrength")),
  minSalience: opt(unit("minSalience")),
  dateRange: opt(ZDateRange),
  metadata: opt(ZMetadataFilter),
  limit: z.preprocess(absentIfNull, limit.optional()).transform((v) => v ?? MEMORY_LIMIT.default),
  offset: z.preprocess(absentIfNull, offset.optional()).transform((v) => v ?? 0),
};

// ---- remember ----

export const ZRememberInput = z.object({
  content,
  userId,
  sessionId: id("sessionId", "the conversation or task this memory comes from"),
  primarySector: sector,
  metadata: z
    .preprocess(absentIfNull, object("metadata", memoryMetadataShape).optional())
    .transform((m) => ({ ...m, importance: m?.importance ?? DEFAULT_IMPORTANCE })),
});
export type RememberInput = z.infer<typeof ZRememberInput>;

// ---- recall ----

const MAX_RECALL_TEXT = 10_000;
export const ZRecallInput = z.object({
  ...retrievalShape,
  text: opt(boundedText("text", MAX_RECALL_TEXT)),
});
export type RecallInput = z.infer<typeof ZRecallInput>;

// ---- update_memory ----

export const ZUpdateMemoryInput = z
  .object({
    memoryId,
    userId,
    content: opt(content),
    strength: opt(unit("strength")),
    salience: opt(unit("salience")),
    metadata: opt(object("metadata", memoryMetadataShape)),
  })
  .refine(
    (u) => u.content !== undefined || u.strength !== undefined || u.salience !== undefined || u.metadata !== undefined,
    { error: "Nothing to update | Send at least one of content, strength, salience or metadata." },
  );
export type UpdateMemoryInput = z.infer<typeof ZUpdateMemoryInput>;

// ---- forget ----

export const ZForgetInput = z.object({
  memoryId,
  userId,
  /** Seed default: false (hard delete). */
  soft: z
    .preprocess(
      (v) => coerceBoolean(absentIfNull(v)),
      z
        .boolean({ error: "must be true or false | true keeps the memory with strength 0; false removes it." })
        .optional(),
    )
    .transform((v) => v ?? false),
});
export type ForgetInput = z.infer<typeof ZForgetInput>;

// ---- search ----

export const ZSearchInput = z.object({
  ...retrievalShape,
  text: opt(
    z.string({ error: 'must be a string | e.g. text: "dark mode AND preference"' }).superRefine((text, ctx) => {
      const parsed = parseQuery(text);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: `${parsed.message} | ${parsed.suggestion}` });
    }),
  ),
});
export type SearchInput = z.infer<typeof ZSearchInput>;

// ---- answers (the `data` of the envelope) ----
// The seed's success shapes, field for field, plus what thoughtgraph adds and says: `similarity` tells which
// similarity ranked the answer ("lexical" unless an embedding provider is configured), and search's hits carry,
// beside the seed's `highlight` (HTML: the text escaped, the matches in <b>), the same window as plain text with the
// matches' ranges, for clients that draw marks themselves.

/** Which similarity scored an answer. */
export const SIMILARITY_KINDS = ["lexical", "embedding"] as const;
const ZSimilarityKind = z.enum(SIMILARITY_KINDS);

const ZMemoryMetadata = z.object({
  keywords: z.array(z.string()).optional(),
  tags: z.array(z.string()).optional(),
  category: z.string().optional(),
  context: z.string().optional(),
  importance: z.number().min(0).max(1).optional(),
});

export const ZRememberResult = z.object({
  memoryId: z.string(),
  /** Vectors computed: 0 with lexical similarity (nothing is embedded), 1 with an embedding provider. The seed's 5
   *  counts ThoughtMCP's five sector embeddings, which need a model we cannot ship. */
  embeddingsGenerated: z.number().int().nonnegative(),
  /** Waypoint targets linked (each link is stored in both directions). */
  linksCreated: z.number().int().min(0).max(3),
  salience: z.number().min(0).max(1),
  strength: z.number().min(0).max(1),
  similarity: ZSimilarityKind,
});
export type RememberResult = z.infer<typeof ZRememberResult>;

export const ZMemoryView = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  lastAccessed: z.string().optional(),
  strength: z.number().min(0).max(1),
  salience: z.number().min(0).max(1),
  primarySector: z.enum(MEMORY_SECTORS).optional(),
  metadata: ZMemoryMetadata.optional(),
});
export type MemoryView = z.infer<typeof ZMemoryView>;

export const ZRecallResult = z.object({
  memories: z.array(ZMemoryView.extend({ score: z.number().min(0).max(1) })),
  /** Memories matching the filters, before limit/offset. */
  totalCount: z.number().int().nonnegative(),
  scores: z.record(z.string(), z.number()),
  similarity: ZSimilarityKind.optional(),
});
export type RecallResult = z.infer<typeof ZRecallResult>;

export const ZUpdateMemoryResult = z.object({
  memoryId: z.string(),
  embeddingsRegenerated: z.boolean(),
  connectionsUpdated: z.number().int().nonnegative(),
  strength: z.number().min(0).max(1),
  salience: z.number().min(0).max(1),
});
export type UpdateMemoryResult = z.infer<typeof ZUpdateMemoryResult>;

export const ZForgetResult = z.object({
  memoryId: z.string(),
  deletionType: z.enum(["soft", "hard"]),
  message: z.string(),
});
export type ForgetResult = z.infer<typeof ZForgetResult>;

const ZRange = z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() });

export const ZSearchResult = z.object({
  memories: z.array(
    ZMemoryView.extend({
      /** 0–1, comparable within one answer. */
      rank: z.number().min(0).max(1),
      /** A window of the content around the first match as HTML, as the seed answers it: the text escaped, each
       *  match in <b>…</b>. */
      highlight: z.string(),
      /** The same window as plain text. */
      highlightText: z.string(),
      /** Where the matches are inside `highlightText`. */
      highlightRanges: z.array(ZRange),
      matchedTerms: z.array(z.string()),
    }),
  ),
  totalCount: z.number().int().nonnegative(),
  /** False when the text matched more than the 1,000 newest memories that search filters and ranks: `totalCount` is
   *  then those of them passing the filters (server/services/search/full-text.ts, SEARCH_WINDOW). */
  totalExact: z.boolean(),
  /** "full-text" with a text, "filter" when only filters were given. */
  searchType: z.enum(["full-text", "filter"]),
});
export type SearchResult = z.infer<typeof ZSearchResult>;

// ---- the tools, declared once ----

/** Each memory tool's input and answer schemas and the example its refusals quote. */
export const MEMORY_TOOLS = {
  remember: {
    input: ZRememberInput,
    result: ZRememberResult,
    example:
      'Send {"content": "…", "userId": "user-123", "sessionId": "session-456", "primarySector": "semantic"}. ' +
      `primarySector is one of: ${SECTOR_LIST}.`,
  },
  recall: {
    input: ZRecallInput,
    result: ZRecallResult,
    example: 'Send {"userId": "user-123", "text": "dark mode preference", "limit": 10}.',
  },
  update_memory: {
    input: ZUpdateMemoryInput,
    result: ZUpdateMemoryResult,
    example: 'Send {"memoryId": "mem-…", "userId": "user-123", "strength": 0.9}.',
  },
  forget: {
    input: ZForgetInput,
    result: ZForgetResult,
    example: 'Send {"memoryId": "mem-…", "userId": "user-123", "soft": true}.',
  },
  search: {
    input: ZSearchInput,
    result: ZSearchResult,
    example: 'Send {"userId": "user-123", "text": "dark mode AND preference"}.',
  },
} as const satisfies Record<MemoryToolName, { input: z.ZodType; result: z.ZodType; example: string }>;

export type MemoryToolInput<N extends MemoryToolName> = z.infer<(typeof MEMORY_TOOLS)[N]["input"]>;
export type MemoryToolResult<N extends MemoryToolName> = z.infer<(typeof MEMORY_TOOLS)[N]["result"]>;

/** Parses one memory tool's arguments (camelCase or snake_case keys); a problem names the first bad field. */
export function parseMemoryInput<N extends MemoryToolName>(tool: N, raw: unknown): ParseResult<MemoryToolInput<N>> {
  const { input, example } = MEMORY_TOOLS[tool];
  return parseArguments(input, raw, example) as ParseResult<MemoryToolInput<N>>;
}
