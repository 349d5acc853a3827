// The SQLite store's inserts name only the columns a statement's rows hold values for (server/ingest/write-store-sqlite.ts).
// Every pattern of null and set optional fields must read back as written, also past the cap on prepared statements,
// where the store binds every column.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseThoughtInput } from "@/lib/contracts/thought";
import { DEFAULT_LIMITS } from "@/lib/limits";
import type { Db } from "@/server/db/client";
import { MAX_STATEMENTS, SESSIONS_BY_REF } from "@/server/ingest/write-store-sqlite";
import { freshServiceDb } from "@/test/support/service-db";
import { unique } from "@/test/support/seed";

let db: Db;
let projectId = "";

beforeAll(async () => {
  ({ db, projectId } = await freshServiceDb("write-store-sqlite"));
});

afterAll(async () => {
  await (await import("@/server/db/client")).closeDb();
});

/** Optional fields, each set or left out by one bit of a pattern. */
const OPTIONAL: [string, unknown][] = [
  ["isRevision", true],
  ["revisesThought", 1],
  ["branchFromThought", 1],
  ["branchId", "alt"],
  ["needsMoreThoughts", false],
  ["stage", "analysis"],
  ["tags", ["t"]],
  ["score", 0.5],
  ["metadata", { agent: "a" }],
];

describe("the SQLite store's inserts", () => {
  it("store every pattern of null and set columns as written, past the cap on prepared statements", async () => {
    const { commitOnSqlite } = await import("@/server/ingest/commit-sqlite");
    const { rawSqlite } = await import("@/server/db/client");
    const raw = rawSqlite(db)!;
    const patterns = 2 ** OPTIONAL.length;
    expect(patterns).toBeGreaterThan(MAX_STATEMENTS);
    const session = unique("null-patterns");
    const sent: Record<string, unknown>[] = [];
    for (let p = 0; p < patterns; p++) {
      const body: Record<string, unknown> = {
        sessionId: session,
        thought: `pattern ${p}`,
        thoughtNumber: 2,
        totalThoughts: 2,
        nextThoughtNeeded: true,
      };
      OPTIONAL.forEach(([field, value], bit) => {
        if (p & (1 << bit)) body[field] = value;
      });
      const parsed = parseThoughtInput(body);
      if (!parsed.ok) throw new Error(parsed.problem.message);
      // One thought per batch: each statement holds one row, so each pattern is a column set of its own.
      const { outcomes } = commitOnSqlite(
        raw,
        [{ projectId, apiKeyId: null, input: parsed.value, raw: body, idempotencyKey: null }],
        DEFAULT_LIMITS,
      );
      expect(outcomes[0]!.status).toBe(201);
      sent.push(body);
    }
    const stored = await db.thought.findMany({ where: { session: { key: session } }, orderBy: { seq: "asc" } });
    expect(stored).toHaveLength(patterns);
    stored.forEach((row, p) => {
      for (const [field] of OPTIONAL) {
        expect([p, field, row[field as keyof typeof row]]).toEqual([p, field, sent[p]![field] ?? null]);
      }
    });
  });
});

describe("the SQLite store's session lookup", () => {
  it("finds the sessions a batch names by agent key and by id through index probes, not a read of the project", async () => {
    const { commitOnSqlite } = await import("@/server/ingest/commit-sqlite");
    const { rawSqlite } = await import("@/server/db/client");
    const raw = rawSqlite(db)!;
    const write = (sessionId: string, thoughtNumber: number) => {
      const body = {
        sessionId,
        thought: `step ${thoughtNumber}`,
        thoughtNumber,
        totalThoughts: 3,
        nextThoughtNeeded: true,
      };
      const parsed = parseThoughtInput(body);
      if (!parsed.ok) throw new Error(parsed.problem.message);
      return { projectId, apiKeyId: null, input: parsed.value, raw: body, idempotencyKey: null };
    };
    const byKey = unique("lookup-key");
    const first = commitOnSqlite(raw, [write(byKey, 1), write(unique("lookup-other"), 1)], DEFAULT_LIMITS);
    const byId = first.outcomes[1]!.result!.sessionId;
    // One batch naming one session by the agent's key and the other by the id we issued.
    const second = commitOnSqlite(raw, [write(byKey, 2), write(byId, 2)], DEFAULT_LIMITS);
    expect(second.outcomes.map((o) => [o.status, o.result?.sessionId, o.result?.seq])).toEqual([
      [201, first.outcomes[0]!.result!.sessionId, 2],
      [201, byId, 2],
    ]);

    const plan = (
      raw.prepare(`EXPLAIN QUERY PLAN ${SESSIONS_BY_REF}`).all(projectId, "[]", "[]", projectId) as {
        detail: string;
      }[]
    ).map((r) => r.detail);
    const sessionReads = plan.filter((d) => d.includes("ThinkingSession"));
    expect(sessionReads).toHaveLength(2);
    for (const read of sessionReads)
      expect(read).toMatch(/^SEARCH ThinkingSession USING .*\((projectId=\? AND key=\?|id=\?)\)$/);
  });
});
