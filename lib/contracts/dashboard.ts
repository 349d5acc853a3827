// Shapes the review dashboard reads over tRPC. Kept small on purpose: a 20,000-thought outline must load quickly,
// so the graph gets a preview of each thought and the full text is fetched for what is on screen.
import { z } from "zod";
import { ZConnectorAttribution } from "./oauth";
import { ZScoreSummary } from "./scores";
import { HEALTH_BELOW, ZHealthCells } from "./session-health";
import { SESSION_STATUSES, ZBranchView, ZSessionSummary, ZThoughtView } from "./session";
import { SCORE_AUTHORS, SESSION_SORTS } from "./zod-free";
import { ZUsageTotals } from "./usage";

export { PREVIEW_CHARS, SESSION_SORTS } from "./zod-free";

/** The thought fields an outline entry carries as they are (the server reads these columns, and the text). */
export const OUTLINE_FIELDS = [
  "id",
  "seq",
  "thoughtNumber",
  "totalThoughts",
  "branchId",
  "branchFromThought",
  "branchFromThoughtId",
  "isRevision",
  "revisesThought",
  "revisesThoughtId",
  "stage",
  "score",
  "flags",
  "version",
  "createdAt",
  "kind",
] as const;

/** `{ field: true }` for each of `fields`: a zod pick, or a Prisma select. */
export function selectionOf<K extends string>(fields: readonly K[]): { [P in K]: true } {
  return Object.fromEntries(fields.map((f) => [f, true])) as { [P in K]: true };
}

/** An imported tool call's or tool result's call (from its detail): the browser folds a result into its call. */
export const ZOutlineTool = z.object({
  /** The source's id of the call, which its result names too. */
  callId: z.string(),
  name: z.string().nullable(),
  /** A result that reports failure. */
  isError: z.boolean(),
});
export type OutlineTool = z.infer<typeof ZOutlineTool>;

/** A thought as the outline carries it: ZThoughtView's graph fields, and a preview of its text in place of the text. */
export const ZOutlineThought = ZThoughtView.pick(selectionOf(OUTLINE_FIELDS)).extend({
  preview: z.string(),
  length: z.number().int(),
  /** Null but for a tool call or result that names its call. */
  tool: ZOutlineTool.nullable(),
});
export type OutlineThought = z.infer<typeof ZOutlineThought>;

export const ZSessionOutline = z.object({
  session: ZSessionSummary,
  branches: z.array(ZBranchView),
  thoughts: z.array(ZOutlineThought),
  /** The person and client when a connector recorded the session (OAuth); null for an API key, or on a share link. */
  connector: ZConnectorAttribution.nullable().default(null),
});
export type SessionOutline = z.infer<typeof ZSessionOutline>;

export const ZThoughtVersionView = z.object({
  version: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
});

export const ZThoughtDetail = z.object({
  thought: ZThoughtView,
  /** The thought it revises, in full (for the revision diff). */
  revises: ZThoughtView.nullable(),
  revisedBy: z.array(z.object({ id: z.string(), seq: z.number().int(), thoughtNumber: z.number().int() })),
  /** Earlier versions kept by revise_thought, oldest first. */
  versions: z.array(ZThoughtVersionView),
});
export type ThoughtDetail = z.infer<typeof ZThoughtDetail>;

/** A thought's revision chain (lib/diff/revision-chain.ts): every text it went through, oldest first. */
export const ZRevisionChain = z.object({
  steps: z.array(
    z.object({
      thoughtId: z.string(),
      seq: z.number().int(),
      thoughtNumber: z.number().int(),
      branchId: z.string().nullable(),
      version: z.number().int(),
      current: z.boolean(),
      text: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** The step holding the asked-for thought's current text. */
  at: z.number().int(),
  /** Revisers of thoughts on the chain that the chain does not pass through. */
  alternatives: z.number().int(),
});
export type RevisionChain = z.infer<typeof ZRevisionChain>;

export const ZSessionTableQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(SESSION_STATUSES).optional(),
  agent: z.string().trim().max(200).optional(),
  flagged: z.boolean().optional(),
  /** Sessions with at least one thought carrying this tag. */
  tag: z.string().trim().min(1).max(100).optional(),
  /** The config that sort "score" and `scored` look at; without it `scored` means any config. */
  scoreConfigId: z.string().trim().min(1).max(200).optional(),
  /** Sessions with (true) or without (false) a score, on the session or any of its thoughts. */
  scored: z.boolean().optional(),
  /** Whose scores `scored` counts: people's or judges' (alone: scored by them). */
  scoredBy: z.enum(SCORE_AUTHORS).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Reasoning health: sessions with (true) or without (false) a loop; health score below X. */
  loops: z.boolean().optional(),
  healthBelow: z.number().int().min(HEALTH_BELOW.min).max(HEALTH_BELOW.max).optional(),
  /** Tokens and cost of the session's model calls (thoughts from traces and transcripts): at least this many tokens
   *  (in + out), at least this many US dollars. */
  minTokens: z.number().int().min(0).max(1e12).optional(),
  minCostUsd: z.number().min(0).max(1e9).optional(),
  sort: z.enum(SESSION_SORTS).default("activity"),
  order: z.enum(["asc", "desc"]).default("desc"),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(25),
});
export type SessionTableQuery = z.infer<typeof ZSessionTableQuery>;

export const ZSessionTablePage = z.object({
  sessions: z.array(ZSessionSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  agents: z.array(z.string()),
  /** Per session on this page: count and mean of each config's scores (sessions without scores are absent). */
  scores: z.record(z.string(), z.array(ZScoreSummary)),
  /** Per session on this page: its reasoning health. */
  health: z.record(z.string(), ZHealthCells),
  /** Per session on this page: tokens and cost of its model calls (sessions without figures are absent). */
  usage: z.record(z.string(), ZUsageTotals).default({}),
  /** Per session on this page: the person and client when a connector recorded it (sessions with an API key absent). */
  connectors: z.record(z.string(), ZConnectorAttribution).default({}),
});
export type SessionTablePage = z.infer<typeof ZSessionTablePage>;

/** Sessions one delete may name: ten pages of the sessions list. */
export const MAX_SESSIONS_DELETE = 250;

export const ZDeleteSessionsInput = z.object({
  ids: z
    .array(z.string().min(1).max(200))
    .min(1, "Name at least one session to delete.")
    .max(MAX_SESSIONS_DELETE, `Delete at most ${MAX_SESSIONS_DELETE} sessions at once.`),
});
