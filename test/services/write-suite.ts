// The write path's behaviour, run against a real database of each provider (write.sqlite.test.ts and
// write.postgres.test.ts call this with a migrated database URL). It goes through the same service functions the
// REST, ingest and MCP doors call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "@/lib/limits";
import { parseThoughtInput, type ThoughtResult } from "@/lib/contracts/thought";
import type { ResultFacts } from "@/lib/domain/continuation";

export interface WriteSuiteOptions {
  /** SQLite: run the batches on the write thread, as the production server does (server/ingest/write-thread.ts). */
  writeThread?: boolean;
}

export function writeSuite(
  provider: "sqlite" | "postgresql",
  databaseUrl: () => Promise<string>,
  options: WriteSuiteOptions = {},
) {
  // Imported after DATABASE_URL is set: the services use the process's database singleton.
  let svc: {
    submit: typeof import("@/server/ingest/thought-writer").submitThoughts;
    ingest: typeof import("@/server/ingest/record-thoughts").ingestEvents;
    commitBatch: typeof import("@/server/ingest/commit").commitBatch;
    graph: typeof import("@/server/services/sessions/sessions").getSessionGraph;
    list: typeof import("@/server/services/sessions/sessions").listSessions;
    importSession: typeof import("@/server/services/sessions/session-transfer").importSession;
    exportSession: typeof import("@/server/services/sessions/session-transfer").exportSessionJson;
    table: typeof import("@/server/services/dashboard").sessionsTable;
    db: import("@/server/db/client").Db;
    close: () => Promise<void>;
  };
  let projectId = "";
  let otherProjectId = "";

  beforeAll(async () => {
    process.env.DATABASE_URL = await databaseUrl();
    const client = await import("@/server/db/client");
    const { applyMigrations } = await import("@/server/db/migrations");
    await applyMigrations(process.env.DATABASE_URL);
    if (options.writeThread) {
      (await import("@/server/ingest/write-thread-start")).startWriteThread(process.env.DATABASE_URL);
    }
    const { ensureDefaultProject } = await import("@/server/db/default-project");
    const sessions = await import("@/server/services/sessions/sessions");
    const transfer = await import("@/server/services/sessions/session-transfer");
    svc = {
      submit: (await import("@/server/ingest/thought-writer")).submitThoughts,
      ingest: (await import("@/server/ingest/record-thoughts")).ingestEvents,
      commitBatch: (await import("@/server/ingest/commit")).commitBatch,
      graph: sessions.getSessionGraph,
      list: sessions.listSessions,
      importSession: transfer.importSession,
      exportSession: transfer.exportSessionJson,
      table: (await import("@/server/services/dashboard")).sessionsTable,
      db: client.getDb(),
      close: client.closeDb,
    };
    expect(client.getDbProvider()).toBe(provider);
    projectId = (await ensureDefaultProject(svc.db)).id;
    otherProjectId = "other-" + Math.random().toString(36).slice(2);
    await svc.db.project.create({ data: { id: otherProjectId, slug: otherProjectId, name: "Other" } });
  });

  afterAll(async () => {
    // Had the thread failed, the batches would have fallen back to the serving thread and the suite proved nothing.
    if (options.writeThread) expect((await import("@/server/ingest/write-thread")).activeWriteThread()).not.toBeNull();
    await (await import("@/server/ingest/write-thread-start")).stopWriteThread();
    await (await import("@/server/events/pg-relay")).stopPgRelay();
    await (await import("@/server/ingest/search-indexer")).stopSearchIndexer();
    await svc?.close();
  });

  let counter = 0;
  const key = (label: string) => `${label}-${provider}-${++counter}-${Date.now()}`;

  function request(raw: Record<string, unknown>, idempotencyKey: string | null = null, project = projectId) {
    const parsed = parseThoughtInput(raw);
    if (!parsed.ok) throw new Error(parsed.problem.message);
    return { projectId: project, apiKeyId: null, input: parsed.value, raw, idempotencyKey };
  }

  async function write(raws: Record<string, unknown>[]): Promise<ThoughtResult[]> {
    const outcomes = await svc.submit(raws.map((r) => request(r)));
    return outcomes.map((o) => {
      if (!o.result) throw new Error(JSON.stringify(o.error));
      return o.result;
    });
  }

  /** Ingest events for thoughts from+1 … from+n of session s (of 2,000), thought i's text being text(i). */
  const thoughtEvents = (s: string, from: number, n: number, text: (i: number) => string) =>
    Array.from({ length: n }, (_, k) => ({
      id: `${s}-${from + k}`,
      type: "thought",
      body: {
        sessionId: s,
        thought: text(from + k),
        thoughtNumber: from + k + 1,
        totalThoughts: 2_000,
        nextThoughtNeeded: true,
      },
    }));

  const t = (sessionId: string, n: number, total: number, more = true, extra: Record<string, unknown> = {}) => ({
    sessionId,
    thought: `thought ${n}${typeof extra.branchId === "string" ? ` on ${extra.branchId}` : ""}`,
    thoughtNumber: n,
    totalThoughts: total,
    nextThoughtNeeded: more,
    ...extra,
  });

  describe(`write path on ${provider}${options.writeThread ? " (write thread)" : ""}`, () => {
    it("records a session with a branch and a revision, resolving the links", async () => {
      const s = key("links");
      const results = await write([
        t(s, 1, 3),
        t(s, 2, 3),
        t(s, 2, 3, true, { branchFromThought: 1, branchId: "alt" }),
        t(s, 3, 3, false, { isRevision: true, revisesThought: 2 }),
      ]);
      expect(results.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
      expect(results[3]!.branches).toEqual(["alt"]);
      const g = await svc.graph(svc.db, projectId, s);
      expect(g.session).toMatchObject({
        key: s,
        thoughtCount: 4,
        branchCount: 1,
        revisionCount: 1,
        status: "completed",
      });
      const [one, two, alt, rev] = g.thoughts;
      expect(alt!.branchFromThoughtId).toBe(one!.id);
      expect(rev!.revisesThoughtId).toBe(two!.id);
      expect(g.branches).toEqual([expect.objectContaining({ key: "alt", forkThought: 1, forkThoughtId: one!.id })]);
      expect(g.session.title).toBe("thought 1");
    });

    it("the official behaviour cases, each in a fresh session", async () => {
      const basic = await write([t(key("basic"), 1, 3)]);
      expect(basic[0]).toMatchObject({ thoughtHistoryLength: 1, branches: [], nextThoughtNeeded: true });
      const rev = await write([t(key("rev"), 2, 3, true, { isRevision: true, revisesThought: 1 })]);
      expect(rev[0]!.thoughtHistoryLength).toBe(1);
      expect(rev[0]!.flags).toContain("revises_unknown_thought");
      const s3 = key("three");
      expect((await write([t(s3, 1, 3), t(s3, 2, 3), t(s3, 3, 3, false)]))[2]!.thoughtHistoryLength).toBe(3);
      expect((await write([t(key("raise"), 5, 3)]))[0]!.totalThoughts).toBe(5);
      const br = key("branches");
      const b = await write([
        t(br, 1, 3),
        t(br, 2, 3, true, { branchFromThought: 1, branchId: "a" }),
        t(br, 2, 3, true, { branchFromThought: 1, branchId: "b" }),
      ]);
      expect(b[2]).toMatchObject({ branches: ["a", "b"], thoughtHistoryLength: 3 });
      const one = key("one");
      const o = await write([
        t(one, 1, 3),
        t(one, 2, 3, true, { branchFromThought: 1, branchId: "a" }),
        t(one, 3, 3, true, { branchFromThought: 1, branchId: "a" }),
      ]);
      expect(o[2]!.branches).toEqual(["a"]);
      const long = await write([{ ...t(key("long"), 1, 1, false), thought: "y".repeat(10_000) }]);
      expect(long[0]!.should_continue).toBe(false);
      const g = await svc.graph(svc.db, projectId, long[0]!.sessionId);
      expect(g.thoughts[0]!.text).toHaveLength(10_000);
    });

    it("the outline and the reasoning health, read from their own columns, equal those of the full thoughts", async () => {
      const { sessionOutline } = await import("@/server/services/dashboard");
      const { sessionReasoning } = await import("@/server/services/reasoning/session-reasoning");
      const { toOutline } = await import("@/lib/graph/outline");
      const { sessionHealth } = await import("@/lib/health/reasoning-health");
      const { dependencyEdges } = await import("@/lib/graph/dependency-edges");
      const s = key("outline");
      const written = await write([
        { ...t(s, 1, 4), thought: "First   thought,\n  with  spaces and `code_span`", tags: ["a"], metadata: { k: 1 } },
        t(s, 2, 4, true, { branchFromThought: 1, branchId: "alt" }),
        t(s, 3, 4, true, { isRevision: true, revisesThought: 9 }), // flagged: revises an unknown thought
        { ...t(s, 4, 5, false, { isRevision: true, revisesThought: 1 }), thought: "x".repeat(400) },
      ]);
      // A stage and a score (set by other writers than the agent's), and an edited thought's version.
      await svc.db.thought.update({
        where: { id: written[1]!.thoughtId },
        data: { stage: "Analysis", score: 0.75, version: 2 },
      });
      const g = await svc.graph(svc.db, projectId, s);
      expect(g.thoughts[1]).toMatchObject({ stage: "Analysis", score: 0.75, version: 2 });
      expect(g.thoughts.some((x) => x.flags.length > 0)).toBe(true);
      const outline = await sessionOutline(svc.db, projectId, s);
      expect(outline.thoughts).toEqual(g.thoughts.map(toOutline));
      const reasoning = await sessionReasoning(svc.db, projectId, g.session.id);
      expect(reasoning.health).toEqual(sessionHealth(g.thoughts));
      expect(reasoning.dependencies).toEqual(dependencyEdges(g.thoughts));
    });

    it("stores texts exactly, quotes, backslashes, braces, commas and the word NULL included", async () => {
      // PostgreSQL sends a single row as scalars and several as arrays (write-store-pg.ts): both must round-trip.
      const texts = ['say "hi", then {a,b}', "back\\slash \\\" and 'single'", "NULL", "{}", "é😀\ttab\nnewline"];
      const alone = key("exact-one");
      await write([{ ...t(alone, 1, 1, false), thought: texts[0], metadata: { note: texts[1] } }]);
      const many = key("exact-many");
      await write(
        texts.map((text, i) => ({ ...t(many, i + 1, texts.length), thought: text, metadata: { note: text } })),
      );
      const one = await svc.graph(svc.db, projectId, alone);
      expect(one.thoughts.map((x) => x.text)).toEqual([texts[0]]);
      expect(one.thoughts[0]!.metadata).toMatchObject({ note: texts[1] });
      const all = await svc.graph(svc.db, projectId, many);
      expect(all.thoughts.map((x) => x.text)).toEqual(texts);
      expect(all.thoughts.map((x) => (x.metadata as { note?: string }).note)).toEqual(texts);
      // A value every row of a batch holds goes to PostgreSQL as one scalar, not an array (write-store-pg.ts).
      const same = key("exact-same");
      const fields = { thought: texts[1], metadata: { note: texts[0] }, stage: "NULL", score: 0.5, tags: ["{a,b}"] };
      await write(texts.map((_, i) => ({ ...t(same, i + 1, texts.length), ...fields })));
      const alike = await svc.graph(svc.db, projectId, same);
      expect(alike.thoughts.map((x) => [x.seq, x.text, x.metadata, x.stage, x.score, x.tags])).toEqual(
        texts.map((_, i) => [i + 1, texts[1], { note: texts[0] }, "NULL", 0.5, ["{a,b}"]]),
      );
    });

    it("group commit: concurrent writers to many sessions get gap-free seqs", async () => {
      const sessions = Array.from({ length: 6 }, (_, i) => key(`conc${i}`));
      const all = await Promise.all(
        sessions.flatMap((s) => Array.from({ length: 8 }, (_, n) => write([t(s, n + 1, 8)]))),
      );
      expect(all.flat()).toHaveLength(48);
      for (const s of sessions) {
        const g = await svc.graph(svc.db, projectId, s);
        expect(g.thoughts.map((x) => x.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
        expect(g.session.thoughtCount).toBe(8);
      }
    });

    it("batches in flight at once keep each session's and each agent's thoughts in arrival order", async () => {
      // Each round queued a millisecond after the last, so the writer starts it as its own batch while the earlier
      // ones are still in flight (on PostgreSQL several commit at once; on SQLite they run in turn).
      await write([t(key("order-warm"), 1, 1)]);
      const sessions = Array.from({ length: 3 }, (_, i) => key(`order${i}`));
      const client = key("order-agent");
      const implicit = (n: number) => ({ ...t("", n, 10), sessionId: undefined, metadata: { client } });
      const pending: Promise<ThoughtResult[]>[] = [];
      for (let n = 1; n <= 10; n++) {
        for (const s of sessions) pending.push(write([t(s, n, 10)]));
        pending.push(write([implicit(n)]));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      const results = (await Promise.all(pending)).flat();
      for (const s of sessions) {
        const g = await svc.graph(svc.db, projectId, s);
        expect(g.thoughts.map((x) => [x.seq, x.thoughtNumber])).toEqual(
          Array.from({ length: 10 }, (_, i) => [i + 1, i + 1]),
        );
      }
      // The agent's thought 1 starts its session and thoughts 2-10 join it, in order, although later ones were
      // queued while the first was still committing.
      const mine = results.filter((_, i) => i % 4 === 3);
      expect(new Set(mine.map((r) => r.sessionId)).size).toBe(1);
      expect(mine.map((r) => r.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    });

    it("concurrent transactions on one session never share a seq (row locks on PostgreSQL)", async () => {
      const s = key("locks");
      await write([t(s, 1, 20)]);
      // Straight to commitBatch, bypassing the writer's queue, so the transactions really overlap.
      await Promise.all(
        Array.from({ length: 12 }, (_, i) => svc.commitBatch([request(t(s, i + 2, 20))], DEFAULT_LIMITS)),
      );
      const g = await svc.graph(svc.db, projectId, s);
      expect(g.thoughts.map((x) => x.seq)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
      expect(g.session.thoughtCount).toBe(13);
    });

    it("an idempotency key answers the first result and writes nothing more", async () => {
      const s = key("idem");
      const k = key("k");
      const [first] = await svc.submit([request(t(s, 1, 2), k)]);
      const [again, dup] = await svc.submit([request(t(s, 1, 2), k), request(t(s, 1, 2), k)]);
      expect(first!.status).toBe(201);
      expect(again).toEqual({ status: 200, result: first!.result });
      expect(dup).toEqual({ status: 200, result: first!.result });
      expect((await svc.graph(svc.db, projectId, s)).thoughts).toHaveLength(1);
    });

    it("a key whose request was refused answers nothing: the same key with the same body writes when it can", async () => {
      // PostgreSQL claims new keys before the plan (write-store-pg.ts claimKeys) and must take back a refused one's.
      const limits = { ...DEFAULT_LIMITS, maxThoughtsPerSession: 1 };
      const s = key("full");
      const k = key("k");
      await svc.commitBatch([request(t(s, 1, 3))], limits);
      const refused = await svc.commitBatch([request(t(s, 2, 3), k), request(t(s, 2, 3), k)], limits);
      expect(refused.outcomes.map((o) => o.status)).toEqual([422, 422]);
      const [written] = (await svc.commitBatch([request(t(s, 2, 3), k)], DEFAULT_LIMITS)).outcomes;
      expect(written!.status).toBe(201);
      const [replayed] = (await svc.commitBatch([request(t(s, 2, 3), k)], DEFAULT_LIMITS)).outcomes;
      expect(replayed).toEqual({ status: 200, result: written!.result });
    });

    it("a batch with a taken key runs again claiming its keys: its refused request's key still answers nothing", async () => {
      // PostgreSQL inserts a batch's keys with its rows (write-store-pg.ts PgKeyMode); the taken key fails that insert,
      // and the batch runs again claiming every key first, so it must take back the key of the refused request.
      const limits = { ...DEFAULT_LIMITS, maxThoughtsPerSession: 1 };
      const [open, full] = [key("open"), key("full")];
      const [taken, fresh] = [key("taken"), key("fresh")];
      const [first] = (await svc.commitBatch([request(t(open, 1, 3), taken)], limits)).outcomes;
      await svc.commitBatch([request(t(full, 1, 3))], limits);
      const mixed = await svc.commitBatch([request(t(open, 1, 3), taken), request(t(full, 2, 3), fresh)], limits);
      expect(mixed.outcomes).toEqual([
        { status: 200, result: first!.result },
        expect.objectContaining({ status: 422 }),
      ]);
      const [written] = (await svc.commitBatch([request(t(full, 2, 3), fresh)], DEFAULT_LIMITS)).outcomes;
      expect(written!.status).toBe(201);
      const [replayed] = (await svc.commitBatch([request(t(full, 2, 3), fresh)], DEFAULT_LIMITS)).outcomes;
      expect(replayed).toEqual({ status: 200, result: written!.result });
    });

    it("two transactions racing with one new key: one writes, the other answers its result", async () => {
      // Outside the writer's lanes, as two processes would: on PostgreSQL the second waits on the first's key row.
      const s = key("race");
      const k = key("k");
      const results = await Promise.all([0, 1].map(() => svc.commitBatch([request(t(s, 1, 2), k)], DEFAULT_LIMITS)));
      const outcomes = results.map((r) => r.outcomes[0]!);
      expect(outcomes.map((o) => o.status).sort()).toEqual([200, 201]);
      expect(outcomes[0]!.result).toEqual(outcomes[1]!.result);
      expect((await svc.graph(svc.db, projectId, s)).thoughts).toHaveLength(1);
    });

    it("a key reused with a different body is 409; the same body in another spelling replays 200", async () => {
      const s = key("reused");
      const k = key("k");
      const [first] = await svc.submit([request(t(s, 1, 2), k)]);
      expect(first!.status).toBe(201);
      // snake_case and numbers as strings are the same request once through the contract.
      const respelled = {
        session_id: s,
        thought: "thought 1",
        thought_number: "1",
        total_thoughts: 2,
        next_thought_needed: "true",
      };
      const [same] = await svc.submit([request(respelled, k)]);
      expect(same).toEqual({ status: 200, result: first!.result });
      const [changed] = await svc.submit([request(t(s, 1, 3), k)]);
      expect(changed).toEqual({
        status: 409,
        error: {
          code: "idempotency_key_reused",
          message: `The idempotency key "${k}" was already used for a different request.`,
          field: "Idempotency-Key",
          suggestion: "Use a new key for a different request; send the identical body again to get the first answer.",
        },
      });
      // Two requests with one new key in one batch: the second, with another body, is refused too.
      const k3 = key("k3");
      const [a, b] = await svc.submit([request(t(s, 4, 4), k3), request(t(s, 5, 5), k3)]);
      expect(a!.status).toBe(201);
      expect(b).toMatchObject({ status: 409, error: { code: "idempotency_key_reused" } });
      // Through ingest: the event id is named by its position.
      const [ev] = await svc.ingest(
        { projectId, apiKeyId: null },
        { events: [{ id: k, type: "thought", body: t(s, 9, 9) }] },
      );
      expect(ev).toMatchObject({
        id: k,
        status: 409,
        error: { code: "idempotency_key_reused", field: "events[0].id" },
      });
      expect((await svc.graph(svc.db, projectId, s)).thoughts).toHaveLength(2);
    });

    it("a replay makes the same whole answer from the logged facts (branch, needsMoreThoughts, parameter usage)", async () => {
      const s = key("facts");
      const [k1, k2] = [key("k"), key("k")];
      const firsts = await svc.submit([
        request(t(s, 1, 2), k1),
        request(
          t(s, 2, 1, false, {
            branchFromThought: 1,
            branchId: "alt",
            needsMoreThoughts: true,
            includeParameterUsage: true,
          }),
          k2,
        ),
      ]);
      expect(firsts[1]!.result).toMatchObject({
        branches: ["alt"],
        flags: ["total_raised"],
        stop_reason: "needs_more_thoughts",
        next_call_arguments: { branchId: "alt", branchFromThought: 1 },
      });
      expect(firsts[1]!.result).toHaveProperty("parameter_usage");
      const second = t(s, 2, 1, false, {
        branchFromThought: 1,
        branchId: "alt",
        needsMoreThoughts: true,
        includeParameterUsage: true,
      });
      const replays = await svc.submit([request(t(s, 1, 2), k1), request(second, k2)]);
      expect(replays).toEqual(firsts.map((f) => ({ status: 200, result: f.result })));
    });

    it("a key logged with its whole answer (before ResultFacts) still replays that answer", async () => {
      const k = key("old");
      const answer = { ...(await write([t(key("old-session"), 1, 1, false)]))[0]!, thoughtId: key("old-thought") };
      const eventId = key("old-event");
      await svc.db.ingestEvent.create({
        data: { id: eventId, projectId, kind: "thought", body: t("old-s", 1, 1), status: 201, result: answer },
      });
      await svc.db.ingestKey.create({ data: { projectId, key: k, eventId, position: null } });
      const [single] = await svc.submit([request(t("old-s", 1, 1), k)]);
      expect(single).toEqual({ status: 200, result: answer });
    });

    it("an ingest request is logged once, as sent; each event id replays its full result through any door", async () => {
      const s = key("ingest-log");
      const ids = [key("e"), key("e"), key("e")];
      const payload = {
        events: [
          { id: ids[0], type: "thought", body: t(s, 1, 3) },
          { id: ids[1], type: "thought", body: { thought: "" } }, // rejected: not logged, its id stays free
          { id: ids[2], type: "thought", body: t(s, 2, 3) },
        ],
      };
      const text = JSON.stringify(payload);
      const results = await svc.ingest({ projectId, apiKeyId: null }, JSON.parse(text), { bodyText: text });
      expect(results.map((r) => r.status)).toEqual([201, 400, 201]);

      const logged = await svc.db.ingestEvent.findMany({ where: { projectId, kind: "ingest" } });
      // SQLite keeps the text as it arrived; PostgreSQL's jsonb keeps the same value in its own key order.
      const log = logged.find((e) => (e.body as typeof payload).events[0]?.id === ids[0]);
      expect(log?.body, "the request is logged with its body as sent").toEqual(payload);
      // Each written event's slot holds the facts its answer is made of (ResultFacts), not the answer itself.
      const slots = (log!.result as { results: (ResultFacts | null)[] }).results;
      expect(slots.map((r) => r?.thoughtId ?? null)).toEqual([results[0]!.thoughtId, null, results[2]!.thoughtId]);
      expect(slots[2]).toMatchObject({ sessionId: results[2]!.sessionId, seq: 2, thoughtNumber: 2, totalThoughts: 3 });
      expect(slots[2]).not.toHaveProperty("next_call_arguments");
      const keys = await svc.db.ingestKey.findMany({
        where: { projectId, eventId: log!.id },
        orderBy: { position: "asc" },
      });
      expect(keys.map((k) => [k.key, k.position])).toEqual([
        [ids[0], 0],
        [ids[2], 2],
      ]);

      // A replay through a single request with the event's thought is the same request: it answers the whole first
      // result, made again from the facts; a later batch answers 200 per event. Another thought under the id is 409.
      const [other] = await svc.submit([request(t(s, 3, 3), ids[2])]);
      expect(other).toMatchObject({ status: 409, error: { code: "idempotency_key_reused", field: "Idempotency-Key" } });
      const [single] = await svc.submit([request(t(s, 2, 3), ids[2])]);
      expect(single).toEqual({
        status: 200,
        result: {
          thoughtId: results[2]!.thoughtId,
          sessionId: results[2]!.sessionId,
          seq: 2,
          thoughtNumber: 2,
          totalThoughts: 3,
          nextThoughtNeeded: true,
          branches: [],
          thoughtHistoryLength: 2,
          should_continue: true,
          next_thought_number: 3,
          stop_reason: "next_thought_required",
          next_call_arguments: {
            sessionId: results[2]!.sessionId,
            thoughtNumber: 3,
            totalThoughts: 3,
            nextThoughtNeeded: true,
          },
          flags: [],
        },
      });
      const again = await svc.ingest({ projectId, apiKeyId: null }, { events: [payload.events[0], payload.events[2]] });
      expect(again).toEqual([
        { id: ids[0], status: 200, sessionId: results[0]!.sessionId, thoughtId: results[0]!.thoughtId, seq: 1 },
        { id: ids[2], status: 200, sessionId: results[2]!.sessionId, thoughtId: results[2]!.thoughtId, seq: 2 },
      ]);
      // The rejected event's id was not taken: sent again, valid, it is written.
      const [retried] = await svc.ingest(
        { projectId, apiKeyId: null },
        { events: [{ ...payload.events[1], body: t(s, 3, 3, false) }] },
      );
      expect(retried).toMatchObject({ id: ids[1], status: 201, seq: 3 });
      expect((await svc.graph(svc.db, projectId, s)).thoughts).toHaveLength(3);
    });

    it("text with a lone surrogate or NUL is refused naming the field; NFC and NFD keys stay two sessions", async () => {
      // Issue 13: "\ud800" and "\udc00" were both stored as U+FFFD, one key for two, then every call was a 500.
      const s = key("lone");
      const events = [
        { id: key("e"), type: "thought", body: t(`${s}-\ud800`, 1, 2) },
        { id: key("e"), type: "thought", body: t(`${s}-\udc00`, 1, 2) },
        { id: key("e"), type: "thought", body: t(s, 1, 2, true, { thought: "nul \u0000 here" }) },
        { id: `${key("e")}-\ud800`, type: "thought", body: t(s, 1, 2) },
      ];
      for (let round = 0; round < 2; round++) {
        const results = await svc.ingest({ projectId, apiKeyId: null }, { events });
        expect(results.map((r) => r.status)).toEqual([400, 400, 400, 400]);
        expect(results.map((r) => (r as { error?: { field?: string } }).error?.field)).toEqual([
          "events[0].body.sessionId",
          "events[1].body.sessionId",
          "events[2].body.thought",
          "events[3].id",
        ]);
      }
      expect(await svc.db.thinkingSession.count({ where: { projectId, key: { startsWith: s } } })).toBe(0);

      const nfc = `${s}-café`.normalize("NFC");
      const nfd = `${s}-café`.normalize("NFD");
      const [a, b] = await write([t(nfc, 1, 2), t(nfd, 1, 2)]);
      expect(a!.sessionId).not.toBe(b!.sessionId);
      const [a2, b2] = await write([t(nfc, 2, 2, false), t(nfd, 2, 2, false)]);
      expect([a2!.sessionId, b2!.sessionId]).toEqual([a!.sessionId, b!.sessionId]);
    });

    it("a full session rejects the thought and writes nothing", async () => {
      const s = key("full");
      const limits = { ...DEFAULT_LIMITS, maxThoughtsPerSession: 2 };
      await svc.commitBatch([request(t(s, 1, 3)), request(t(s, 2, 3))], limits);
      const { outcomes } = await svc.commitBatch([request(t(s, 3, 3))], limits);
      expect(outcomes[0]).toMatchObject({ status: 422, error: { field: "sessionId", code: "limit_exceeded" } });
      expect((await svc.graph(svc.db, projectId, s)).thoughts).toHaveLength(2);
    });

    it("implicit sessions: thought 1 starts one, later thoughts join it; other projects stay apart", async () => {
      const client = key("client");
      const meta = { metadata: { client, agent: "suite" } };
      const [a1] = await write([{ ...t("", 1, 2), sessionId: undefined, ...meta }]);
      const [a2] = await write([{ ...t("", 2, 2), sessionId: undefined, ...meta }]);
      const [b1] = await write([{ ...t("", 1, 2), sessionId: undefined, ...meta }]);
      expect(a2!.sessionId).toBe(a1!.sessionId);
      expect(b1!.sessionId).not.toBe(a1!.sessionId);
      const [other] = await svc.submit([
        request({ ...t("", 2, 2), sessionId: undefined, ...meta }, null, otherProjectId),
      ]);
      expect(other!.result!.sessionId).not.toBe(b1!.sessionId);
      await expect(svc.graph(svc.db, otherProjectId, a1!.sessionId)).rejects.toThrow(/not found/);
    });

    it("export then import gives an equal session with fresh ids", async () => {
      const s = key("transfer");
      await write([
        t(s, 1, 3, true, { stage: "Analysis", tags: ["x"], score: 0.5, metadata: { agent: "a" } }),
        t(s, 2, 3, true, { branchFromThought: 1, branchId: "alt" }),
        t(s, 3, 3, false, { isRevision: true, revisesThought: 1 }),
      ]);
      const exported = await svc.exportSession(svc.db, projectId, s);
      const { sessionId } = await svc.importSession(projectId, JSON.parse(JSON.stringify(exported)), DEFAULT_LIMITS);
      const again = await svc.exportSession(svc.db, projectId, sessionId);
      const strip = (e: typeof exported) => {
        const ids = new Map(e.thoughts.map((x) => [x.id, x.seq]));
        return {
          session: { ...e.session, id: undefined, key: undefined, updatedAt: undefined },
          branches: e.branches.map((b) => ({ ...b, forkThoughtId: ids.get(b.forkThoughtId!) })),
          thoughts: e.thoughts.map((x) => ({
            ...x,
            id: undefined,
            sessionId: undefined,
            revisesThoughtId: x.revisesThoughtId && ids.get(x.revisesThoughtId),
            branchFromThoughtId: x.branchFromThoughtId && ids.get(x.branchFromThoughtId),
          })),
        };
      };
      expect(strip(again)).toEqual(strip(exported));
    });

    it("the sessions table filters by tag, search text, flags and agent", async () => {
      const tagged = key("tagged");
      const tag = key("tag");
      await write([t(tagged, 1, 2, true, { tags: ["other", tag], metadata: { agent: `agent-${tag}` } })]);
      await write([t(key("untagged"), 1, 2, true, { tags: ["other"] })]);
      await (await import("@/server/ingest/search-indexer")).waitForSearchIndex(svc.db);
      const base = { sort: "activity", order: "desc", page: 1, pageSize: 25 } as const;
      const byTag = await svc.table(svc.db, projectId, { ...base, tag });
      expect(byTag.sessions.map((x) => x.key)).toEqual([tagged]);
      const byAgent = await svc.table(svc.db, projectId, { ...base, agent: `agent-${tag}` });
      expect(byAgent.sessions.map((x) => x.key)).toEqual([tagged]);
      const byText = await svc.table(svc.db, projectId, { ...base, q: tagged });
      expect(byText.sessions.map((x) => x.key)).toEqual([tagged]);
      const flagged = await svc.table(svc.db, projectId, { ...base, flagged: true, pageSize: 100 });
      expect(flagged.sessions.every((x) => x.flagCount > 0)).toBe(true);
      expect(flagged.total).toBeGreaterThan(0);
    });

    // Declared only where the suite runs with a write thread (a skipped test would read as a gap in the run).
    if (options.writeThread) {
      it("the write thread indexes a batch once it is quiet, and a search right after the write finds it", async () => {
        const { searchThoughts } = await import("@/server/services/search/thought-search");
        const word = (n: number) => `q${Date.now().toString(36)}${++counter}x${n}`;
        const indexed = async (w: string) =>
          Number(
            (
              await svc.db.$queryRawUnsafe<{ n: number | bigint }[]>(
                `SELECT count(*) AS "n" FROM "ThoughtSearchKey" k JOIN "Thought" t ON t."id" = k."thoughtId"
                   WHERE k."version" = 0 AND t."text" LIKE ?`,
                `%${w}%`,
              )
            )[0]!.n,
          );
        const first = word(1);
        const [a] = await write([t(key("quiet"), 1, 2, true, { thought: `Quiet ${first}` })]);
        const hits = await searchThoughts(svc.db, projectId, { q: first, limit: 5, offset: 0 });
        expect(hits.hits.map((h) => h.thoughtId)).toEqual([a!.thoughtId]);

        const second = word(2);
        await write([t(key("quiet"), 1, 2, true, { thought: `Later ${second}` })]);
        const until = Date.now() + 10_000;
        while ((await indexed(second)) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
        expect(await indexed(second)).toBe(1);
      });
    }

    it("indexes every written thought for full-text search, revised text and earlier versions included", async () => {
      const { searchThoughts } = await import("@/server/services/search/thought-search");
      const { reviseThought } = await import("@/server/services/agent-tools");
      const { waitForSearchIndex } = await import("@/server/ingest/search-indexer");
      const s = key("search");
      const word = `w${Date.now().toString(36)}${++counter}${provider.slice(0, 2)}`;
      const [first, second] = await write([
        t(s, 1, 3, true, { thought: `Alpha ${word} first` }),
        t(s, 2, 3, true, { thought: `Beta ${word} second` }),
        t(s, 3, 3, false, { thought: "Gamma other" }),
      ]);
      // PostgreSQL indexes after COMMIT (server/ingest/search-indexer.ts); SQLite in the write transaction, or on the
      // write thread once it is quiet (server/ingest/search-index-sqlite.ts), and a search indexes what is waiting.
      await waitForSearchIndex(svc.db);
      const search = (q: string, project = projectId) => searchThoughts(svc.db, project, { q, limit: 20, offset: 0 });
      const found = await search(word);
      expect(found.total).toBe(2);
      expect(found.hits.map((h) => h.thoughtId).sort()).toEqual([first!.thoughtId, second!.thoughtId].sort());
      for (const h of found.hits) {
        expect(h.snippet.ranges.map((r) => h.snippet.text.slice(r.start, r.end))).toEqual([word]);
        expect(h).toMatchObject({ sessionId: first!.sessionId, matchedTerms: [word], matchedVersion: "current" });
      }
      expect((await search(`${word} NOT beta`)).hits.map((h) => h.thoughtId)).toEqual([first!.thoughtId]);
      expect((await search(word, otherProjectId)).total).toBe(0);

      // No wait: an edit is indexed in its own transaction (a trigger on PostgreSQL).
      await reviseThought({ projectId, apiKeyId: null }, { thoughtId: first!.thoughtId, thought: `Delta ${word}x` });
      const revised = await search(`delta ${word}x`);
      expect(revised.hits.map((h) => [h.thoughtId, h.matchedVersion])).toEqual([[first!.thoughtId, "current"]]);
      const old = await search(`alpha ${word}`);
      expect(old.hits.map((h) => [h.thoughtId, h.matchedVersion])).toEqual([[first!.thoughtId, 1]]);

      // The sessions list's text search goes through the same index: thought text and the title (thought 1's text).
      const base = { sort: "activity", order: "desc", page: 1, pageSize: 25 } as const;
      expect((await svc.table(svc.db, projectId, { ...base, q: `second ${word}` })).sessions.map((x) => x.key)).toEqual(
        [s],
      );
      expect((await svc.table(svc.db, projectId, { ...base, q: "gamma NOT other" })).sessions).toEqual([]);
    });

    it("ranks only the newest SEARCH_WINDOW matching thoughts when more match, the same window on both back ends", async () => {
      const { searchThoughts } = await import("@/server/services/search/thought-search");
      const { SEARCH_WINDOW } = await import("@/server/services/search/full-text");
      const s = key("window");
      const word = `win${Date.now().toString(36)}${++counter}${provider.slice(0, 2)}`;
      // The 5 oldest are the word alone (the best rank of all); then SEARCH_WINDOW longer ones.
      const oldest = await svc.ingest({ projectId, apiKeyId: null }, { events: thoughtEvents(s, 0, 5, () => word) });
      await svc.ingest(
        { projectId, apiKeyId: null },
        {
          events: thoughtEvents(
            s,
            5,
            SEARCH_WINDOW,
            (i) => `Step ${i} of the long run mentions ${word} among other words`,
          ),
        },
      );
      // PostgreSQL indexes after COMMIT (server/ingest/search-indexer.ts): without this, only the rows a pass had
      // reached were searched (total 5 instead of 1,000 in one run).
      await (await import("@/server/ingest/search-indexer")).waitForSearchIndex(svc.db);
      const found = await searchThoughts(svc.db, projectId, { q: word, limit: 20, offset: 0 });
      expect(found).toMatchObject({ total: SEARCH_WINDOW, totalExact: false });
      const oldIds = new Set(oldest.map((r) => r.thoughtId));
      expect(found.hits).toHaveLength(20);
      expect(found.hits.filter((h) => oldIds.has(h.thoughtId))).toEqual([]);
    });

    it("lists the sessions of the newest SESSION_WINDOW matching thoughts when more match, on both back ends", async () => {
      const { SESSION_WINDOW } = await import("@/server/services/search/full-text");
      const { waitForSearchIndex } = await import("@/server/ingest/search-indexer");
      const word = `swin${Date.now().toString(36)}${++counter}${provider.slice(0, 2)}`;
      // One request each: at most 1,000 events.
      const run = (s: string, from: number, n: number, text: (i: number) => string) =>
        svc.ingest({ projectId, apiKeyId: null }, { events: thoughtEvents(s, from, n, text) });
      // The older session matches in 5 thoughts but not in its title (its first thought's text); the newer one in
      // SESSION_WINDOW thoughts, which fill the window by themselves.
      const older = key("swin-old");
      const newer = key("swin-new");
      await run(older, 0, 6, (i) => (i === 0 ? "An opening without the word" : `Older step ${i} mentions ${word}`));
      for (let from = 0; from < SESSION_WINDOW; from += 1_000) {
        await run(newer, from, Math.min(1_000, SESSION_WINDOW - from), (i) => `Newer step ${i} mentions ${word}`);
      }
      await waitForSearchIndex(svc.db);
      const base = { sort: "activity", order: "desc", page: 1, pageSize: 25 } as const;
      expect((await svc.table(svc.db, projectId, { ...base, q: word })).sessions.map((x) => x.key)).toEqual([newer]);
      // Under the window, the older session's matches are found.
      expect((await svc.table(svc.db, projectId, { ...base, q: `${word} older` })).sessions.map((x) => x.key)).toEqual([
        older,
      ]);
      // One more thought, and the outline reads all 2,001 in pages (server/db/in-pages.ts), in order.
      await run(newer, SESSION_WINDOW, 1, () => "One past the page");
      const { sessionOutline } = await import("@/server/services/dashboard");
      const outline = await sessionOutline(svc.db, projectId, newer);
      expect(outline.thoughts.map((x) => x.seq)).toEqual(Array.from({ length: SESSION_WINDOW + 1 }, (_, i) => i + 1));
      expect(outline.thoughts.at(-1)!.preview).toBe("One past the page");
    });

    it("the sessions table sorts by a score config's mean", async () => {
      const scores = await import("@/server/services/scores/scores");
      const { createScoreConfig } = await import("@/server/services/scores/score-configs");
      const name = key("quality");
      const config = await createScoreConfig(svc.db, projectId, { name, type: "numeric", min: 0, max: 10 });
      const [low] = await write([t(key("low"), 1, 1, false)]);
      const [high] = await write([t(key("high"), 1, 1, false)]);
      await scores.upsertScore(svc.db, projectId, scores.LOCAL_AUTHOR, { sessionId: low!.sessionId, name, value: 2 });
      await scores.upsertScore(svc.db, projectId, scores.LOCAL_AUTHOR, { sessionId: high!.sessionId, name, value: 9 });
      const page = await svc.table(svc.db, projectId, {
        sort: "score",
        scoreConfigId: config.id,
        scored: true,
        order: "desc",
        page: 1,
        pageSize: 25,
      });
      expect(page.sessions.map((x) => x.id)).toEqual([high!.sessionId, low!.sessionId]);
    });

    it("lists sessions newest first with a cursor that neither repeats nor skips", async () => {
      const seen = new Set<string>();
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await svc.list(svc.db, projectId, { limit: 4, ...(cursor ? { cursor } : {}) });
        for (const s of page.sessions) {
          expect(seen.has(s.id)).toBe(false);
          seen.add(s.id);
        }
        cursor = page.nextCursor ?? undefined;
        pages++;
      } while (cursor && pages < 100);
      const total = await svc.db.thinkingSession.count({ where: { projectId } });
      expect(seen.size).toBe(total);
    });
  });
}
