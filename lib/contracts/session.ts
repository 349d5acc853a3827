// Read shapes of sessions, thoughts and branches: what GET /api/v1/sessions/{id}, tRPC and the dashboard return.
import { z } from "zod";
import { SESSION_STATUSES } from "./zod-free";
import { coerceBoolean, coerceInteger } from "./coerce";
import { ZAssessmentView, ZReasoningHealth } from "./reasoning-health";
import { ZScoreView } from "./scores";
import { HEALTH_BELOW, ZHealthCells } from "./session-health";
import {
  STORED_THOUGHT,
  type StoredColumn,
  type StoredKind,
  type StoredRegistry,
  type VisibleColumn,
} from "./stored-thought";

export { SESSION_STATUSES, SHARE_HEADER } from "./zod-free";

/** An ISO 8601 time as this API writes it (UTC, e.g. 2026-11-22T10:00:00.000Z); offsets are accepted on input. */
const isoTime = z.iso.datetime({ offset: true, error: "must be an ISO 8601 time, e.g. 2026-11-22T10:00:00.000Z" });

export const ZSessionSummary = z.object({
  id: z.string(),
  key: z.string().nullable(),
  title: z.string().nullable(),
  status: z.enum(SESSION_STATUSES),
  agent: z.string().nullable(),
  client: z.string().nullable(),
  model: z.string().nullable(),
  metadata: z.unknown().nullable(),
  thoughtCount: z.number().int(),
  branchCount: z.number().int(),
  revisionCount: z.number().int(),
  flagCount: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
  lastActivityAt: isoTime,
});
export type SessionSummary = z.infer<typeof ZSessionSummary>;

/** Each kind of stored column (./stored-thought.ts) as the read shape has it. */
const VIEW_SCHEMAS = {
  text: () => z.string(),
  int: () => z.number().int(),
  real: () => z.number(),
  bool: () => z.boolean(),
  json: () => z.unknown().nullable(),
  strings: () => z.array(z.string()),
  date: () => isoTime,
} satisfies Record<StoredKind, () => z.ZodType>;

type ViewSchema<C extends StoredColumn> = C["optional"] extends true
  ? z.ZodDefault<NullableViewSchema<C>>
  : NullableViewSchema<C>;
type NullableViewSchema<C extends StoredColumn> = C["kind"] extends "json" | "strings"
  ? ReturnType<(typeof VIEW_SCHEMAS)[C["kind"]]>
  : C["nullable"] extends true
    ? z.ZodNullable<ReturnType<(typeof VIEW_SCHEMAS)[C["kind"]]>>
    : ReturnType<(typeof VIEW_SCHEMAS)[C["kind"]]>;
export type ThoughtViewShape<R extends StoredRegistry> = { -readonly [C in VisibleColumn<R>]: ViewSchema<R[C]> };

/** The read shape of a stored-column registry: each visible column in its order, then the thought's scores. JSON
 *  columns read as null when absent and string lists as empty, whether or not the column may be null. */
export function thoughtViewSchema<R extends StoredRegistry>(registry: R) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, column] of Object.entries(registry)) {
    if (column.hidden) continue;
    const base: z.ZodType = VIEW_SCHEMAS[column.kind]();
    const schema = column.nullable && column.kind !== "json" && column.kind !== "strings" ? base.nullable() : base;
    shape[name] = column.optional ? schema.default(column.kind === "strings" ? [] : null) : schema;
  }
  return z.object({
    ...(shape as ThoughtViewShape<R>),
    /** Scores on this thought (filled by GET /api/v1/sessions/{id}; empty where a read does not load them). */
    scores: z.array(ZScoreView).default([]),
  });
}

export const ZThoughtView = thoughtViewSchema(STORED_THOUGHT);
export type ThoughtView = z.infer<typeof ZThoughtView>;

export const ZBranchView = z.object({
  key: z.string(),
  ordinal: z.number().int(),
  forkThought: z.number().int().nullable(),
  forkThoughtId: z.string().nullable(),
  createdAt: isoTime,
});
export type BranchView = z.infer<typeof ZBranchView>;

export const ZSessionGraph = z.object({
  session: ZSessionSummary,
  thoughts: z.array(ZThoughtView),
  branches: z.array(ZBranchView),
  /** Scores on the whole session; scores on thoughts are on each thought. */
  scores: z.array(ZScoreView).default([]),
  /** The session's reasoning health, folded over its thoughts (lib/health/reasoning-health.ts). */
  health: ZReasoningHealth,
  /** Metacognitive results stored on its thoughts (ThoughtMCP tools called with a thoughtId), one per thought and kind. */
  assessments: z.array(ZAssessmentView).default([]),
});
export type SessionGraph = z.infer<typeof ZSessionGraph>;

export const ZListSessionsQuery = z.object({
  status: z.enum(SESSION_STATUSES, { error: "status must be active, completed or cleared" }).optional(),
  updatedSince: z.iso
    .datetime({ offset: true, error: "updatedSince must be an ISO 8601 time | e.g. 2026-01-31T12:00:00Z." })
    .optional(),
  limit: z
    .preprocess(
      coerceInteger,
      z
        .number({ error: "limit must be a whole number from 1 to 200" })
        .int({ error: "limit must be a whole number from 1 to 200" })
        .min(1, { error: "limit must be at least 1" })
        .max(200, { error: "limit must be at most 200 | Page with `cursor` instead." }),
    )
    .default(50),
  cursor: z.string().min(1, { error: "cursor must not be empty" }).max(200).optional(),
  /** Reasoning health (issue 16): sessions with (true) or without (false) a loop. */
  hasLoops: z.preprocess(coerceBoolean, z.boolean({ error: "hasLoops must be true or false" })).optional(),
  /** Reasoning health: sessions whose 0–100 health score is below this. */
  healthBelow: z
    .preprocess(
      coerceInteger,
      z
        .number({ error: "healthBelow must be a whole number from 1 to 101" })
        .int({ error: "healthBelow must be a whole number from 1 to 101" })
        .min(HEALTH_BELOW.min, { error: "healthBelow must be at least 1 | Scores run from 0 to 100." })
        .max(HEALTH_BELOW.max, { error: "healthBelow must be at most 101 | Scores run from 0 to 100." }),
    )
    .optional(),
});
export type ListSessionsQuery = z.infer<typeof ZListSessionsQuery>;

export const EXPORT_FORMATS = ["json", "markdown"] as const;

/** GET …/sessions/{id}/export's query: json (re-importable, the default) or markdown (for reading). */
export const ZExportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS, {
      error: (issue) =>
        `format must be json or markdown, not "${String(issue.input)}". | ` +
        "Use ?format=json (re-importable) or ?format=markdown (for reading).",
    })
    .default("json"),
});
export type ExportQuery = z.infer<typeof ZExportQuery>;

export const ZSessionPage = z.object({
  sessions: z.array(ZSessionSummary),
  nextCursor: z.string().nullable(),
  /** Reasoning health per session on this page (issue 16), by session id. */
  health: z.record(z.string(), ZHealthCells),
});
export type SessionPage = z.infer<typeof ZSessionPage>;

/** POST /api/v1/sessions/import answers this. */
export const ZImportResult = z.object({ sessionId: z.string().min(1), thoughts: z.number().int().min(0) });

export const EXPORT_FORMAT = "thoughtgraph.session/v1";

/** The JSON export; POST /api/v1/sessions/import takes it back unchanged. */
export const ZSessionExport = z.object({
  format: z.literal(EXPORT_FORMAT, {
    error: `format must be "${EXPORT_FORMAT}" | Send a file made by the JSON export.`,
  }),
  exportedAt: z.string().optional(),
  session: ZSessionSummary,
  branches: z.array(ZBranchView),
  thoughts: z.array(ZThoughtView),
  /** The session's own scores, as in ZSessionGraph (an import keeps the thoughts, not the scores). */
  scores: z.array(ZScoreView).default([]),
  /** As in ZSessionGraph; an import recomputes the health from the thoughts and does not keep these. */
  health: ZReasoningHealth.optional(),
  assessments: z.array(ZAssessmentView).default([]),
});
export type SessionExport = z.infer<typeof ZSessionExport>;

/**
 * Sent on a session's live feed (between thoughts) when the server cannot be sure it is up to date: "reconnecting"
 * while its link to other instances' writes is down, "live" once it is back and has caught up from the last seq.
 */
export interface LiveStatus {
  liveStatus: "live" | "reconnecting";
}
