// The memory services (server/services/memory/) against both real back ends: a migrated SQLite file and a fresh
// database on the run's PostgreSQL cluster. Inputs go through the tools' contract parser, as every door does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  parseMemoryInput,
  ZRecallResult,
  ZRememberResult,
  ZSearchResult,
  type MemoryToolName,
} from "@/lib/contracts/thoughtmcp-memory";
import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { forget, remember, updateMemory } from "@/server/services/memory/memories";
import { MemoryNotFoundError } from "@/server/services/memory/memory-errors";
import { recall, searchMemories } from "@/server/services/memory/memory-queries";
import { listMemories, memoriesOfSession, memoryDetail, memoryGraph } from "@/server/services/memory/memory-dashboard";
import { freshPgUrl } from "@/test/support/pg";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

const DAY = 86_400_000;

function input<N extends MemoryToolName>(tool: N, raw: unknown) {
  const parsed = parseMemoryInput(tool, raw);
  if (!parsed.ok) throw new Error(`bad test input: ${parsed.problem.field}: ${parsed.problem.message}`);
  return parsed.value;
}

describe.each(["sqlite", "postgresql"] as const)("memory services on %s", (provider) => {
  let db: Db;
  let project = "";
  let other = "";
  let n = 0;
  const user = () => `user-${++n}`;

  beforeAll(async () => {
    const url = provider === "sqlite" ? freshSqliteUrl("memory") : await freshPgUrl("memory");
    await applyMigrations(url);
    db = createDb(url);
    project = `p-${provider}-a`;
    other = `p-${provider}-b`;
    await db.project.createMany({
      data: [
        { id: project, slug: project, name: "A" },
        { id: other, slug: other, name: "B" },
      ],
    });
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  const rememberAs = (userId: string, content: string, extra: Record<string, unknown> = {}, p = project) =>
    remember(
      db,
      p,
      input("remember", { content, userId, sessionId: "session-456", primarySector: "semantic", ...extra }),
    );

  it("remembers the seed's example and answers the seed's shape, saying the similarity is lexical", async () => {
    const u = user();
    const a = await rememberAs(u, "User prefers dark mode for all applications", {
      metadata: {
        keywords: ["preference", "dark mode", "ui"],
        tags: ["settings", "user-preference"],
        category: "preferences",
        importance: 0.8,
      },
    });
    expect(a.data.memoryId).toMatch(/^mem-/);
    expect(ZRememberResult.parse(a.data)).toEqual({
      memoryId: a.data.memoryId,
      embeddingsGenerated: 0,
      linksCreated: 0,
      salience: 0.8,
      strength: 1,
      similarity: "lexical",
    });
    expect(a.componentsUsed).toContain("lexicalSimilarity");
    const row = await db.memory.findUniqueOrThrow({ where: { id: a.data.memoryId } });
    expect(row).toMatchObject({ projectId: project, userId: u, importance: 0.8, primarySector: "semantic" });
    expect(row.metadata).toEqual({
      keywords: ["preference", "dark mode", "ui"],
      tags: ["settings", "user-preference"],
      category: "preferences",
    });
  });

  it("links a new memory to its most similar ones above 0.7, at most 3, in both directions", async () => {
    const u = user();
    const unrelated = await rememberAs(u, "The deploy pipeline runs on Fridays");
    const first = await rememberAs(u, "User prefers dark mode in the editor");
    expect(first.data.linksCreated).toBe(0);
    const ids = [first.data.memoryId];
    for (let i = 0; i < 3; i++) ids.push((await rememberAs(u, "User prefers dark mode in the editor")).data.memoryId);
    const fifth = await rememberAs(u, "User prefers dark mode in the editor");
    expect(fifth.data.linksCreated).toBe(3);
    const out = await db.memoryLink.findMany({ where: { sourceId: fifth.data.memoryId } });
    const back = await db.memoryLink.findMany({ where: { targetId: fifth.data.memoryId } });
    expect(out).toHaveLength(3);
    expect(back.map((l) => l.sourceId).sort()).toEqual(out.map((l) => l.targetId).sort());
    for (const l of [...out, ...back]) expect(l.weight).toBeGreaterThanOrEqual(0.7);
    // Sharing "the" and "on" with the others is far below the threshold: no link.
    expect(
      await db.memoryLink.count({
        where: { OR: [{ sourceId: unrelated.data.memoryId }, { targetId: unrelated.data.memoryId }] },
      }),
    ).toBe(0);
  });

  it("recall scores with the seed's formula (hand-computed) and pages with offset", async () => {
    const u = user();
    const a = await rememberAs(u, "alpha beta gamma", { metadata: { importance: 0.8 } });
    const b = await rememberAs(u, "delta epsilon", { metadata: { importance: 0.4 } });
    // a: half a year old (recency 0.5); b: new (recency 1). No links.
    await db.memory.update({ where: { id: a.data.memoryId }, data: { createdAt: new Date(Date.now() - 182.5 * DAY) } });

    const noText = ZRecallResult.parse((await recall(db, project, input("recall", { userId: u }))).data);
    // Without text: 0.5·salience + 0.25·recency + 0.25·linkWeight.
    expect(noText.totalCount).toBe(2);
    expect(noText.scores[a.data.memoryId]).toBeCloseTo(0.5 * 0.8 + 0.25 * 0.5, 3);
    expect(noText.scores[b.data.memoryId]).toBeCloseTo(0.5 * 0.4 + 0.25 * 1, 3);
    expect(noText.memories.map((m) => m.id)).toEqual([a.data.memoryId, b.data.memoryId]);

    // With text: only memories sharing words; identical words give similarity 1.
    const withText = (await recall(db, project, input("recall", { userId: u, text: "alpha beta gamma" }))).data;
    expect(withText.similarity).toBe("lexical");
    expect(withText.memories.map((m) => m.id)).toEqual([a.data.memoryId]);
    expect(withText.memories[0]!.score).toBeCloseTo(0.6 * 1 + 0.2 * 0.8 + 0.1 * 0.5, 3);

    const second = (await recall(db, project, input("recall", { userId: u, limit: 1, offset: 1 }))).data;
    expect(second.totalCount).toBe(2);
    expect(second.memories.map((m) => m.id)).toEqual([b.data.memoryId]);
  });

  it("recall counts waypoint links in linkWeight", async () => {
    const u = user();
    const a = await rememberAs(u, "the cat sat on the mat today");
    const b = await rememberAs(u, "the cat sat on the mat today");
    expect(b.data.linksCreated).toBe(1);
    const link = await db.memoryLink.findFirstOrThrow({ where: { sourceId: a.data.memoryId } });
    const r = (await recall(db, project, input("recall", { userId: u }))).data;
    expect(r.scores[a.data.memoryId]).toBeCloseTo(0.5 * 0.5 + 0.25 * 1 + 0.25 * (link.weight / 3), 2);
  });

  it("recall and search filter by sectors, strength, salience, dates and metadata", async () => {
    const u = user();
    const sem = await rememberAs(u, "filter probe one", {
      metadata: { tags: ["x", "y"], category: "Prefs", importance: 0.9 },
    });
    const epi = await rememberAs(u, "filter probe two", { primarySector: "episodic", metadata: { keywords: ["k"] } });
    await db.memory.update({ where: { id: epi.data.memoryId }, data: { createdAt: new Date("2025-01-01T00:00:00Z") } });
    const ids = async (extra: Record<string, unknown>) =>
      (await recall(db, project, input("recall", { userId: u, ...extra }))).data.memories.map((m) => m.id).sort();
    const searchIds = async (extra: Record<string, unknown>) =>
      (await searchMemories(db, project, input("search", { userId: u, text: "probe", ...extra }))).data.memories
        .map((m) => m.id)
        .sort();
    for (const find of [ids, searchIds]) {
      expect(await find({ sectors: ["episodic"] })).toEqual([epi.data.memoryId]);
      expect(await find({ primarySector: "semantic" })).toEqual([sem.data.memoryId]);
      expect(await find({ minSalience: 0.6 })).toEqual([sem.data.memoryId]);
      expect(await find({ dateRange: { end: "2025-06-01T00:00:00Z" } })).toEqual([epi.data.memoryId]);
      expect(await find({ dateRange: { start: "2025-06-01T00:00:00Z" } })).toEqual([sem.data.memoryId]);
      expect(await find({ metadata: { tags: ["x", "Y"], category: "prefs" } })).toEqual([sem.data.memoryId]);
      expect(await find({ metadata: { tags: ["x", "z"] } })).toEqual([]);
      expect(await find({ metadata: { keywords: ["k"] } })).toEqual([epi.data.memoryId]);
    }
    await updateMemory(db, project, input("update_memory", { memoryId: sem.data.memoryId, userId: u, strength: 0.3 }));
    expect(await ids({ minStrength: 0.5 })).toEqual([epi.data.memoryId]);
  });

  it("search: AND, OR, NOT and phrases, ranked, with the seed's HTML highlight, plain ranges and matched terms", async () => {
    const u = user();
    const dark = await rememberAs(u, "User prefers <b>dark mode</b> for all applications");
    const light = await rememberAs(u, "Light mode is the default theme");
    await rememberAs(u, "Dark chocolate over milk chocolate");
    const run = async (text: string) =>
      ZSearchResult.parse((await searchMemories(db, project, input("search", { userId: u, text }))).data);
    const r = await run("dark AND mode");
    expect(r.searchType).toBe("full-text");
    expect(r.memories.map((m) => m.id)).toEqual([dark.data.memoryId]);
    const m = r.memories[0]!;
    // The stored <b> is text: escaped, and only the matches are marked.
    expect(m.highlight).toBe("User prefers &lt;b&gt;<b>dark mode</b>&lt;/b&gt; for all applications");
    expect(m.highlightText).toBe("User prefers <b>dark mode</b> for all applications");
    expect(m.highlightRanges.map((x) => m.highlightText.slice(x.start, x.end))).toEqual(["dark", "mode"]);
    expect(m.matchedTerms).toEqual(["dark", "mode"]);
    expect((await run('"mode is"')).memories.map((x) => x.id)).toEqual([light.data.memoryId]);
    expect((await run("mode NOT light")).memories.map((x) => x.id)).toEqual([dark.data.memoryId]);
    expect((await run("prefers OR theme")).totalCount).toBe(2);
    expect((await run("chocolate")).memories[0]!.rank).toBeGreaterThan(0);
  });

  it("soft delete hides a memory from recall and search; hard delete removes it and both link directions", async () => {
    const u = user();
    const a = await rememberAs(u, "cascade probe words here");
    const b = await rememberAs(u, "cascade probe words here");
    expect(b.data.linksCreated).toBe(1);
    const soft = await forget(db, project, input("forget", { memoryId: a.data.memoryId, userId: u, soft: true }));
    expect(soft.data).toMatchObject({ memoryId: a.data.memoryId, deletionType: "soft" });
    expect((await db.memory.findUniqueOrThrow({ where: { id: a.data.memoryId } })).strength).toBe(0);
    const visible = async () => [
      ...(await recall(db, project, input("recall", { userId: u, text: "cascade probe" }))).data.memories.map(
        (m) => m.id,
      ),
      ...(await searchMemories(db, project, input("search", { userId: u, text: "cascade" }))).data.memories.map(
        (m) => m.id,
      ),
      ...(await recall(db, project, input("recall", { userId: u, minStrength: 0 }))).data.memories.map((m) => m.id),
    ];
    expect(await visible()).toEqual([b.data.memoryId, b.data.memoryId, b.data.memoryId]);

    const hard = await forget(db, project, input("forget", { memoryId: b.data.memoryId, userId: u }));
    expect(hard.data).toEqual({
      memoryId: b.data.memoryId,
      deletionType: "hard",
      message: "Memory and all related data removed",
    });
    expect(await db.memory.findUnique({ where: { id: b.data.memoryId } })).toBeNull();
    expect(
      await db.memoryLink.count({ where: { OR: [{ sourceId: b.data.memoryId }, { targetId: b.data.memoryId }] } }),
    ).toBe(0);
    if (provider === "sqlite") {
      const fts = await db.$queryRawUnsafe<{ n: number | bigint }[]>(
        `SELECT count(*) AS "n" FROM "MemoryFts" WHERE "MemoryFts" MATCH 'cascade'`,
      );
      expect(Number(fts[0]!.n)).toBe(1); // the soft-deleted one keeps its row; the hard-deleted one's is gone
    }
  });

  it("update_memory changes fields selectively and re-links on new content", async () => {
    const u = user();
    const a = await rememberAs(u, "the quick brown fox jumps", { metadata: { tags: ["t"], importance: 0.5 } });
    const b = await rememberAs(u, "completely different words entirely");
    const r = await updateMemory(
      db,
      project,
      input("update_memory", {
        memoryId: b.data.memoryId,
        userId: u,
        content: "the quick brown fox jumps",
        strength: 0.95,
        metadata: { importance: 0.9, category: "animals" },
      }),
    );
    expect(r.data).toEqual({
      memoryId: b.data.memoryId,
      embeddingsRegenerated: false,
      connectionsUpdated: 1,
      strength: 0.95,
      salience: 0.5,
    });
    const row = await db.memory.findUniqueOrThrow({ where: { id: b.data.memoryId } });
    expect(row).toMatchObject({ content: "the quick brown fox jumps", strength: 0.95, importance: 0.9 });
    expect(row.metadata).toEqual({ category: "animals" });
    expect(await db.memoryLink.count({ where: { sourceId: a.data.memoryId, targetId: b.data.memoryId } })).toBe(1);
    const found = await searchMemories(db, project, input("search", { userId: u, text: "fox" }));
    expect(found.data.totalCount).toBe(2);
  });

  it("isolates projects and users: another project's or user's memory answers not found", async () => {
    const u = user();
    const mine = await rememberAs(u, "isolation secret", {}, other);
    for (const [p, userId] of [
      [project, u],
      [other, "someone-else"],
    ] as const) {
      await expect(
        updateMemory(db, p, input("update_memory", { memoryId: mine.data.memoryId, userId, strength: 0.1 })),
      ).rejects.toBeInstanceOf(MemoryNotFoundError);
      await expect(forget(db, p, input("forget", { memoryId: mine.data.memoryId, userId }))).rejects.toMatchObject({
        code: "not_found",
        field: "memoryId",
        message: `Memory not found: ${mine.data.memoryId}`,
      });
      expect((await recall(db, p, input("recall", { userId, text: "isolation secret" }))).data.totalCount).toBe(0);
      expect((await searchMemories(db, p, input("search", { userId, text: "isolation" }))).data.totalCount).toBe(0);
    }
    expect(await db.memory.count({ where: { id: mine.data.memoryId, strength: 1 } })).toBe(1);
  });

  it("links a memory to the session its sessionId names", async () => {
    const u = user();
    await db.thinkingSession.create({ data: { id: `s-${provider}`, projectId: project, key: "agent-run-7" } });
    const a = await rememberAs(u, "linked to a session", { sessionId: "agent-run-7" });
    expect((await db.memory.findUniqueOrThrow({ where: { id: a.data.memoryId } })).thinkingSessionId).toBe(
      `s-${provider}`,
    );
    // The session view's "Memories (n)" opens the Memories page filtered to the session.
    const elsewhere = await rememberAs(u, "remembered in another session", { sessionId: "agent-run-8" });
    expect((await memoriesOfSession(db, project, `s-${provider}`)).map((m) => m.id)).toEqual([a.data.memoryId]);
    const filtered = await listMemories(db, project, { sessionId: `s-${provider}` });
    expect(filtered.memories.map((m) => m.id)).toEqual([a.data.memoryId]);
    expect(filtered.memories.map((m) => m.id)).not.toContain(elsewhere.data.memoryId);
  });

  it("the dashboard lists, filters and searches memories, shows links both ways and draws each linked pair once", async () => {
    const u = user();
    const a = await rememberAs(u, "dashboard graph probe text");
    const b = await rememberAs(u, "dashboard graph probe text", { primarySector: "procedural" });
    const c = await rememberAs(u, "unrelated dashboard entry");
    await forget(db, project, input("forget", { memoryId: c.data.memoryId, userId: u, soft: true }));

    const page = await listMemories(db, project, { userId: u });
    expect(page.memories.map((m) => m.id)).toEqual([b.data.memoryId, a.data.memoryId]);
    expect(page.memories.map((m) => m.links)).toEqual([1, 1]);
    expect(page.users).toContain(u);
    const withDeleted = await listMemories(db, project, { userId: u, includeDeleted: true });
    expect(withDeleted.memories.find((m) => m.id === c.data.memoryId)).toMatchObject({ deleted: true, strength: 0 });
    expect((await listMemories(db, project, { userId: u, sectors: ["procedural"] })).memories.map((m) => m.id)).toEqual(
      [b.data.memoryId],
    );
    const searched = await listMemories(db, project, { userId: u, q: "graph AND probe" });
    expect(searched.total).toBe(2);
    expect(searched.memories[0]!.ranges).toHaveLength(2);
    expect((await listMemories(db, other, { userId: u })).total).toBe(0);

    const detail = await memoryDetail(db, project, a.data.memoryId);
    expect(detail.links.map((l) => [l.memoryId, l.direction]).sort()).toEqual([
      [b.data.memoryId, "in"],
      [b.data.memoryId, "out"],
    ]);
    await expect(memoryDetail(db, other, a.data.memoryId)).rejects.toMatchObject({ code: "not_found" });

    const graph = await memoryGraph(db, project, { userId: u });
    expect(graph.nodes.map((n) => n.id).sort()).toEqual([a.data.memoryId, b.data.memoryId].sort());
    expect(graph.edges).toHaveLength(1);
    expect(await memoriesOfSession(db, project, "no-such-session")).toEqual([]);
  });
});
