// ThoughtMCP's reasoning and metacognitive services (server/services/reasoning) against a real database of each
// provider (reasoning.sqlite.test.ts, reasoning.postgres.test.ts): every reasoning call leaves a session a reviewer
// can read (think one thought with its mode, analyze the framework's steps, ponder four branches and a synthesis,
// breakdown a tree in execution order with its dependency edges), a sessionId joins an existing session, and a
// metacognitive result given a thoughtId is stored on that thought (one per kind, replaced by the next call).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  ZAnalyzeRequest,
  ZAssessConfidenceRequest,
  ZBreakdownRequest,
  ZDetectBiasRequest,
  ZDetectEmotionRequest,
  ZEvaluateRequest,
  ZPonderRequest,
  ZThinkRequest,
} from "@/lib/contracts/thoughtmcp-reasoning";
import { EXPORT_FORMAT } from "@/lib/contracts/session";
import { DEFAULT_LIMITS } from "@/lib/limits";
import { DependencyCycleError } from "@/lib/thoughtmcp/breakdown";
import { PonderTimeoutError } from "@/lib/thoughtmcp/ponder";

type Services = typeof import("@/server/services/reasoning/reasoning-tools") &
  typeof import("@/server/services/reasoning/metacognition") & {
    graph: typeof import("@/server/services/sessions/sessions").getSessionGraph;
    transfer: typeof import("@/server/services/sessions/session-transfer");
    markdown: typeof import("@/server/services/sessions/session-markdown");
    db: import("@/server/db/client").Db;
    close: () => Promise<void>;
  };

interface Mark {
  tool: string;
  call: string;
  role: string;
  node?: string;
  dependsOn?: { node: string; type: string }[];
}
const markOf = (t: { metadata: unknown }) => (t.metadata as { thoughtmcp: Mark }).thoughtmcp;

export function reasoningSuite(provider: "sqlite" | "postgresql", databaseUrl: () => Promise<string>) {
  // Imported after DATABASE_URL is set: the services use the process's database singleton.
  let svc: Services;
  let projectId = "";
  let otherProjectId = "";
  const who = () => ({ projectId, apiKeyId: null, client: "reasoning-suite" });

  beforeAll(async () => {
    process.env.DATABASE_URL = await databaseUrl();
    const client = await import("@/server/db/client");
    await (await import("@/server/db/migrations")).applyMigrations(process.env.DATABASE_URL);
    const { ensureDefaultProject } = await import("@/server/db/default-project");
    svc = {
      ...(await import("@/server/services/reasoning/reasoning-tools")),
      ...(await import("@/server/services/reasoning/metacognition")),
      graph: (await import("@/server/services/sessions/sessions")).getSessionGraph,
      transfer: await import("@/server/services/sessions/session-transfer"),
      markdown: await import("@/server/services/sessions/session-markdown"),
      db: client.getDb(),
      close: client.closeDb,
    };
    expect(client.getDbProvider()).toBe(provider);
    projectId = (await ensureDefaultProject(svc.db)).id;
    otherProjectId = `other-${Math.random().toString(36).slice(2)}`;
    await svc.db.project.create({ data: { id: otherProjectId, slug: otherProjectId, name: "Other" } });
  });

  afterAll(async () => {
    await (await import("@/server/events/pg-relay")).stopPgRelay();
    await svc?.close();
  });

  describe(`reasoning tools on ${provider}`, () => {
    it("think writes one thought with its mode, in a new session titled by the problem", async () => {
      const raw = { problem: "How to optimize database query performance?", mode: "critical" };
      const a = await svc.thinkTool(who(), ZThinkRequest.parse(raw), raw);
      expect(a.data).toMatchObject({ mode: "critical", status: "completed" });
      expect(a.data.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(a.data.thoughtIds).toEqual([a.data.thoughtId]);
      expect(a.componentsUsed).toContain("template");
      const g = await svc.graph(svc.db, projectId, a.data.sessionId);
      expect(g.session.title).toBe("How to optimize database query performance?");
      expect(g.thoughts).toHaveLength(1);
      const [t] = g.thoughts;
      expect(t).toMatchObject({
        id: a.data.thoughtId,
        stage: "critical",
        thoughtNumber: 1,
        tags: ["thoughtmcp", "think"],
      });
      expect(t!.text).toContain(a.data.conclusion);
      expect(markOf(t!)).toMatchObject({ tool: "think", role: "thought", mode: "critical" });
    });

    it("a sessionId joins the session after its highest thought number, whichever tool wrote it", async () => {
      const first = await svc.analyzeTool(
        who(),
        ZAnalyzeRequest.parse({ problem: "Why does the nightly job fail intermittently?" }),
        {},
      );
      const before = (await svc.graph(svc.db, projectId, first.data.sessionId)).thoughts;
      const top = Math.max(...before.map((t) => t.thoughtNumber));
      const raw = { problem: "What would a fix cost?", mode: "analytical", sessionId: first.data.sessionId };
      const next = await svc.thinkTool(who(), ZThinkRequest.parse(raw), raw);
      expect(next.data.sessionId).toBe(first.data.sessionId);
      const after = (await svc.graph(svc.db, projectId, first.data.sessionId)).thoughts;
      expect(after).toHaveLength(before.length + 1);
      expect(after.at(-1)).toMatchObject({ id: next.data.thoughtId, thoughtNumber: top + 1, flags: [] });
    });

    it("calls joining one session at the same instant get distinct numbers, and their thoughts say ThoughtMCP", async () => {
      const first = await svc.thinkTool(
        who(),
        ZThinkRequest.parse({ problem: "Plan the rollout", mode: "analytical" }),
        {},
      );
      const sessionId = first.data.sessionId;
      const call = (problem: string) => svc.analyzeTool(who(), ZAnalyzeRequest.parse({ problem, sessionId }), {});
      const [a, b, c] = await Promise.all([
        call("Why does the canary fail?"),
        call("What does the rollback cost?"),
        svc.thinkTool(who(), ZThinkRequest.parse({ problem: "Who signs off?", mode: "critical", sessionId }), {}),
      ]);
      const thoughts = (await svc.graph(svc.db, projectId, sessionId)).thoughts;
      expect(thoughts).toHaveLength(1 + a.data.thoughtIds.length + b.data.thoughtIds.length + 1);
      // All on the main line: one number each, 1..n without a repeat.
      const numbers = thoughts.map((t) => t.thoughtNumber).sort((x, y) => x - y);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      expect(c.data.sessionId).toBe(sessionId);
      expect(new Set(thoughts.map((t) => t.source))).toEqual(new Set(["thoughtmcp"]));
      const exported = await svc.transfer.exportSessionJson(svc.db, projectId, sessionId);
      expect(exported.thoughts.every((t) => t.source === "thoughtmcp")).toBe(true);
    });

    it("an unknown sessionId is adopted as the session's key; another project's session id is never joined", async () => {
      const theirs = await svc.thinkTool(
        { projectId: otherProjectId, apiKeyId: null, client: "other" },
        ZThinkRequest.parse({ problem: "Their problem", mode: "creative" }),
        {},
      );
      const key = `agent-key-${provider}-${Date.now()}`;
      const mine = await svc.thinkTool(
        who(),
        ZThinkRequest.parse({ problem: "Mine", mode: "creative", sessionId: key }),
        {},
      );
      const graph = await svc.graph(svc.db, projectId, key);
      expect(graph.session.id).toBe(mine.data.sessionId);
      const probe = await svc.thinkTool(
        who(),
        ZThinkRequest.parse({ problem: "Probe", mode: "creative", sessionId: theirs.data.sessionId }),
        {},
      );
      expect(probe.data.sessionId).not.toBe(theirs.data.sessionId);
      expect((await svc.graph(svc.db, otherProjectId, theirs.data.sessionId)).thoughts).toHaveLength(1);
      // The probe started at thought 1 of a session of its own: the other project's numbers were never read.
      expect((await svc.graph(svc.db, projectId, probe.data.sessionId)).thoughts[0]!.thoughtNumber).toBe(1);
    });

    it("analyze writes the problem, one thought per framework step, and the conclusion, staged by framework", async () => {
      const raw = {
        problem: "Why is the system experiencing intermittent failures?",
        context: { background: "Production system with 99.9% SLA", constraints: ["Cannot take system offline"] },
      };
      const a = await svc.analyzeTool(who(), ZAnalyzeRequest.parse(raw), raw);
      expect(a.data.framework.id).toBe("root-cause-analysis");
      expect(a.componentsUsed).toEqual(["rules", "template"]);
      expect(a.confidence).toBe(a.data.selection.confidence);
      const g = await svc.graph(svc.db, projectId, a.data.sessionId);
      const steps = a.data.result.steps;
      expect(g.thoughts.map((t) => t.id)).toEqual(a.data.thoughtIds);
      expect(g.thoughts).toHaveLength(steps.length + 2);
      expect(g.thoughts.map((t) => markOf(t).role)).toEqual(["problem", ...steps.map(() => "step"), "conclusion"]);
      expect(new Set(g.thoughts.map((t) => t.stage))).toEqual(new Set(["root-cause-analysis"]));
      steps.forEach((step, i) => expect(g.thoughts[i + 1]!.text).toContain(step));
      expect(g.thoughts[0]!.text).toContain("Cannot take system offline");
      expect(g.session.status).toBe("completed");
    });

    it("ponder writes four stream branches from the problem and a synthesis on the main path", async () => {
      const raw = {
        problem: "How should we approach the product roadmap for Q1?",
        context: { background: "SaaS product", goals: ["Increase retention", "Launch mobile app"] },
      };
      const p = await svc.ponderTool(who(), ZPonderRequest.parse(raw), raw);
      expect(p.data.streams.map((s) => s.status)).toEqual(["completed", "completed", "completed", "completed"]);
      const g = await svc.graph(svc.db, projectId, p.data.sessionId);
      expect(g.thoughts).toHaveLength(6);
      expect(g.branches.map((b) => [b.key, b.forkThought, b.forkThoughtId])).toEqual(
        ["analytical", "creative", "critical", "synthetic"].map((s) => [`${s}#1`, 1, p.data.thoughts.problem]),
      );
      const synthesis = g.thoughts.find((t) => t.id === p.data.thoughts.synthesis)!;
      expect(synthesis).toMatchObject({ branchId: null, thoughtNumber: 3, nextThoughtNeeded: false, flags: [] });
      expect(synthesis.text).toContain(p.data.conclusion);
      for (const [stream, id] of Object.entries(p.data.thoughts.streams)) {
        const t = g.thoughts.find((x) => x.id === id)!;
        expect(t).toMatchObject({ branchId: `${stream}#1`, branchFromThought: 1, stage: stream, flags: [] });
        expect(t.nextThoughtNeeded).toBe(false); // a concluded stream, not an abandoned branch
        // Every insight is in its own stream's thought.
        for (const i of p.data.insights.filter((x) => x.sources.includes(stream as never))) {
          expect(t.text).toContain(i.content);
        }
      }
      // A second ponder in the same session gets branches of its own, forked from its own problem thought.
      const again = await svc.ponderTool(who(), ZPonderRequest.parse({ ...raw, sessionId: p.data.sessionId }), raw);
      const g2 = await svc.graph(svc.db, projectId, p.data.sessionId);
      expect(g2.thoughts).toHaveLength(12);
      expect(g2.health).toMatchObject({ branchCount: 8, abandonedBranches: 0, linearity: 0.333 });
      expect(g2.branches.filter((b) => b.key.endsWith("#4")).map((b) => b.forkThoughtId)).toEqual(
        Array(4).fill(again.data.thoughts.problem),
      );
    });

    it("ponder out of time answers Timeout exceeded and writes nothing", async () => {
      const before = await svc.db.thought.count({ where: { projectId } });
      // A fake clock: the streams take well under a millisecond each, so only a clock that jumps can pass a deadline
      // of at least 1,000 ms (the contract's minimum) without a real wait.
      let now = 0;
      const clock = () => (now += 5_000);
      const call = svc.ponderTool(who(), ZPonderRequest.parse({ problem: "Slow problem", timeout: 1000 }), {}, clock);
      await expect(call).rejects.toMatchObject({ code: "limit_exceeded", field: "timeout" });
      await expect(call).rejects.toThrow(/^Timeout exceeded/);
      expect(await svc.db.thought.count({ where: { projectId } })).toBe(before);
    });

    it("breakdown writes the tree in execution order with its dependency edges in the thoughts' metadata", async () => {
      const raw = { problem: "Build a scalable web application", maxDepth: 3 };
      const b = await svc.breakdownTool(who(), ZBreakdownRequest.parse(raw), raw);
      expect(b.componentsUsed).toEqual(["template"]);
      const g = await svc.graph(svc.db, projectId, b.data.sessionId);
      expect(g.thoughts).toHaveLength(b.data.totalSubProblems);
      expect(g.thoughts.map((t) => markOf(t).node)).toEqual(b.data.executionOrder);
      const seqOf = new Map(g.thoughts.map((t) => [markOf(t).node!, t.seq]));
      // Every dependency is written before its dependent, and is recorded on the dependent's thought.
      for (const d of b.data.dependencies) {
        expect(seqOf.get(d.from)!).toBeLessThan(seqOf.get(d.to)!);
        const to = g.thoughts.find((t) => markOf(t).node === d.to)!;
        expect(markOf(to).dependsOn).toContainEqual({ node: d.from, type: d.type });
      }
      const edges = g.thoughts.flatMap((t) => markOf(t).dependsOn!.map((x) => ({ from: x.node, to: markOf(t).node })));
      expect(edges).toHaveLength(b.data.dependencies.length);
      // The root on the main path; each top-level sub-problem is a branch from it, holding its descendants.
      const top = b.data.subProblems.filter((s) => s.depth === 2);
      expect(g.branches.map((x) => x.key).sort()).toEqual(top.map((s) => `${s.id}#1`).sort());
      for (const t of g.thoughts) {
        const node = markOf(t).node!;
        if (node === "problem-1-0") expect(t.branchId).toBeNull();
        else expect(t.branchId).toBe(`${top.find((s) => node.startsWith(s.id))!.id}#1`);
        expect(t.flags).toEqual([]);
        expect(b.data.thoughtOf[node]).toBe(t.id);
      }
    });

    it("breakdown at depth 1 is the root alone", async () => {
      const b = await svc.breakdownTool(
        who(),
        ZBreakdownRequest.parse({ problem: "Fix the login bug", maxDepth: 1 }),
        {},
      );
      expect(b.data.thoughtIds).toHaveLength(1);
      expect((await svc.graph(svc.db, projectId, b.data.sessionId)).branches).toEqual([]);
    });

    it("engine failures map to the doors' errors: a cycle is a validation error, a ponder timeout 'Timeout exceeded'", () => {
      const cycle = svc.engineFailure(new DependencyCycleError(["a", "b", "a"]));
      expect(cycle).toMatchObject({ code: "validation_error", status: 400, field: "problem" });
      expect(cycle!.message).toContain("a → b → a");
      const timeout = svc.engineFailure(new PonderTimeoutError(1000));
      expect(timeout).toMatchObject({ code: "limit_exceeded", field: "timeout" });
      expect(timeout!.message).toMatch(/^Timeout exceeded: .*1000 ms/);
      expect(svc.engineFailure(new Error("other"))).toBeNull();
    });
  });

  describe(`metacognitive tools on ${provider}`, () => {
    const thoughtIn = async (text: string) => {
      const t = await svc.thinkTool(who(), ZThinkRequest.parse({ problem: text, mode: "analytical" }), {});
      return { thoughtId: t.data.thoughtId, sessionId: t.data.sessionId };
    };

    it("with text, answers without storing anything", async () => {
      const before = await svc.db.thoughtAssessment.count();
      const a = await svc.detectBiasTool(
        who(),
        ZDetectBiasRequest.parse({ reasoning: "All the data I've seen supports my hypothesis, as I expected." }),
      );
      expect(a.data.biases.map((b) => b.type)).toContain("confirmation");
      expect(a.data).not.toHaveProperty("thoughtId");
      expect(await svc.db.thoughtAssessment.count()).toBe(before);
    });

    it("with a thoughtId, reads the thought's text and stores one result per kind, replaced by the next call", async () => {
      const { thoughtId, sessionId } = await thoughtIn(
        "We already spent two years on this, so we cannot abandon it now. I'm thrilled and delighted!",
      );
      const bias = await svc.detectBiasTool(who(), ZDetectBiasRequest.parse({ thoughtId }));
      expect(bias.data).toMatchObject({ thoughtId, sessionId });
      expect(bias.data.biases.map((b) => b.type)).toContain("sunk_cost");
      const emotion = await svc.detectEmotionTool(who(), ZDetectEmotionRequest.parse({ thoughtId }));
      expect(emotion.data.circumplex.valence).toBeGreaterThan(0);
      const confidence = await svc.assessConfidenceTool(who(), ZAssessConfidenceRequest.parse({ thoughtId }));
      expect(confidence.confidence).toBe(confidence.data.overallConfidence);
      const evaluation = await svc.evaluateTool(who(), ZEvaluateRequest.parse({ thoughtId, includeEmotion: true }));
      expect(evaluation.componentsUsed).toEqual(["rules", "lexicon"]);

      const stored = await svc.sessionAssessments(svc.db, projectId, sessionId);
      expect(stored.map((s) => s.kind).sort()).toEqual(["bias", "confidence", "emotion", "evaluation"]);
      const storedBias = stored.find((s) => s.kind === "bias")!;
      expect(storedBias).toMatchObject({ thoughtId, componentsUsed: ["rules"] });
      expect((storedBias.result as { biases: { type: string }[] }).biases.map((b) => b.type)).toContain("sunk_cost");

      // Again: still one bias row for the thought, updated.
      await svc.detectBiasTool(who(), ZDetectBiasRequest.parse({ thoughtId }));
      const rows = await svc.db.thoughtAssessment.findMany({ where: { thoughtId, kind: "bias" } });
      expect(rows).toHaveLength(1);
      expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(Date.parse(storedBias.updatedAt));
    });

    it("refuses text and a thoughtId together, and a thought of another project is not found", async () => {
      const { thoughtId } = await thoughtIn("A plain thought.");
      const both = svc.detectBiasTool(who(), ZDetectBiasRequest.parse({ thoughtId, reasoning: "Other text" }));
      await expect(both).rejects.toMatchObject({ code: "validation_error", status: 400, field: "thoughtId" });
      const foreign = svc.evaluateTool(
        { projectId: otherProjectId, apiKeyId: null, client: null },
        ZEvaluateRequest.parse({ thoughtId }),
      );
      await expect(foreign).rejects.toMatchObject({ code: "not_found", status: 404, field: "thoughtId" });
      const unknown = svc.detectEmotionTool(who(), ZDetectEmotionRequest.parse({ thoughtId: "no-such-thought" }));
      await expect(unknown).rejects.toMatchObject({ code: "not_found", field: "thoughtId" });
      expect(await svc.db.thoughtAssessment.count({ where: { thoughtId } })).toBe(0);
    });

    it("the project setting runs the detectors on every thought written, and only while it is on", async () => {
      const detect = await import("@/server/services/reasoning/detect-on-write");
      expect(await detect.detectOnWriteOf(svc.db, projectId)).toBe(false);
      const biased = { problem: "We already invested two years in it, so we cannot abandon it now.", mode: "critical" };
      const before = await svc.thinkTool(who(), ZThinkRequest.parse(biased), {});
      await detect.detectorsIdle();
      expect(await svc.db.thoughtAssessment.count({ where: { thoughtId: before.data.thoughtId } })).toBe(0);

      expect(await detect.setDetectOnWrite(svc.db, projectId, true)).toEqual({ detectOnWrite: true });
      try {
        const on = await svc.thinkTool(who(), ZThinkRequest.parse(biased), {});
        await detect.detectorsIdle();
        const rows = await svc.db.thoughtAssessment.findMany({ where: { thoughtId: on.data.thoughtId } });
        const bias = rows.find((r) => r.kind === "bias");
        expect(bias?.componentsUsed).toEqual(["rules"]);
        expect((bias?.result as { biases: { type: string }[] }).biases.map((b) => b.type)).toContain("sunk_cost");
        expect(bias).toMatchObject({ projectId, sessionId: on.data.sessionId });
        // Stored compact; read back as detect_bias answers it (the detail panel shows description and correction).
        const { sessionAssessments } = await import("@/server/services/reasoning/metacognition");
        const read = (await sessionAssessments(svc.db, projectId, on.data.sessionId)).find(
          (a) => a.thoughtId === on.data.thoughtId && a.kind === "bias",
        );
        const { text } = await svc.db.thought.findUniqueOrThrow({ where: { id: on.data.thoughtId } });
        const answered = (await svc.detectBiasTool(who(), ZDetectBiasRequest.parse({ reasoning: text }))).data;
        expect((read?.result as { biases: unknown[] }).biases).toEqual(answered.biases);
        // Another project's thoughts are not its business.
        const other = await svc.thinkTool(
          { projectId: otherProjectId, apiKeyId: null, client: "reasoning-suite" },
          ZThinkRequest.parse(biased),
          {},
        );
        await detect.detectorsIdle();
        expect(await svc.db.thoughtAssessment.count({ where: { thoughtId: other.data.thoughtId } })).toBe(0);
      } finally {
        await detect.setDetectOnWrite(svc.db, projectId, false);
      }
      const off = await svc.thinkTool(who(), ZThinkRequest.parse(biased), {});
      await detect.detectorsIdle();
      expect(await svc.db.thoughtAssessment.count({ where: { thoughtId: off.data.thoughtId } })).toBe(0);
    });

    it("the detectors hold back while writes keep coming, and run anyway once a thought has waited the lag bound", async () => {
      const detect = await import("@/server/services/reasoning/detect-on-write");
      const biased = { problem: "We already invested two years in it, so we cannot abandon it now.", mode: "critical" };
      const count = (thoughtId: string) => svc.db.thoughtAssessment.count({ where: { thoughtId } });
      await detect.setDetectOnWrite(svc.db, projectId, true);
      // The writer held busy (as under a bulk load), no share of the time for the pass and a bound no test reaches:
      // the thought waits in the queue.
      const writerIdle = detect.watchWriter(() => false);
      const pacing = detect.pace({ maxLagMs: 3_600_000, busyShare: 0 });
      try {
        const waiting = await svc.thinkTool(who(), ZThinkRequest.parse(biased), {});
        for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
        expect(detect.detectorsPending()).toBe(1);
        expect(await count(waiting.data.thoughtId)).toBe(0);
        // The writer idle again: the pass runs.
        detect.watchWriter(writerIdle);
        await detect.detectorsIdle();
        expect(detect.detectorsPending()).toBe(0);
        expect(await count(waiting.data.thoughtId)).toBe(1);

        // Busy for good, and a thought older than the bound (0 ms): the pass does not wait for the writer.
        detect.watchWriter(() => false);
        detect.pace({ maxLagMs: 0 });
        const overdue = await svc.thinkTool(who(), ZThinkRequest.parse(biased), {});
        await detect.detectorsIdle();
        expect(await count(overdue.data.thoughtId)).toBe(1);
      } finally {
        detect.watchWriter(writerIdle);
        detect.pace(pacing);
        await detect.setDetectOnWrite(svc.db, projectId, false);
      }
    });

    it("past the memory bound a committed thought waits in the database, not the queue, and is assessed from there", async () => {
      const detect = await import("@/server/services/reasoning/detect-on-write");
      const biased = { problem: "We already invested two years in it, so we cannot abandon it now.", mode: "critical" };
      const count = (thoughtId: string) => svc.db.thoughtAssessment.count({ where: { thoughtId } });
      const turns = async () => {
        for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      };
      await detect.setDetectOnWrite(svc.db, projectId, true);
      // The writer held busy and no share of the time for the pass: what is queued stays queued.
      const writerIdle = detect.watchWriter(() => false);
      const pacing = detect.pace({ maxLagMs: 3_600_000, busyShare: 0 });
      try {
        const queued = await svc.thinkTool(who(), ZThinkRequest.parse(biased), {});
        await turns();
        expect(detect.detectorsPending()).toBe(1);
        // The queue's text already past a bound of one character: the next thought is not queued.
        detect.pace({ maxQueuedChars: 1 });
        const spilled = await svc.thinkTool(who(), ZThinkRequest.parse(biased), {});
        await turns();
        expect(detect.detectorsPending()).toBe(1);
        expect(await count(spilled.data.thoughtId)).toBe(0);
        // Once the queue drains, the spilled thought is read back and assessed.
        detect.watchWriter(writerIdle);
        await detect.detectorsIdle();
        expect(await count(queued.data.thoughtId)).toBe(1);
        expect(await count(spilled.data.thoughtId)).toBe(1);

        // A thought past the bound with nothing queued is read back at once (no drain would end to do it).
        const alone = await svc.thinkTool(who(), ZThinkRequest.parse(biased), {});
        await detect.detectorsIdle();
        expect(await count(alone.data.thoughtId)).toBe(1);
        expect(detect.detectorsPending()).toBe(0);
      } finally {
        detect.watchWriter(writerIdle);
        detect.pace(pacing);
        await detect.setDetectOnWrite(svc.db, projectId, false);
      }
    });

    it("stores the detectors' findings once, and skips a thought deleted before they were stored", async () => {
      const { insertFindingsPg, insertFindingsSqlite } = await import("@/server/ingest/write-findings");
      const { getDbProvider, pgPool } = await import("@/server/db/client");
      const { sqliteConnection } = await import("@/server/ingest/commit");
      const t = await svc.thinkTool(who(), ZThinkRequest.parse({ problem: "Findings target", mode: "critical" }), {});
      const rows = (value: number) => ({
        projectId: [projectId, projectId],
        sessionId: [t.data.sessionId, t.data.sessionId],
        thoughtId: [t.data.thoughtId, "deleted-meanwhile"],
        kind: ["emotion", "emotion"],
        result: [JSON.stringify({ value }), JSON.stringify({ value })],
        componentsUsed: ['["lexicon"]', '["lexicon"]'],
        at: new Date().toISOString(),
      });
      const insert = async (r: ReturnType<typeof rows>) =>
        getDbProvider() === "postgresql"
          ? insertFindingsPg(pgPool(svc.db)!, r)
          : insertFindingsSqlite(await sqliteConnection(), r);
      await insert(rows(1));
      await insert(rows(2));
      const stored = await svc.db.thoughtAssessment.findMany({ where: { thoughtId: t.data.thoughtId } });
      expect(stored.map((r) => [r.thoughtId, r.kind, r.result, r.componentsUsed])).toEqual([
        [t.data.thoughtId, "emotion", { value: 1 }, ["lexicon"]],
      ]);
      expect(await svc.db.thoughtAssessment.count({ where: { thoughtId: "deleted-meanwhile" } })).toBe(0);
    });

    it("accepts a finding written the previous release's way (with its id) during a rolling deploy", async () => {
      // Migration 20261123231922 keeps "id" as a nullable column for exactly this: instances still on the previous
      // release insert it, and upsert on (thoughtId, kind), while the new code leaves it NULL.
      const t = await svc.thinkTool(
        who(),
        ZThinkRequest.parse({ problem: "Old release target", mode: "critical" }),
        {},
      );
      const key = { thoughtId_kind: { thoughtId: t.data.thoughtId, kind: "confidence" } };
      const row = (value: number) => ({
        projectId,
        sessionId: t.data.sessionId,
        thoughtId: t.data.thoughtId,
        kind: "confidence",
        result: { value },
        componentsUsed: ["rules"],
      });
      await svc.db.thoughtAssessment.upsert({ where: key, create: { id: "old-release-1", ...row(1) }, update: row(1) });
      await svc.db.thoughtAssessment.upsert({ where: key, create: { id: "old-release-2", ...row(2) }, update: row(2) });
      const stored = await svc.db.thoughtAssessment.findMany({
        where: { thoughtId: t.data.thoughtId, kind: "confidence" },
      });
      expect(stored.map((r) => [r.id, r.result])).toEqual([["old-release-1", { value: 2 }]]);
    });

    it("a process that finds the setting on assesses the thoughts since the project's cursor (catch-up)", async () => {
      const detect = await import("@/server/services/reasoning/detect-on-write");
      const who2 = { projectId: otherProjectId, apiKeyId: null, client: "catch-up" };
      const biased = { problem: "We already invested two years in it, so we cannot abandon it now.", mode: "critical" };
      // The setting read as off (and cached), then the thoughts of a process that died before assessing them.
      expect(await detect.detectOnWriteOf(svc.db, otherProjectId)).toBe(false);
      const cursor = new Date(Date.now() - 1_000);
      const lost = await svc.thinkTool(who2, ZThinkRequest.parse(biased), {});
      const { uuidv7 } = await import("@/lib/ids");
      const olderAt = cursor.getTime() - 60_000;
      const older = await svc.db.thought.create({
        data: {
          // A uuidv7, as the writer makes them (the catch-up finds its window by id); its createdAt is what excludes it.
          id: uuidv7(),
          projectId: otherProjectId,
          sessionId: lost.data.sessionId,
          seq: 1_000_000,
          thoughtNumber: 1_000_000,
          totalThoughts: 1_000_000,
          text: biased.problem,
          nextThoughtNeeded: false,
          createdAt: new Date(olderAt),
        },
        select: { id: true },
      });
      await detect.detectorsIdle();
      expect(await svc.db.thoughtAssessment.count({ where: { thoughtId: lost.data.thoughtId } })).toBe(0);
      await svc.db.projectReasoningSettings.upsert({
        where: { projectId: otherProjectId },
        create: { projectId: otherProjectId, detectOnWrite: true, detectedThrough: cursor },
        update: { detectOnWrite: true, detectedThrough: cursor },
      });
      try {
        expect(await detect.detectOnWriteOf(svc.db, otherProjectId)).toBe(true);
        await detect.detectorsIdle();
        const found = await svc.db.thoughtAssessment.findMany({ where: { thoughtId: lost.data.thoughtId } });
        expect(found.map((k) => k.kind)).toEqual(["bias"]);
        // Before the cursor: assessed by the process that wrote it (here: never), not again.
        expect(await svc.db.thoughtAssessment.count({ where: { thoughtId: older.id } })).toBe(0);
      } finally {
        await detect.setDetectOnWrite(svc.db, otherProjectId, false);
        await svc.db.thought.delete({ where: { id: older.id } });
      }
    });

    it("a thought's stored results are deleted with the thought", async () => {
      const t = await svc.thinkTool(
        { projectId: otherProjectId, apiKeyId: null, client: null },
        ZThinkRequest.parse({ problem: "Everyone knows this always works.", mode: "critical" }),
        {},
      );
      await svc.detectBiasTool(
        { projectId: otherProjectId, apiKeyId: null, client: null },
        ZDetectBiasRequest.parse({ thoughtId: t.data.thoughtId }),
      );
      expect(await svc.db.thoughtAssessment.count({ where: { thoughtId: t.data.thoughtId } })).toBe(1);
      await svc.db.thought.delete({ where: { id: t.data.thoughtId } });
      expect(await svc.db.thoughtAssessment.count({ where: { thoughtId: t.data.thoughtId } })).toBe(0);
    });
  });
  describe(`reasoning health on ${provider}`, () => {
    const T0 = Date.parse("2026-11-23T09:00:00.000Z");
    interface Step {
      n: number;
      text: string;
      at: number;
      total?: number;
      branch?: string;
      from?: number;
      revises?: number;
      flags?: string[];
      more?: boolean;
    }
    /** A session built by hand (imported, so every thought keeps the time it was given), then read back. */
    async function handBuilt(steps: Step[]) {
      const time = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
      const thoughts = steps.map((t, i) => ({
        id: `t${i}`,
        sessionId: "hand",
        seq: i + 1,
        thoughtNumber: t.n,
        totalThoughts: t.total ?? 4,
        text: t.text,
        nextThoughtNeeded: t.more ?? true,
        needsMoreThoughts: null,
        isRevision: t.revises === undefined ? null : true,
        revisesThought: t.revises ?? null,
        revisesThoughtId: null,
        branchId: t.branch ?? null,
        branchFromThought: t.from ?? null,
        branchFromThoughtId: null,
        stage: null,
        tags: [],
        score: null,
        flags: t.flags ?? [],
        metadata: null,
        source: "sequentialthinking",
        version: 1,
        createdAt: time(t.at),
        updatedAt: time(t.at),
        scores: [],
      }));
      const branches = [...new Set(steps.filter((t) => t.branch).map((t) => t.branch!))].map((key, ordinal) => ({
        key,
        ordinal,
        forkThought: steps.find((t) => t.branch === key)!.from ?? null,
        forkThoughtId: null,
        createdAt: time(0),
      }));
      const body = {
        format: EXPORT_FORMAT,
        session: {
          id: "hand",
          key: null,
          title: "Hand-built",
          status: "completed",
          agent: null,
          client: null,
          model: null,
          metadata: null,
          thoughtCount: steps.length,
          branchCount: branches.length,
          revisionCount: steps.filter((t) => t.revises !== undefined).length,
          flagCount: steps.filter((t) => t.flags?.length).length,
          createdAt: time(0),
          updatedAt: time(0),
          lastActivityAt: time(0),
        },
        branches,
        thoughts,
      };
      const { sessionId } = await svc.transfer.importSession(projectId, body, { ...DEFAULT_LIMITS });
      return sessionId;
    }

    /** A session with one of each trouble the health figures count. */
    const TROUBLED: Step[] = [
      { n: 1, text: "Read the failing test output carefully", at: 0 },
      { n: 2, text: "Check the database connection pool settings", at: 1 },
      { n: 3, text: "Maybe the cache layer is stale instead", at: 2, branch: "cache", from: 2 },
      // 18 minutes of silence: a stall. This thought's flag is never revised, so it stays unresolved.
      {
        n: 3,
        text: "Measure the pool usage under load with the profiler",
        at: 20,
        flags: ["revises_unknown_thought"],
      },
      // A near-copy of the thought before it (a loop), revising thought 2, and the total raised from 4 to 6.
      { n: 4, text: "Measure the pool usage under load with the profiler tool", at: 21, total: 6, revises: 2 },
      { n: 5, text: "Raise the pool size to twenty and rerun the suite", at: 22, total: 6, more: false },
    ];

    it("GET session and the export carry the figures of a hand-built session", async () => {
      const id = await handBuilt(TROUBLED);
      const expected = {
        thoughts: 6,
        revisions: 1,
        revisionRate: 0.167,
        branchCount: 1,
        maxBranchDepth: 1,
        longestBranch: 1,
        // The cache branch asked for more and was never continued.
        abandonedBranches: 1,
        // Main-line thoughts that are not revisions: 4 of 6.
        linearity: 0.667,
        stalls: 1,
        longestGapMs: 18 * 60_000,
        loops: 1,
        loopPairs: [[3, 4]],
        totalThoughts: { first: 4, last: 6, drift: 2, changes: 1 },
        unresolvedFlags: 1,
      };
      expect((await svc.graph(svc.db, projectId, id)).health).toEqual(expected);
      const exported = await svc.transfer.exportSessionJson(svc.db, projectId, id);
      expect(exported.health).toEqual(expected);
      expect(svc.markdown.renderMarkdown(exported)).toContain(
        "- Reasoning health: revision rate 0.167; 1 branch (1 abandoned, depth 1); linearity 0.667; 1 stall; 1 loop; totalThoughts drift +2; 1 unresolved flag",
      );
    });

    it("a revision of the flagged thought resolves its flag; a straight line is linear and quiet", async () => {
      const flagged = await handBuilt([
        { n: 1, text: "State the goal of the migration", at: 0, flags: ["branch_without_origin"] },
        { n: 2, text: "Restate the goal with the deadline included", at: 1, revises: 1, more: false },
      ]);
      expect((await svc.graph(svc.db, projectId, flagged)).health).toMatchObject({ unresolvedFlags: 0, revisions: 1 });
      const straight = await handBuilt([
        { n: 1, text: "List the tables the report reads", at: 0 },
        { n: 2, text: "Measure the slowest query with explain analyze", at: 1 },
        { n: 3, text: "Add an index on orders created at", at: 2, more: false },
      ]);
      expect((await svc.graph(svc.db, projectId, straight)).health).toMatchObject({
        linearity: 1,
        stalls: 0,
        loops: 0,
        branchCount: 0,
        abandonedBranches: 0,
        totalThoughts: { first: 4, last: 4, drift: 0, changes: 0 },
      });
    });

    it("the sessions list shows, filters and sorts by the stored health, refreshed when a session grows", async () => {
      const { sessionsTable } = await import("@/server/services/dashboard");
      const { listSessions } = await import("@/server/services/sessions/sessions");
      const { ZListSessionsQuery } = await import("@/lib/contracts/session");
      const { ZSessionTableQuery } = await import("@/lib/contracts/dashboard");
      const looping = await handBuilt(TROUBLED);
      const straight = await handBuilt([
        { n: 1, text: "List the tables the report reads", at: 0 },
        { n: 2, text: "Measure the slowest query with explain analyze", at: 1 },
        { n: 3, text: "Add an index on orders created at", at: 2, total: 3, more: false },
      ]);
      const table = (q: Record<string, unknown>) =>
        sessionsTable(svc.db, projectId, ZSessionTableQuery.parse({ pageSize: 100, ...q }));
      const ids = (page: { sessions: { id: string }[] }) => page.sessions.map((x) => x.id);

      const all = await table({});
      // 100 − 10 (loop) − 10 (abandoned branch) − 5 (stall) − 5 (unresolved flag) − 2 (drift +2) = 68.
      expect(all.health[looping]).toEqual({
        thoughts: 6,
        score: 68,
        revisionRate: 0.167,
        branchCount: 1,
        abandonedBranches: 1,
        linearity: 0.667,
        stalls: 1,
        loops: 1,
        drift: 2,
        unresolvedFlags: 1,
      });
      expect(all.health[straight]).toMatchObject({ score: 99, loops: 0, stalls: 0, linearity: 1, drift: -1 });

      const withLoops = await table({ loops: true });
      expect(ids(withLoops)).toContain(looping);
      expect(ids(withLoops)).not.toContain(straight);
      expect(withLoops.total).toBe(withLoops.sessions.length);
      for (const id of ids(withLoops)) expect(withLoops.health[id]!.loops).toBeGreaterThan(0);
      expect(ids(await table({ loops: false }))).toContain(straight);
      const below = await table({ healthBelow: 70 });
      expect(ids(below)).toContain(looping);
      expect(ids(below)).not.toContain(straight);
      const worstFirst = ids(await table({ sort: "health", order: "asc" }));
      expect(worstFirst.indexOf(looping)).toBeLessThan(worstFirst.indexOf(straight));

      // GET /api/v1/sessions: the same filters, parsed from a query string's spellings.
      const rest = await listSessions(svc.db, projectId, ZListSessionsQuery.parse({ hasLoops: "true", limit: "200" }));
      expect(ids(rest)).toContain(looping);
      expect(ids(rest)).not.toContain(straight);
      expect(rest.health[looping]?.score).toBe(68);
      expect(ZListSessionsQuery.safeParse({ healthBelow: "0" }).success).toBe(false);

      // A thought joining the straight session makes its row stale; the next read folds it again.
      await svc.thinkTool(
        who(),
        ZThinkRequest.parse({ problem: "Add an index on orders created at", mode: "critical", sessionId: straight }),
        {},
      );
      const after = await table({});
      expect(after.health[straight]).toMatchObject({ revisionRate: 0 });
      const stored = await svc.db.sessionHealth.findUniqueOrThrow({ where: { sessionId: straight } });
      expect(stored.thoughts).toBe(4);
    });

    it("a list request folds a bounded number of thoughts; a larger stale session is folded in the background", async () => {
      const { refreshStaleHealth, healthCaughtUp, REQUEST_THOUGHTS } =
        await import("@/server/services/reasoning/session-health");
      // Every other session of the project current first, so the large one is the only stale one.
      while ((await refreshStaleHealth(svc.db, projectId)) > 0);
      await healthCaughtUp();
      const n = REQUEST_THOUGHTS + 1;
      const large = await handBuilt(
        Array.from({ length: n }, (_, i) => ({ n: i + 1, text: `Import step ${i + 1}`, at: i / 60, total: n })),
      );
      expect(await refreshStaleHealth(svc.db, projectId)).toBe(0);
      await healthCaughtUp();
      const stored = await svc.db.sessionHealth.findUniqueOrThrow({ where: { sessionId: large } });
      expect(stored.thoughts).toBe(n);
    });

    it("GET session carries the metacognitive results stored on its thoughts", async () => {
      const t = await svc.thinkTool(
        who(),
        ZThinkRequest.parse({ problem: "Everyone agrees, obviously.", mode: "critical" }),
        {},
      );
      await svc.assessConfidenceTool(who(), ZAssessConfidenceRequest.parse({ thoughtId: t.data.thoughtId }));
      const g = await svc.graph(svc.db, projectId, t.data.sessionId);
      expect(g.assessments).toHaveLength(1);
      expect(g.assessments[0]).toMatchObject({
        thoughtId: t.data.thoughtId,
        kind: "confidence",
        componentsUsed: ["rules"],
      });
    });
  });
}
