// A column added to the stored-thought registry (lib/contracts/stored-thought.ts) alone reaches every place that writes
// or reads a whole thought row: the read shape (and so the OpenAPI document, tRPC and exports), the write path's
// column list and row, rows as read shapes, and an export imported back. A copy of the registry with fixture columns
// stands in for the edit; the real registry is checked against the Prisma model, which the migrations follow
// (test/services/migrations.test.ts).
import { describe, expect, it } from "vitest";
import type { ThoughtInput } from "@/lib/contracts/thought";
import { ZThoughtView } from "@/lib/contracts/session";
import { thoughtViewSchema } from "@/lib/contracts/session";
import { STORED_THOUGHT, type StoredRegistry, type StoredRow } from "@/lib/contracts/stored-thought";
import { Prisma } from "@/server/db/generated/sqlite/browser.ts";
import type { Thought } from "@/server/db/generated/sqlite/client.ts";
import { thoughtImporter } from "@/server/services/sessions/session-transfer";
import { thoughtViewMapper } from "@/server/services/sessions/sessions";
import { thoughtRowBuilder, type ComputedThought } from "./write-batch";
import { TABLES, tableColumns } from "./write-store";

/** True when A and B are the same type (a compile-time check: `npm run typecheck` fails otherwise). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// The registry is the Prisma model, column for column and type for type (nullability included).
const prismaRowIsTheRegistry: Same<StoredRow<typeof STORED_THOUGHT, Prisma.JsonValue>, Thought> = true;

// Every input field a column copies fits that column.
type Copies = { [C in keyof typeof STORED_THOUGHT]: (typeof STORED_THOUGHT)[C] extends { input: infer F } ? F : never };
type CopiedValues = {
  [C in keyof Copies as Copies[C] extends never ? never : C]: Exclude<
    ThoughtInput[Copies[C] & keyof ThoughtInput],
    undefined
  >;
};
const inputFitsColumns = (copied: CopiedValues): Partial<StoredRow<typeof STORED_THOUGHT>> => copied;

const FIXTURE = {
  ...STORED_THOUGHT,
  model: { kind: "text", nullable: true, optional: true },
  tokensOut: { kind: "int", nullable: true },
  costUsd: { kind: "real", nullable: true },
  usage: { kind: "json", nullable: true },
  toolNames: { kind: "strings", nullable: true, optional: true },
  finishedAt: { kind: "date", nullable: false },
  /** A column the write path copies from an input field. */
  phase: { kind: "text", nullable: true, input: "stage" },
  parentThoughtId: { kind: "text", nullable: true, thoughtRef: true },
} as const satisfies StoredRegistry;

const at = new Date("2026-11-28T09:30:00.000Z");
const input: ThoughtInput = {
  thought: "Weigh the two caches.",
  thoughtNumber: 2,
  totalThoughts: 3,
  nextThoughtNeeded: true,
  stage: "analysis",
  tags: ["cache"],
};
const computed: ComputedThought<typeof FIXTURE> = {
  id: "t2",
  projectId: "p1",
  sessionId: "s1",
  seq: 2,
  thoughtNumber: 2,
  totalThoughts: 3,
  revisesThoughtId: null,
  branchFromThoughtId: null,
  flags: null,
  source: "sequentialthinking",
  kind: null,
  version: 1,
  createdAt: at,
  updatedAt: at,
  model: "m-1",
  tokensOut: 812,
  costUsd: 0.0042,
  usage: { cached: 3 },
  toolNames: ["grep", "read"],
  finishedAt: at,
  parentThoughtId: "t1",
};

describe("a column added to the stored-thought registry", () => {
  const row = thoughtRowBuilder(FIXTURE)(computed, input);

  it("is written by the write path: computed ones as given, copied ones from the input, in the registry's order", () => {
    expect(Object.keys(row)).toEqual(Object.keys(FIXTURE));
    expect(row).toMatchObject({ model: "m-1", tokensOut: 812, costUsd: 0.0042, toolNames: ["grep", "read"] });
    expect(row).toMatchObject({ phase: "analysis", text: "Weigh the two caches.", tags: ["cache"] });
    expect(row).toMatchObject({ branchId: null, score: null, metadata: null, isRevision: null });
  });

  it("is in the write path's column list with its kind", () => {
    expect(tableColumns(FIXTURE)).toMatchObject({
      model: "text",
      tokensOut: "int",
      costUsd: "real",
      usage: "json",
      toolNames: "json",
      finishedAt: "date",
      phase: "text",
    });
  });

  it("reaches the read shape, converted by its kind, and the schema accepts what the rows give", () => {
    const view = thoughtViewMapper(FIXTURE)(row);
    expect(view).toMatchObject({
      model: "m-1",
      tokensOut: 812,
      usage: { cached: 3 },
      toolNames: ["grep", "read"],
      finishedAt: "2026-11-28T09:30:00.000Z",
      flags: [],
      scores: [],
    });
    expect(view).not.toHaveProperty("projectId");
    const schema = thoughtViewSchema(FIXTURE);
    expect(schema.parse(view)).toEqual(view);
    const empty = thoughtViewMapper(FIXTURE)({ ...row, model: null, usage: null, toolNames: null });
    expect(schema.parse(empty)).toMatchObject({ model: null, usage: null, toolNames: [] });
    expect(schema.safeParse({ ...view, tokensOut: "812" }).success).toBe(false);
    expect(schema.safeParse({ ...view, tokensOut: undefined }).success).toBe(false);
  });

  it("marked optional, is read as absent from an export made before it existed", () => {
    const { model: _model, toolNames: _toolNames, ...older } = thoughtViewMapper(FIXTURE)(row);
    expect(thoughtViewSchema(FIXTURE).parse(older)).toMatchObject({ model: null, toolNames: [] });
  });

  it("survives an export imported back, with the new ids and links", () => {
    const view = thoughtViewMapper(FIXTURE)(row);
    const links: string[] = [];
    const imported = thoughtImporter(FIXTURE)(view, {
      id: "new-t2",
      projectId: "p2",
      sessionId: "new-s1",
      link: (id, column) => (links.push(column), id === null ? null : `new-${id}`),
    });
    expect(imported).toEqual({ ...row, id: "new-t2", projectId: "p2", sessionId: "new-s1", parentThoughtId: "new-t1" });
    expect(links).toEqual(["revisesThoughtId", "branchFromThoughtId", "parentThoughtId"]);
  });
});

describe("the real registry", () => {
  it("is the Prisma model's columns, in order", () => {
    expect(prismaRowIsTheRegistry).toBe(true);
    expect(Object.keys(STORED_THOUGHT)).toEqual(Object.keys(Prisma.ThoughtScalarFieldEnum));
  });

  it("gives ZThoughtView every column but the hidden ones, then the scores", () => {
    const hidden = Object.entries(STORED_THOUGHT).flatMap(([c, s]) => ("hidden" in s ? [c] : []));
    expect(hidden).toEqual(["projectId"]);
    expect(Object.keys(ZThoughtView.shape)).toEqual([
      ...Object.keys(STORED_THOUGHT).filter((c) => !hidden.includes(c)),
      "scores",
    ]);
  });

  it("reads an export made before the columns added since (kind, detail) existed", () => {
    const {
      kind: _kind,
      detail: _detail,
      ...older
    } = thoughtViewMapper(STORED_THOUGHT)(thoughtRowBuilder(STORED_THOUGHT)({ ...computed, kind: null }, input));
    expect(ZThoughtView.parse(older)).toMatchObject({ kind: null, text: input.thought });
  });

  it("is the write path's Thought columns", () => {
    expect(TABLES.Thought).toEqual(tableColumns(STORED_THOUGHT));
    expect(Object.keys(TABLES.Thought)).toEqual(Object.keys(STORED_THOUGHT));
  });

  it("copies each input field into a column of a fitting type", () => {
    const copied = { thought: "x", nextThoughtNeeded: false, tags: ["a"], metadata: { agent: "a" } };
    const row = thoughtRowBuilder(STORED_THOUGHT)(
      { ...computed, flags: ["revises_unknown_thought"] },
      { ...input, ...copied },
    );
    expect(inputFitsColumns({ ...row } as CopiedValues)).toBeTruthy();
    expect(row).toMatchObject({ text: "x", nextThoughtNeeded: false, tags: ["a"], metadata: { agent: "a" } });
    expect(row).toMatchObject({ flags: ["revises_unknown_thought"], stage: "analysis", needsMoreThoughts: null });
  });
});
