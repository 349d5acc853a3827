// Scoring from the dashboard through the tRPC router (real SQLite): the local user's scores beside two API keys',
// agreement numbers against a hand-computed example, values checked against the config (BAD_REQUEST naming
// `value`), the sessions list's score column and sort, and no scoring at all through a share link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshServiceDb } from "@/test/support/service-db";

type Caller = ReturnType<typeof import("@/server/trpc/root").createCaller>;
let local: Caller;
let createCaller: typeof import("@/server/trpc/root").createCaller;
let createContext: typeof import("@/server/trpc/init").createTrpcContext;
let projectId = "";
let sessionId = "";
let otherSessionId = "";
let thoughtIds: string[] = [];

beforeAll(async () => {
  // These callers are single-user mode's local owner (accounts and roles: test/services/permissions.test.ts).
  process.env.THOUGHTGRAPH_SINGLE_USER = "1";
  const { writeSession, projectId: project } = await freshServiceDb("scoring-trpc");
  projectId = project;
  createCaller = (await import("@/server/trpc/root")).createCaller;
  createContext = (await import("@/server/trpc/init")).createTrpcContext;
  const texts = (key: string, n: number) => Array.from({ length: n }, (_, i) => `${key} ${i + 1}`);
  ({ session: sessionId, ids: thoughtIds } = await writeSession("scoring-a", texts("scoring-a", 4)));
  otherSessionId = (await writeSession("scoring-b", texts("scoring-b", 1))).session;
  local = createCaller(await createContext());
});

afterAll(async () => {
  await (await import("@/server/db/client")).closeDb();
});

async function apiKeyAuthor(name: string) {
  const { createApiKey } = await import("@/server/auth/api-keys");
  const { getDb } = await import("@/server/db/client");
  const key = await createApiKey(getDb(), projectId, name);
  return { author: { kind: "key" as const, apiKeyId: key.id }, key };
}

async function scoreAsKey(apiKeyId: string, configId: string, thoughtId: string, value: unknown) {
  const { upsertScore } = await import("@/server/services/scores/scores");
  const { getDb } = await import("@/server/db/client");
  await upsertScore(getDb(), projectId, { kind: "key", apiKeyId }, { configId, thoughtId, value });
}

describe("scoring over tRPC", () => {
  it("computes κ and α per reviewer pair as by hand, with authors in words", async () => {
    const config = await local.scores.createConfig({
      name: "verdict",
      type: "categorical",
      categories: ["bad", "good"],
    });
    const a = await apiKeyAuthor("judge-a");
    const b = await apiKeyAuthor("judge-b");
    const A = ["good", "good", "bad", "bad"];
    const B = ["good", "bad", "bad", "bad"];
    const me = ["good", "good", "bad", "good"];
    for (const [i, thoughtId] of thoughtIds.entries()) {
      await scoreAsKey(a.author.apiKeyId, config.id, thoughtId, A[i]);
      await scoreAsKey(b.author.apiKeyId, config.id, thoughtId, B[i]);
      await local.scores.upsertMine({ configId: config.id, thoughtId, value: me[i] });
    }

    const agreement = await local.scores.agreement({ configId: config.id });
    expect(agreement.scoreCount).toBe(12);
    const report = agreement.report!;
    expect(report.configType).toBe("categorical");
    if (report.configType === "numeric") throw new Error("expected a categorical report");
    const keyA = `key:${a.key.id}`;
    const keyB = `key:${b.key.id}`;
    const kappa = (x: string, y: string) =>
      report.pairs.find((p) => p.raters.includes(x) && p.raters.includes(y))!.kappa;
    // A–B: p_o = 3/4, p_e = (2·1 + 2·3)/16 = 1/2 → κ = 0.5. A–me: p_o = 3/4, p_e = 1/2 → 0.5.
    // B–me: p_o = 2/4, p_e = (1·3 + 3·1)/16 = 3/8 → κ = (1/2 − 3/8)/(5/8) = 0.2.
    expect(kappa(keyA, keyB)).toMatchObject({ n: 4 });
    expect(kappa(keyA, keyB).value).toBeCloseTo(0.5, 12);
    expect(kappa(keyA, "user:local").value).toBeCloseTo(0.5, 12);
    expect(kappa(keyB, "user:local").value).toBeCloseTo(0.2, 12);
    // Nominal α: observed 0 + 2 + 0 + 2 = 4 over 4 units of 3; 6 × good, 6 × bad → 1 − 11·4/(144 − 72) = 7/18.
    expect(report.alpha).toMatchObject({ n: 4, values: 12 });
    expect(report.alpha.value).toBeCloseTo(7 / 18, 12);
    expect(agreement.raterLabels).toEqual({
      [keyA]: `API key judge-a (${a.key.prefix}…)`,
      [keyB]: `API key judge-b (${b.key.prefix}…)`,
      "user:local": "you",
    });
    expect(agreement.distribution).toEqual({
      kind: "counts",
      total: 12,
      counts: [
        { label: "bad", count: 6 },
        { label: "good", count: 6 },
      ],
    });

    const { scores } = await local.scores.ofSession({ sessionId });
    const mine = scores.filter((s) => s.mine);
    expect(mine).toHaveLength(4);
    expect(mine.every((s) => s.authorKey === "user:local" && s.authorId === null && s.authorLabel === "you")).toBe(
      true,
    );
  });

  it("keeps one score per config and target for me, edits it, deletes it", async () => {
    const config = await local.scores.createConfig({ name: "quality", type: "numeric", min: 1, max: 5, step: 1 });
    const thoughtId = thoughtIds[0]!;
    const first = await local.scores.upsertMine({ configId: config.id, thoughtId, value: 2 });
    const again = await local.scores.upsertMine({ configId: config.id, thoughtId, value: 4, comment: "better" });
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({ value: 4, comment: "better", source: "user" });
    const chips = await local.scores.chips({ sessionId });
    expect(chips.meanOf).toEqual({ id: config.id, name: "quality" });
    expect(chips.chips.find((c) => c.thoughtId === thoughtId)).toMatchObject({ mean: 4 });
    // An older numeric config the session is not scored with does not take the chips over.
    const older = await local.scores.createConfig({ name: "depth", type: "numeric", min: 0, max: 10 });
    const { getDb } = await import("@/server/db/client");
    await getDb().scoreConfig.update({ where: { id: older.id }, data: { createdAt: new Date(0) } });
    expect((await local.scores.chips({ sessionId })).meanOf?.id).toBe(config.id);
    await local.scores.archiveConfig({ id: older.id });

    await local.scores.upsertMine({ configId: config.id, sessionId, value: 5 });
    const page = await local.sessions.table({ sort: "score", scoreConfigId: config.id, order: "desc" });
    expect(page.sessions[0]!.id).toBe(sessionId);
    expect(page.sessions.map((s) => s.id)).toContain(otherSessionId);
    expect(page.scores[sessionId]!.find((s) => s.configId === config.id)).toMatchObject({ count: 2, mean: 4.5 });
    const unscored = await local.sessions.table({ scored: false, scoreConfigId: config.id });
    expect(unscored.sessions.map((s) => s.id)).toEqual([otherSessionId]);

    await local.scores.deleteMine({ id: first.id });
    const left = (await local.scores.ofSession({ sessionId })).scores.filter((s) => s.mine && s.configId === config.id);
    expect(left.map((s) => s.thoughtId)).toEqual([null]);
  });

  it("refuses a value outside the config with a BAD_REQUEST naming value", async () => {
    const config = await local.scores.createConfig({ name: "stars", type: "numeric", min: 1, max: 5, step: 1 });
    const error = await local.scores
      .upsertMine({ configId: config.id, thoughtId: thoughtIds[1]!, value: 7 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "BAD_REQUEST" });
    expect((error as Error).message).toMatch(/^value must be a number from 1 to 5/);
    expect((error as { cause?: { field?: string } }).cause?.field).toBe("value");
    const missing = await local.scores
      .upsertMine({ configId: config.id, thoughtId: thoughtIds[1]! })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: "BAD_REQUEST" });
    expect((missing as Error).message).toContain("value");
  });

  it("answers NOT_FOUND to a share-link visitor for every scoring call", async () => {
    const link = await local.sessions.createShareLink({ sessionId });
    const visitor = createCaller(
      await createContext({
        req: new Request("http://localhost/api/trpc", { headers: { "x-thoughtgraph-share": link.token } }),
      }),
    );
    const [config] = await local.scores.configs();
    const calls = [
      () => visitor.scores.configs(),
      () => visitor.scores.ofSession({ sessionId }),
      () => visitor.scores.chips({ sessionId }),
      () => visitor.scores.agreement({ configId: config!.id }),
      () => visitor.scores.upsertMine({ configId: config!.id, thoughtId: thoughtIds[0]!, value: "good" }),
      () => visitor.scores.createConfig({ name: "sneaky", type: "boolean" }),
    ];
    for (const call of calls) await expect(call()).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
