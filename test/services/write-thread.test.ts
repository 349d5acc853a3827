// The write thread (server/services/write-thread.ts, started by write-thread-start.ts) beside the serving thread's own connection: a second writer on
// the SQLite file. Its batches' behaviour is the write suite's (write.sqlite-thread.test.ts); this file covers what
// the second connection and the thread's life add.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseThoughtInput } from "@/lib/contracts/thought";
import type { Db } from "@/server/db/client";
import { JsonText } from "@/server/db/write-store";
import type { WriteRequest } from "@/server/services/write-batch";
import { freshServiceDb } from "@/test/support/service-db";
import { unique } from "@/test/support/seed";

let db: Db;
let projectId = "";
let url = "";
let svc: {
  submit: typeof import("@/server/services/thought-writer").submitThoughts;
  thread: typeof import("@/server/services/write-thread") & typeof import("@/server/services/write-thread-start");
};

beforeAll(async () => {
  ({ db, projectId } = await freshServiceDb("write-thread"));
  url = process.env.DATABASE_URL!;
  svc = {
    submit: (await import("@/server/services/thought-writer")).submitThoughts,
    thread: {
      ...(await import("@/server/services/write-thread")),
      ...(await import("@/server/services/write-thread-start")),
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
  it("posts a batch's requests so that the thread receives them as they were", () => {
    const log = { id: "log-1", projectId, body: new JsonText('{"events":[]}'), events: 2 };
    // Every optional field set, each to a value of its own, so that a field dropped or crossed on the way shows.
    const everything = parseThoughtInput({
      sessionId: "a",
      thought: "step 2, revised",
      thoughtNumber: 2,
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
      metadata: { agent: "ag", model: "mo", client: "cl" },
      includeParameterUsage: true,
    });
    if (!everything.ok) throw new Error(everything.problem.message);
    const requests: WriteRequest[] = [
      { ...thought("a", 1), idempotencyKey: "e-1", batch: { log, position: 0 } },
      { ...thought("a", 2), input: everything.value, idempotencyKey: "e-2", batch: { log, position: 1 } },
      { ...thought("b", 1), tool: "think", apiKeyId: "key-1" },
    ];
    // What crosses to the thread is a structured clone: class instances and shared references do not survive it.
    const received = svc.thread.receivedRequests({
      id: 1,
      limits: {} as never,
      ...structuredClone(svc.thread.postRequests(requests)),
    });
    expect(received.map((r) => r.input)).toEqual(requests.map((r) => r.input));
    expect(Object.values(received[1]!.input).filter((v) => v !== undefined)).toHaveLength(15);
    expect(received.map((r) => [r.tool, r.projectId, r.apiKeyId, r.idempotencyKey])).toEqual(
      requests.map((r) => [r.tool, r.projectId, r.apiKeyId, r.idempotencyKey]),
    );
    expect(received[0]!.batch!.log).toBe(received[1]!.batch!.log); // one log for the request, as before
    expect(received[0]!.batch!.log.body).toBeInstanceOf(JsonText);
    expect((received[0]!.batch!.log.body as JsonText).text).toBe('{"events":[]}');
    expect(received.map((r) => r.batch?.position)).toEqual([0, 1, undefined]);
    expect(received[2]!.raw).toEqual(requests[2]!.raw); // a single request keeps its body for the log
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
