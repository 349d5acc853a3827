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
  /** Reasoning health: sessions with (true) or without (false) a loop. */
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

export const EXPORT_FORMATS = ["json", "markdown", "csv"] as const;

/** GET …/sessions/{id}/export's query: json (re-importable, the default), markdown (for reading) or csv (the
 *  scores, one row each). */
export const ZExportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS, {
      error: (issue) =>
        `format must be json, markdown or csv, not "${String(issue.input)}". | ` +
        "Use ?format=json (re-importable), ?format=markdown (for reading) or ?format=csv (the scores).",
    })
    .default("json"),
});
export type ExportQuery = z.infer<typeof ZExportQuery>;

/** Sessions one CSV export of scores may cover, by `ids` or by filter. */
export const MAX_EXPORT_SESSIONS = 1_000;

/**
 * GET /api/v1/sessions/export's query: the scores of many sessions as CSV, chosen by the filters of GET
 * /api/v1/sessions (all matching sessions, not a page) or by `ids` (comma-separated session ids), not both.
 */
export const ZSessionsExportQuery = ZListSessionsQuery.pick({
  status: true,
  updatedSince: true,
  hasLoops: true,
  healthBelow: true,
})
  .extend({
    format: z.enum(["csv"], {
      error: (issue) => `format must be csv, not "${String(issue.input)}". | Use ?format=csv.`,
    }),
    ids: z
      .string()
      .transform((v) => v.split(",").map((id) => id.trim()))
      .pipe(
        z
          .array(z.string().min(1, { error: "ids must not hold an empty id | Separate session ids with commas." }))
          .max(MAX_EXPORT_SESSIONS, {
            error: `ids may name at most ${MAX_EXPORT_SESSIONS} sessions | Export them in several requests.`,
          }),
      )
      .optional(),
  })
  .refine(
    (q) =>
      q.ids === undefined ||
      (q.status === undefined &&
        q.updatedSince === undefined &&
        q.hasLoops === undefined &&
        q.healthBelow === undefined),
    {
      path: ["ids"],
      error: "ids cannot be combined with status, updatedSince, hasLoops or healthBelow | Send ids or filters.",
    },
  );
export type SessionsExportQuery = z.infer<typeof ZSessionsExportQuery>;

export const ZSessionPage = z.object({
  sessions: z.array(ZSessionSummary),
  nextCursor: z.string().nullable(),
  /** Reasoning health per session on this page, by session id. */
  health: z.record(z.string(), ZHealthCells),
});
export type SessionPage = z.infer<typeof ZSessionPage>;

/** POST /api/v1/sessions/import answers this. */
export const ZImportResult = z.object({ sessionId: z.string().min(1), thoughts: z.number().int().min(0) });

export const EXPORT_FORMAT = "thoughtgraph.session/v1";

/** One comment of an exported thread, with its author's name. */
export const ZExportedComment = z.object({
  id: z.string(),
  author: z.string(),
  /** Empty once deleted (a deleted first comment with replies keeps its place). */
  body: z.string(),
  deleted: z.boolean(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type ExportedComment = z.infer<typeof ZExportedComment>;

/** A comment thread as exported: its first comment, the anchor phrase, whether it is resolved, its replies. */
export const ZExportedThread = ZExportedComment.extend({
  /** null: the thread is on the whole session. */
  thoughtId: z.string().nullable(),
  /** The phrase of the thought's text the thread is about, with its offsets. */
  anchor: z.object({ start: z.number().int(), end: z.number().int(), text: z.string() }).nullable(),
  resolved: z.boolean(),
  resolvedAt: isoTime.nullable(),
  resolvedBy: z.string().nullable(),
  replies: z.array(ZExportedComment),
});
export type ExportedThread = z.infer<typeof ZExportedThread>;

/** The JSON export; POST /api/v1/sessions/import takes it back unchanged. */
export const ZSessionExport = z.object({
  format: z.literal(EXPORT_FORMAT, {
    error: `format must be "${EXPORT_FORMAT}" | Send a file made by the JSON export.`,
  }),
  exportedAt: z.string().optional(),
  session: ZSessionSummary,
  branches: z.array(ZBranchView),
  thoughts: z.array(ZThoughtView),
  /** The session's own scores, as in ZSessionGraph, each with its author in words (`authorLabel`). */
  scores: z.array(ZScoreView).default([]),
  /** As in ZSessionGraph; an import recomputes the health from the thoughts and does not keep these. */
  health: ZReasoningHealth.optional(),
  assessments: z.array(ZAssessmentView).default([]),
  /** The review's comment threads, oldest first. Like the scores, for reading: an import keeps the agent's record
   *  (session, thoughts, branches), not the review, whose authors and rubrics belong to the exporting project. */
  comments: z.array(ZExportedThread).default([]),
});
export type SessionExport = z.infer<typeof ZSessionExport>;

/**
 * Sent on a session's live feed (between thoughts) when the server cannot be sure it is up to date: "reconnecting"
 * while its link to other instances' writes is down, "live" once it is back and has caught up from the last seq.
 */
export interface LiveStatus {
  liveStatus: "live" | "reconnecting";
}
