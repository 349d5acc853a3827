// The columns of a stored thought (the Thought table), declared once: name, kind, whether it may be null, and where
// its value comes from. Everything that writes or reads a whole thought row is built from this list, so a new column
// is one entry here plus its field in prisma/schema.base.prisma and the migrations (`npm run db:diff`):
//   - the read shape ZThoughtView (./session.ts, thoughtViewSchema): what the API, tRPC, exports and the browser get
//   - the write path's column list (server/ingest/write-store.ts, TABLES.Thought): both stores' INSERTs
//   - the write path's row (server/ingest/write-batch.ts, thoughtRowBuilder): a column with an `input` field is copied
//     from the agent's input; any other must be computed there (the compiler asks for it)
//   - rows as read shapes (server/services/sessions/sessions.ts, toThoughtView) and a JSON export back into rows
//     (server/services/sessions/session-transfer.ts, importedThought)
// The Prisma model must match: server/ingest/stored-thought.test.ts checks its generated type against this list (the
// migrations follow the model: test/services/migrations.test.ts), and adds fixture columns to a copy of the list to
// check that each place above carries them.
// The order is the read shape's order, which reaches the API's JSON: append new columns.
import type { ThoughtField } from "./fields";

export type StoredKind =
  /** Text (ids included). */
  | "text"
  | "int"
  /** A floating-point number. */
  | "real"
  | "bool"
  /** Any JSON value, read back as it was stored (null when absent). */
  | "json"
  /** A list of strings stored as JSON, null when empty on import; read as an array (empty when null). */
  | "strings"
  /** A timestamp: a Date in rows, ISO 8601 text in the read shape. */
  | "date";

export interface StoredColumn {
  kind: StoredKind;
  nullable: boolean;
  /** The input field (lib/contracts/fields.ts) the write path stores in this column; null when the agent left it out. */
  input?: ThoughtField;
  /** Another thought's id in the same session: an import maps it to that thought's new id. */
  thoughtRef?: true;
  /** Kept out of the read shape. */
  hidden?: true;
  /** Exports made before the column existed lack it: the read shape takes its absence as null (an empty list for
   *  `strings`), so they still import. Only for a nullable column; every column added from now on wants it. */
  optional?: true;
}

export type StoredRegistry = Readonly<Record<string, StoredColumn>>;

export const STORED_THOUGHT = {
  id: { kind: "text", nullable: false },
  projectId: { kind: "text", nullable: false, hidden: true },
  sessionId: { kind: "text", nullable: false },
  /** Arrival order within the session: 1, 2, 3, … with no gaps. */
  seq: { kind: "int", nullable: false },
  thoughtNumber: { kind: "int", nullable: false },
  totalThoughts: { kind: "int", nullable: false },
  text: { kind: "text", nullable: false, input: "thought" },
  nextThoughtNeeded: { kind: "bool", nullable: false, input: "nextThoughtNeeded" },
  needsMoreThoughts: { kind: "bool", nullable: true, input: "needsMoreThoughts" },
  isRevision: { kind: "bool", nullable: true, input: "isRevision" },
  /** The number the agent sent, and the thought it was resolved to (null when no such thought exists). */
  revisesThought: { kind: "int", nullable: true, input: "revisesThought" },
  revisesThoughtId: { kind: "text", nullable: true, thoughtRef: true },
  branchId: { kind: "text", nullable: true, input: "branchId" },
  branchFromThought: { kind: "int", nullable: true, input: "branchFromThought" },
  branchFromThoughtId: { kind: "text", nullable: true, thoughtRef: true },
  stage: { kind: "text", nullable: true, input: "stage" },
  tags: { kind: "strings", nullable: true, input: "tags" },
  score: { kind: "real", nullable: true, input: "score" },
  /** Inconsistencies found on arrival (lib/domain/flags.ts), e.g. ["revises_unknown_thought"]. */
  flags: { kind: "strings", nullable: true },
  metadata: { kind: "json", nullable: true, input: "metadata" },
  /** The tool that wrote it: sequentialthinking | think | thoughtmcp (an import keeps the exported value). */
  source: { kind: "text", nullable: false },
  version: { kind: "int", nullable: false },
  createdAt: { kind: "date", nullable: false },
  updatedAt: { kind: "date", nullable: false },
  /** A thought from a transcript or trace (lib/normalised/model.ts): prompt | reasoning | placeholder | tool_call |
   *  tool_result | answer; null for an agent's own sequential thought. Copied from `detail.kind` by the write path. */
  kind: { kind: "text", nullable: true, optional: true },
  /** The rest of what its source said (./thought-detail.ts); its opaque payloads are kept verbatim and the read shape
   *  shows them only as `opaque: true` (server/services/sessions/sessions.ts toThoughtView). */
  detail: { kind: "json", nullable: true, input: "detail", optional: true },
} as const satisfies StoredRegistry;

export type StoredThoughtColumn = keyof typeof STORED_THOUGHT;

/** The columns of a registry the write path copies from the agent's input. */
export type InputColumn<R extends StoredRegistry> = {
  [C in keyof R]: R[C] extends { input: ThoughtField } ? C : never;
}[keyof R];

/** The columns of a registry the write path computes itself. */
export type ComputedColumn<R extends StoredRegistry> = Exclude<keyof R, InputColumn<R>>;

/** The columns of a registry in the read shape. */
export type VisibleColumn<R extends StoredRegistry> = {
  [C in keyof R]: R[C] extends { hidden: true } ? never : C;
}[keyof R];

/** A column's value in a row as the write path builds it and the database client reads it; `Json` is the type of a
 *  JSON value (the database client's, where the row comes from it). */
type RowValueOf<K extends StoredKind, Json> = K extends "text"
  ? string
  : K extends "int" | "real"
    ? number
    : K extends "bool"
      ? boolean
      : K extends "date"
        ? Date
        : Json;

export type StoredRow<R extends StoredRegistry, Json = unknown> = {
  -readonly [C in keyof R]: RowValueOf<R[C]["kind"], Json> | (R[C]["nullable"] extends true ? null : never);
};
