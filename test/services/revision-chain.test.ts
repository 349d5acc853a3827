// A thought's revision chain read from a real SQLite file and a real PostgreSQL database: revision thoughts linked by
// revisesThoughtId and the versions revise_thought kept, in order, scoped to the thought's project.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uuidv7 } from "@/lib/ids";
import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { NotFoundError } from "@/server/errors";
import { revisionChain } from "@/server/services/sessions/revision-chain";
import { freshPgUrl } from "@/test/support/pg";
import { seedProject, seedSession } from "@/test/support/seed";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

describe.each(["sqlite", "postgresql"] as const)("revision chain on %s", (provider) => {
  let db: Db;
  let projectId = "";
  let ids: string[] = [];

  beforeAll(async () => {
    const url = provider === "sqlite" ? freshSqliteUrl("revision-chain") : await freshPgUrl("revision_chain");
    await applyMigrations(url);
    db = createDb(url);
    projectId = await seedProject(db);
    // Thought 1 edited twice by revise_thought (v1, v2 kept; v3 current); thought 3 revises 1; thought 5 revises 3.
    ids = (await seedSession(db, projectId, 5)).thoughtIds;
    await db.thought.update({ where: { id: ids[0]! }, data: { version: 3, text: "one v3" } });
    for (const [version, text] of [
      [1, "one v1"],
      [2, "one v2"],
    ] as const) {
      await db.thoughtVersion.create({
        data: { id: uuidv7(), thoughtId: ids[0]!, version, snapshot: { text, thoughtNumber: 1 } },
      });
    }
    await db.thought.update({ where: { id: ids[2]! }, data: { isRevision: true, revisesThoughtId: ids[0]! } });
    await db.thought.update({ where: { id: ids[4]! }, data: { isRevision: true, revisesThoughtId: ids[2]! } });
  });
  afterAll(async () => {
    await db?.$disconnect();
  });

  it("lists every text from the first version to the last reviser, with the asked-for thought marked", async () => {
    const chain = await revisionChain(db, projectId, ids[2]!);
    expect(chain.steps.map((s) => [s.thoughtNumber, s.version, s.current, s.text])).toEqual([
      [1, 1, false, "one v1"],
      [1, 2, false, "one v2"],
      [1, 3, true, "one v3"],
      [3, 1, true, "thought 3"],
      [5, 1, true, "thought 5"],
    ]);
    expect(chain.at).toBe(3);
    expect(chain.alternatives).toBe(0);
  });

  it("a thought outside any revision is a chain of one", async () => {
    const chain = await revisionChain(db, projectId, ids[1]!);
    expect(chain.steps.map((s) => s.text)).toEqual(["thought 2"]);
    expect(chain.at).toBe(0);
  });

  it("another project's thought is not found", async () => {
    const other = await seedProject(db);
    await expect(revisionChain(db, other, ids[0]!)).rejects.toBeInstanceOf(NotFoundError);
  });
});
