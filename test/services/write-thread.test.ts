// The write thread (server/ingest/write-thread.ts, started by write-thread-start.ts) beside the serving thread's own connection: a second writer on
// the SQLite file. Its batches' behaviour is the write suite's (write.sqlite-thread.test.ts); this file covers what
// the second connection and the thread's life add.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseThoughtInput, withClient, type ThoughtResult } from "@/lib/contracts/thought";
import type { Db } from "@/server/db/client";
import { DetailText, JsonText } from "@/server/ingest/write-store";
import type { Placement, WriteOutcome, WriteRequest } from "@/server/ingest/write-batch";
import { freshServiceDb } from "@/test/support/service-db";
import { unique } from "@/test/support/seed";

let db: Db;
let projectId = "";
let url = "";
let svc: {
  submit: typeof import("@/server/ingest/thought-writer").submitThoughts;
  thread: typeof import("@/server/ingest/write-thread") & typeof import("@/server/ingest/write-thread-start");
};

beforeAll(async () => {
  ({ db, projectId } = await freshServiceDb("write-thread"));
  url = process.env.DATABASE_URL!;
  svc = {
    submit: (await import("@/server/ingest/thought-writer")).submitThoughts,
    thread: {
      ...(await import("@/server/ingest/write-thread")),
      ...(await import("@/server/ingest/write-thread-start")),
    },
  };
});

afterEach(async () => {
  await svc.thread.stopWriteThread();
});

afterAll(async () => {
  await (await import("@/server/db/client")).closeDb();
});

function thought(sessionId: string, n: number, total = 3): WriteRequest {
  const raw = { sessionId, thought: `step ${n}`, thoughtNumber: n, totalThoughts: total, nextThoughtNeeded: n < total };
  const parsed = parseThoughtInput(raw);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return { projectId, apiKeyId: null, input: parsed.value, raw, idempotencyKey: null };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the write thread", () => {
  it("posts a batch's requests and its outcomes so that each side receives them as they were", () => {
    // Every optional field set, each to a value of its own, so that a field dropped or crossed on the way shows.
    const everything = {
      sessionId: "a",
      thought: "step 3, revised",
      thoughtNumber: 3,
      totalThoughts: 4,
      nextThoughtNeeded: true,
      isRevision: true,
      revisesThought: 1,
      branchFromThought: 1,
      branchId: "alt",
      needsMoreThoughts: false,
      stage: "analysis",
      tags: ["t1", "t2"],
      score: 0.25,
      metadata: { model: "mo", agent: "ag", client: "cl" },
      detail: { kind: "reasoning", sourceRef: "span-1", model: "mo", tokensIn: 12, opaque: { signature: "sig" } },
      includeParameterUsage: true,
    };
    const events = [
      {
        id: "e-1",
        type: "thought",
        body: {
          sessionId: "a",
          thought: "step 1",
          thoughtNumber: 1,
          totalThoughts: 3,
          nextThoughtNeeded: true,
          metadata: { agent: "ag" }, // gets the door's client name
        },
      },
      // Normalised on the way in (snake_case, a number as text).
      {
        id: "e-2",
        type: "thought",
        body: { session_id: "a", thought: "step 2", thought_number: "2", total_thoughts: 3, next_thought_needed: true },
      },
      { id: "e-3", type: "thought", body: everything },
    ];
    const text = JSON.stringify({ events });
    const log = { id: "log-1", projectId, body: new JsonText(text), events: 3 };
    const event = (i: number): WriteRequest => {
      const parsed = parseThoughtInput(events[i]!.body);
      if (!parsed.ok) throw new Error(parsed.problem.message);
      return {
        projectId,
        apiKeyId: "key-1",
        input: withClient(parsed.value, "door"),
        raw: events[i]!.body,
        idempotencyKey: events[i]!.id,
        batch: { log, position: i },
      };
    };
    const requests: WriteRequest[] = [event(0), event(1), event(2), { ...thought("b", 1), tool: "think" }];
    expect(requests[0]!.input.metadata).toEqual({ agent: "ag", client: "door" });

    // What crosses to the thread is a structured clone: class instances and shared references do not survive it.
    const posted = structuredClone(svc.thread.postRequests(requests));
    expect(posted.requests.projectId.values).toEqual([projectId]); // crosses once
    const received = svc.thread.receivedRequests({ id: 1, limits: {} as never, ...posted });
    // A detail crosses as the JSON text its row stores, with the kind its row's kind column takes; the rest as it was.
    const detail = received[2]!.input.detail as unknown as DetailText;
    expect(detail).toBeInstanceOf(DetailText);
    expect(detail.text).toBe(JSON.stringify(requests[2]!.input.detail));
    expect(detail.kind).toBe("reasoning");
    const detailSet = (r: WriteRequest) => ({ ...r.input, detail: r.input.detail === undefined ? undefined : "set" });
    expect(received.map(detailSet)).toEqual(requests.map(detailSet));
    expect(JSON.stringify(received[2]!.input)).toBe(JSON.stringify(requests[2]!.input)); // as a replay compares them
    expect(Object.values(received[2]!.input).filter((v) => v !== undefined)).toHaveLength(16);
    expect(JSON.stringify(received[2]!.input.metadata)).toBe(JSON.stringify(requests[2]!.input.metadata)); // key order
    // Every input has every field, in the schema's order, whichever fields it carries.
    expect(received.map((r) => Object.keys(r.input))).toEqual(received.map(() => Object.keys(received[2]!.input)));
    const who = (r: WriteRequest) => [r.tool, r.projectId, r.apiKeyId, r.idempotencyKey, r.batch?.position];
    expect(received.map(who)).toEqual(requests.map(who));
    expect(received[0]!.batch!.log).toBe(received[1]!.batch!.log); // one log for the request, as before
    expect(received[0]!.batch!.log).toMatchObject({ id: "log-1", projectId, events: 3 });
    expect((received[0]!.batch!.log.body as JsonText).text).toBe(text);
    expect(received[3]!.raw).toEqual(requests[3]!.raw); // a single request keeps its body for the log
    expect(received[0]!.raw).toBeUndefined(); // an ingest event's is in its log

    // The outcomes cross back the same way: placements, a refusal, and a single request's whole answer.
    const whole = {
      sessionId: "s-2",
      thoughtId: "t-4",
      seq: 1,
      thoughtNumber: 1,
      flags: [],
    } as unknown as ThoughtResult;
    const outcomes: WriteOutcome<Placement>[] = [
      { status: 201, result: { sessionId: "s-1", thoughtId: "t-1", seq: 7 } },
      { status: 200, result: { sessionId: "s-1", thoughtId: "t-0", seq: 3 } },
      { status: 422, error: { code: "limit_exceeded", message: "full", field: "sessionId" } },
      { status: 201, result: whole },
    ];
    const back = structuredClone(svc.thread.postOutcomes(received, outcomes));
    expect(back.sessionId.values).toEqual(["s-1"]); // the session crosses once
    expect(svc.thread.receivedOutcomes(back)).toEqual(outcomes);
  });

  it("lets a Prisma transaction that reads and then writes finish while a batch waits to commit", async () => {
    svc.thread.startWriteThread(url);
    await svc.submit([thought(unique("warm-up"), 1)]); // the thread is up and has committed once
    const session = unique("beside-tx");
    let written!: ReturnType<typeof svc.submit>;
    const renamed = await db.$transaction(async (tx) => {
      const project = await tx.project.findUniqueOrThrow({ where: { id: projectId } });
      written = svc.submit([thought(session, 1)]); // commits on the thread, on its own connection
      await sleep(150);
      // With a deferred BEGIN this write would fail with SQLITE_BUSY had the thread committed since the read.
      return tx.project.update({ where: { id: projectId }, data: { name: `${project.name}.` } });
    });
    const [outcome] = await written;
    expect(outcome?.status).toBe(201);
    expect(renamed.name.endsWith(".")).toBe(true);
    expect(await db.thought.count({ where: { session: { key: session } } })).toBe(1);
    expect(svc.thread.activeWriteThread()).not.toBeNull();
  });

  it("gathers agents writing one thought at a time into few commits, every thought stored in order", async () => {
    // 32 agents, each writing 10 thoughts to its own session one request at a time, each request a few event-loop
    // turns after its previous answer (as requests over HTTP arrive spread out). Each commit on the thread is counted.
    const thread = svc.thread.startWriteThread(url);
    await svc.submit([thought(unique("warm-up"), 1)]);
    const sizes: number[] = [];
    const post = thread.commit.bind(thread);
    thread.commit = (requests, limits) => {
      sizes.push(requests.length);
      return post(requests, limits);
    };
    const turns = (n: number) =>
      new Promise<void>((resolve) => (n === 0 ? resolve() : setImmediate(() => void turns(n - 1).then(resolve))));
    const agents = 32;
    const steps = 10;
    const keys = Array.from({ length: agents }, (_, a) => unique(`gathered-${a}`));
    await Promise.all(
      keys.map(async (key, a) => {
        for (let n = 1; n <= steps; n++) {
          await turns((a % 8) + 1);
          const [outcome] = await svc.submit([thought(key, n, steps)]);
          expect(outcome?.status).toBe(201);
          expect(outcome?.result?.seq).toBe(n);
        }
      }),
    );
    expect(sizes.reduce((sum, n) => sum + n, 0)).toBe(agents * steps);
    // 11 commits of ~29 thoughts measured; posting each turn's arrivals as soon as the thread had room made 34–36.
    expect(sizes.length).toBeLessThanOrEqual(20);
    for (const key of keys) {
      const rows = await db.thought.findMany({ where: { session: { key } }, orderBy: { seq: "asc" } });
      expect(rows.map((r) => [r.seq, r.thoughtNumber])).toEqual(
        Array.from({ length: steps }, (_, i) => [i + 1, i + 1]),
      );
    }
  });

  it("fails the batch in flight when the thread dies, and later batches run on the serving thread", async () => {
    // A thread that cannot open its database dies at start: a real failure, no stand-in.
    svc.thread.startWriteThread("file:/nonexistent-directory/thoughtgraph.db");
    const session = unique("thread-died");
    const inFlight = svc.submit([thought(session, 1)]);
    await expect(inFlight).rejects.toMatchObject({ code: svc.thread.THREAD_FAILED });
    expect(svc.thread.activeWriteThread()).toBeNull();

    const [outcome] = await svc.submit([thought(session, 1)]);
    expect(outcome?.status).toBe(201);
    expect(outcome?.result?.seq).toBe(1); // the failed batch wrote nothing
    expect(await db.thought.count({ where: { session: { key: session } } })).toBe(1);
  });
});
