// Score configs and scores through the service functions, on a real SQLite file and a real PostgreSQL database:
// one score per config × target × author (NULL-free author keys, concurrent posts included), a used config is
// archived and never edited, and another project's thought, session or config answers 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { ScoreConfigInput, ScoreInput } from "@/lib/contracts/scores";
import { uuidv7 } from "@/lib/ids";
import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { ConflictError, NotFoundError, ValidationError } from "@/server/errors";
import { archiveScoreConfig, createScoreConfig, listScoreConfigs } from "@/server/services/scores/score-configs";
import { deleteScore, scoreSummaries, upsertScore, type ScoreAuthor } from "@/server/services/scores/scores";
import { getSessionGraph } from "@/server/services/sessions/sessions";
import { freshPgUrl } from "@/test/support/pg";
import { seedMember, seedProject, seedSession, unique } from "@/test/support/seed";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

const seedUser = async (db: Db, projectId: string, name: string | null = null) =>
  (await seedMember(db, projectId, "annotator", name)).id;

/** A session's scores (its own and its thoughts'), as the session view shows them. */
const sessionScores = async (db: Db, projectId: string, ref: string) => {
  const graph = await getSessionGraph(db, projectId, ref);
  return [...graph.scores, ...graph.thoughts.flatMap((t) => t.scores)];
};

const likert = (name = unique("quality")): ScoreConfigInput => ({ name, type: "numeric", min: 1, max: 5, step: 1 });

describe.each(["sqlite", "postgresql"] as const)("scores on %s", (provider) => {
  let db: Db;
  let projectId = "";
  let otherProjectId = "";

  beforeAll(async () => {
    const url = provider === "sqlite" ? freshSqliteUrl("scores") : await freshPgUrl("scores");
    await applyMigrations(url);
    db = createDb(url);
    projectId = await seedProject(db);
    otherProjectId = await seedProject(db);
  });

  afterAll(async () => {
    await db?.$disconnect();
  });

  const score = (author: ScoreAuthor, input: ScoreInput, project = projectId) =>
    upsertScore(db, project, author, input);
  const countScores = (configId: string) => db.score.count({ where: { configId } });

  describe("configs", () => {
    it("creates, lists and refuses a second active config with the same name", async () => {
      const input = likert();
      const created = await createScoreConfig(db, projectId, input);
      expect(created).toMatchObject({ name: input.name, type: "numeric", min: 1, max: 5, step: 1, scoreCount: 0 });
      expect((await listScoreConfigs(db, projectId)).map((c) => c.id)).toContain(created.id);
      const dup = createScoreConfig(db, projectId, { name: input.name, type: "boolean" });
      await expect(dup).rejects.toBeInstanceOf(ConflictError);
      await expect(dup).rejects.toMatchObject({ status: 409, field: "name" });
      // The same name in another project is another config.
      await expect(createScoreConfig(db, otherProjectId, input)).resolves.toMatchObject({ name: input.name });
    });

    it("stores categorical labels with their values", async () => {
      const c = await createScoreConfig(db, projectId, {
        name: unique("verdict"),
        type: "categorical",
        categories: [
          { label: "wrong", value: 0 },
          { label: "right", value: 1 },
        ],
      });
      expect(c.categories).toEqual([
        { label: "wrong", value: 0 },
        { label: "right", value: 1 },
      ]);
    });

    it("a used config is changed only by archiving it and creating a new version", async () => {
      const c = await createScoreConfig(db, projectId, likert());
      const { thoughtIds } = await seedSession(db, projectId);
      await score({ kind: "agent" }, { thoughtId: thoughtIds[0]!, configId: c.id, value: 4 });
      expect((await listScoreConfigs(db, projectId)).find((x) => x.id === c.id)).toMatchObject({ scoreCount: 1 });

      const archived = await archiveScoreConfig(db, projectId, c.id);
      expect(archived.archivedAt).not.toBeNull();
      expect(await archiveScoreConfig(db, projectId, c.id)).toEqual(archived); // idempotent
      expect((await listScoreConfigs(db, projectId)).map((x) => x.id)).not.toContain(c.id);
      expect((await listScoreConfigs(db, projectId, { includeArchived: true })).map((x) => x.id)).toContain(c.id);

      // An archived config takes no new scores; its name is free for the next version; its scores stay.
      await expect(
        score({ kind: "agent" }, { thoughtId: thoughtIds[1]!, name: c.name, value: 3 }),
      ).rejects.toMatchObject({ status: 404, field: "name" });
      await expect(
        score({ kind: "agent" }, { thoughtId: thoughtIds[1]!, configId: c.id, value: 3 }),
      ).rejects.toMatchObject({ status: 409, field: "configId" });
      const v2 = await createScoreConfig(db, projectId, likert(c.name));
      expect(v2.id).not.toBe(c.id);
      const s = await score({ kind: "agent" }, { thoughtId: thoughtIds[1]!, name: c.name, value: 3 });
      expect(s.score.configId).toBe(v2.id);
      expect(await countScores(c.id)).toBe(1);
    });
  });

  describe("one score per config × target × author", () => {
    it("re-posting by the same author updates; other authors, keys, the agent and the session each get their own", async () => {
      const c = await createScoreConfig(db, projectId, likert());
      const { sessionId, key, thoughtIds } = await seedSession(db, projectId);
      const t = thoughtIds[0]!;
      const alice: ScoreAuthor = { kind: "user", userId: await seedUser(db, projectId, "Alice") };
      const bob: ScoreAuthor = { kind: "user", userId: await seedUser(db, projectId) };
      const keyA = await db.apiKey.create({
        data: { id: uuidv7(), projectId, name: "judge", hash: unique("h"), prefix: "tg_", last4: "abcd" },
      });

      const first = await score(alice, { thoughtId: t, name: c.name, value: 2, comment: "weak" });
      expect(first.created).toBe(true);
      expect(first.score).toMatchObject({
        value: 2,
        comment: "weak",
        source: "user",
        authorKey: `user:${alice.kind === "user" ? alice.userId : ""}`,
        authorName: "Alice",
        thoughtId: t,
        sessionId,
      });
      const again = await score(alice, { thoughtId: t, name: c.name, value: "4" });
      expect(again).toMatchObject({ created: false, score: { id: first.score.id, value: 4, comment: null } });

      expect((await score(bob, { thoughtId: t, name: c.name, value: 5 })).created).toBe(true);
      const byKey = await score({ kind: "key", apiKeyId: keyA.id }, { thoughtId: t, name: c.name, value: 1 });
      expect(byKey.score).toMatchObject({ source: "key", authorKey: `key:${keyA.id}`, apiKeyId: keyA.id });
      // NULL authorId on both agent scores, yet the second one updates the first.
      expect((await score({ kind: "agent" }, { thoughtId: t, name: c.name, value: 3 })).created).toBe(true);
      expect((await score({ kind: "agent" }, { thoughtId: t, name: c.name, value: 2 })).created).toBe(false);
      // The session is another target (by our id or by the agent's key: the same session).
      expect((await score(alice, { sessionId, name: c.name, value: 5 })).created).toBe(true);
      expect((await score(alice, { sessionId: key, name: c.name, value: 4 })).created).toBe(false);
      expect((await score(alice, { thoughtId: thoughtIds[1]!, name: c.name, value: 1 })).created).toBe(true);

      expect(await countScores(c.id)).toBe(6);
      const all = await sessionScores(db, projectId, sessionId);
      expect(all.filter((s) => s.thoughtId === t).map((s) => [s.authorKey.split(":")[0], s.value])).toEqual([
        ["user", 4],
        ["user", 5],
        ["key", 1],
        ["agent", 2],
      ]);

      const graph = await getSessionGraph(db, projectId, sessionId);
      expect(graph.thoughts[0]!.scores).toHaveLength(4);
      expect(graph.thoughts[1]!.scores.map((s) => s.value)).toEqual([1]);
      expect(graph.scores).toEqual([expect.objectContaining({ thoughtId: null, value: 4, name: c.name })]);

      const summary = (await scoreSummaries(db, projectId, [sessionId])).get(sessionId);
      expect(summary).toEqual([
        { configId: c.id, name: c.name, type: "numeric", count: 6, mean: (4 + 5 + 1 + 2 + 4 + 1) / 6 },
      ]);

      await expect(deleteScore(db, projectId, bob, first.score.id)).rejects.toBeInstanceOf(NotFoundError);
      await deleteScore(db, projectId, alice, first.score.id);
      expect(await countScores(c.id)).toBe(5);
    });

    it("concurrent posts by one author leave exactly one score", async () => {
      const c = await createScoreConfig(db, projectId, likert());
      const { thoughtIds } = await seedSession(db, projectId, 1);
      const author: ScoreAuthor = { kind: "key", apiKeyId: uuidv7() };
      // The key id needs a row for the foreign key.
      await db.apiKey.create({
        data: { id: author.apiKeyId, projectId, name: "k", hash: unique("h"), prefix: "tg_", last4: "0000" },
      });
      const results = await Promise.all(
        [1, 2, 3, 4, 5].map((value) => score(author, { thoughtId: thoughtIds[0]!, name: c.name, value })),
      );
      expect(new Set(results.map((r) => r.score.id)).size).toBe(1);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(await countScores(c.id)).toBe(1);
    });

    it("refuses a value outside the config, naming `value`, and writes nothing", async () => {
      const c = await createScoreConfig(db, projectId, likert());
      const { thoughtIds } = await seedSession(db, projectId, 1);
      for (const value of [0, 6, 2.5, "great", true]) {
        const p = score({ kind: "agent" }, { thoughtId: thoughtIds[0]!, name: c.name, value });
        await expect(p).rejects.toBeInstanceOf(ValidationError);
        await expect(p).rejects.toMatchObject({ field: "value" });
        await expect(p).rejects.toThrow(/from 1 to 5/);
      }
      expect(await countScores(c.id)).toBe(0);
    });

    it("summarises categorical and boolean configs by their values, text by count", async () => {
      const verdict = await createScoreConfig(db, projectId, {
        name: unique("verdict"),
        type: "categorical",
        categories: [
          { label: "wrong", value: 0 },
          { label: "right", value: 1 },
        ],
      });
      const flag = await createScoreConfig(db, projectId, { name: unique("flag"), type: "boolean" });
      const note = await createScoreConfig(db, projectId, { name: unique("note"), type: "text" });
      const { sessionId, thoughtIds } = await seedSession(db, projectId, 2);
      const [a, b] = [await seedUser(db, projectId), await seedUser(db, projectId)];
      const s = (userId: string, input: ScoreInput) => score({ kind: "user", userId }, input);
      await s(a, { thoughtId: thoughtIds[0]!, name: verdict.name, value: "right" });
      await s(b, { thoughtId: thoughtIds[0]!, name: verdict.name, value: "Wrong" });
      await s(a, { thoughtId: thoughtIds[1]!, name: verdict.name, value: "right" });
      await s(a, { sessionId, name: flag.name, value: "true" });
      await s(b, { sessionId, name: flag.name, value: false });
      const t = await s(a, { sessionId, name: note.name, value: "clear" });
      expect(t.score).toMatchObject({ value: null, stringValue: "clear", type: "text" });

      const byName = new Map(
        (await scoreSummaries(db, projectId, [sessionId])).get(sessionId)!.map((x) => [x.name, x]),
      );
      expect(byName.get(verdict.name)).toMatchObject({ count: 3, mean: 2 / 3 });
      expect(byName.get(flag.name)).toMatchObject({ count: 2, mean: 0.5 });
      expect(byName.get(note.name)).toMatchObject({ count: 1, mean: null });
      const wrong = (await sessionScores(db, projectId, sessionId)).find((x) => x.stringValue === "wrong");
      expect(wrong).toMatchObject({ value: 0, name: verdict.name, type: "categorical" });
    });
  });

  describe("project scope", () => {
    it("another project's thought, session and config answer 404 and write nothing", async () => {
      const mine = await createScoreConfig(db, projectId, likert());
      const theirs = await createScoreConfig(db, otherProjectId, likert(mine.name));
      const foreign = await seedSession(db, otherProjectId, 1);
      const agent: ScoreAuthor = { kind: "agent" };

      await expect(
        score(agent, { thoughtId: foreign.thoughtIds[0]!, name: mine.name, value: 3 }),
      ).rejects.toMatchObject({ status: 404, field: "thoughtId" });
      await expect(score(agent, { sessionId: foreign.sessionId, name: mine.name, value: 3 })).rejects.toMatchObject({
        status: 404,
        field: "sessionId",
      });
      await expect(score(agent, { sessionId: foreign.key, name: mine.name, value: 3 })).rejects.toMatchObject({
        status: 404,
        field: "sessionId",
      });
      const { thoughtIds } = await seedSession(db, projectId, 1);
      await expect(score(agent, { thoughtId: thoughtIds[0]!, configId: theirs.id, value: 3 })).rejects.toMatchObject({
        status: 404,
        field: "configId",
      });
      await expect(archiveScoreConfig(db, projectId, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
      await expect(sessionScores(db, projectId, foreign.sessionId)).rejects.toBeInstanceOf(NotFoundError);
      expect((await listScoreConfigs(db, projectId)).map((c) => c.id)).not.toContain(theirs.id);
      expect(await countScores(mine.id)).toBe(0);
      expect(await countScores(theirs.id)).toBe(0);

      // Scores of the other project stay out of this project's summaries, even for its session ids.
      await score(agent, { sessionId: foreign.sessionId, name: theirs.name, value: 2 }, otherProjectId);
      expect((await scoreSummaries(db, projectId, [foreign.sessionId])).size).toBe(0);
      expect((await scoreSummaries(db, otherProjectId, [foreign.sessionId])).get(foreign.sessionId)).toHaveLength(1);
    });
  });
});
