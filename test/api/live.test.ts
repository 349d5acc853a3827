// The live feed: tRPC subscription `sessions.onThought` over SSE. On SQLite: thoughts arrive in seq order and a
// reconnect with lastEventId resumes without gaps or duplicates. On PostgreSQL: two server processes on one
// database, a thought posted on B arrives on A's subscription (LISTEN/NOTIFY). Subscribers are signed in, as the
// dashboard's browser is (a sign-in is a row in the shared database, so one cookie works on both processes).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZIngestResponse } from "@/lib/contracts/ingest";
import { ZThoughtView, type ThoughtView } from "@/lib/contracts/session";
import { startServer } from "@/scripts/lib/server-process";
import {
  call,
  expectShape,
  getGraph,
  record,
  startSqliteServer,
  thought,
  unique,
  type RunningServer,
  type SqliteServer,
} from "@/test/support/api-client";
import { signIn } from "@/test/support/dashboard-client";
import { freshPgUrl } from "@/test/support/pg";
import { openSse, trpcSubscriptionUrl, type SseMessage, type SseStream } from "@/test/support/sse";

const ADMIN = { email: "live-admin@team.test", password: "live-admin-password" };
const ACCOUNTS = { THOUGHTGRAPH_INIT_ADMIN_EMAIL: ADMIN.email, THOUGHTGRAPH_INIT_ADMIN_PASSWORD: ADMIN.password };
const cookies = new Map<string, string>();

async function subscribe(server: RunningServer, sessionId: string, lastEventId?: string): Promise<SseStream> {
  let cookie = cookies.get(server.url);
  if (!cookie) cookies.set(server.url, (cookie = await signIn(server, ADMIN.email, ADMIN.password)));
  return openSse(
    trpcSubscriptionUrl(server.url, "sessions.onThought", { sessionId, ...(lastEventId ? { lastEventId } : {}) }),
    { cookie },
  );
}

/** Each message carries the thought as JSON and its seq as the SSE id. */
function thoughtsOf(messages: SseMessage[]): ThoughtView[] {
  return messages.map((m) => {
    const t = ZThoughtView.parse(JSON.parse(m.data));
    expect(m.id).toBe(String(t.seq));
    return t;
  });
}

/** Waits for `count` messages, then a little longer to catch anything extra (duplicates). */
async function exactly(stream: SseStream, count: number, settleMs = 300): Promise<ThoughtView[]> {
  await stream.next(count, 15_000);
  await new Promise((r) => setTimeout(r, settleMs));
  const all = await stream.next(count, 1);
  return thoughtsOf(all);
}

describe("on SQLite", () => {
  let tg: SqliteServer;
  const streams: SseStream[] = [];
  beforeAll(async () => {
    tg = await startSqliteServer("api-live", ACCOUNTS);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await tg?.server.stop();
  });

  it("delivers a session's thoughts in seq order; a reconnect with lastEventId resumes with no gap or duplicate", async () => {
    const server = tg.server;
    const key = unique("live");
    const t1 = await record(server, thought(1, 10, { sessionId: key }));
    const live = await subscribe(server, t1.sessionId);
    streams.push(live);
    expect(thoughtsOf(await live.next(1)).map((t) => t.seq)).toEqual([1]);

    const t2 = await record(server, thought(2, 10, { sessionId: key }));
    const t3 = await record(server, thought(3, 10, { sessionId: key }));
    const first = await exactly(live, 3);
    expect(first.map((t) => t.seq)).toEqual([1, 2, 3]);
    expect(first.map((t) => t.id)).toEqual([t1.thoughtId, t2.thoughtId, t3.thoughtId]);
    expect(first.map((t) => t.text)).toEqual(["thought 1 of 10", "thought 2 of 10", "thought 3 of 10"]);

    // A batch through ingest arrives too, in order.
    const batch = await call(server, "/api/v1/ingest", {
      method: "POST",
      json: {
        events: [4, 5, 6].map((n) => ({
          id: unique(`live-${n}`),
          type: "thought",
          body: thought(n, 10, { sessionId: key }),
        })),
      },
    });
    expect(expectShape(ZIngestResponse, batch).results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await exactly(live, 6)).map((t) => t.seq)).toEqual([1, 2, 3, 4, 5, 6]);

    // The client drops; it reconnects saying it has seen seq 1.
    live.close();
    const resumed = await subscribe(server, key, "1"); // by the agent's key this time
    streams.push(resumed);
    expect((await resumed.next(5)).map((m) => m.id)).toEqual(["2", "3", "4", "5", "6"]);
    const t7 = await record(server, thought(7, 10, { sessionId: key }));
    const after = await exactly(resumed, 6);
    expect(after.map((t) => t.seq)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(after.at(-1)!.id).toBe(t7.thoughtId);
  });

  it("sends a subscriber who is not signed in no thought, only an UNAUTHORIZED error", async () => {
    const t1 = await record(tg.server, thought(1, 2, { sessionId: unique("live-private") }));
    const res = await fetch(trpcSubscriptionUrl(tg.server.url, "sessions.onThought", { sessionId: t1.sessionId }), {
      headers: { accept: "text/event-stream" },
      signal: AbortSignal.timeout(5_000),
    });
    // tRPC answers a subscription's refusal inside the event stream, then ends it.
    const text = await res.text();
    expect(text).toMatch(/event: serialized-error\ndata: .*"code":"UNAUTHORIZED"/);
    expect(text).not.toContain(t1.thoughtId);
  });

  it("concurrent writers: every thought arrives once, in seq order", async () => {
    const server = tg.server;
    const key = unique("live-concurrent");
    const first = await record(server, thought(1, 30, { sessionId: key }));
    const live = await subscribe(server, first.sessionId);
    streams.push(live);
    await Promise.all(Array.from({ length: 24 }, (_, i) => record(server, thought(i + 2, 30, { sessionId: key }))));
    const got = await exactly(live, 25, 500);
    expect(got.map((t) => t.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const graph = await getGraph(server, key);
    expect(got.map((t) => t.id)).toEqual(graph.thoughts.map((t) => t.id));
  });

  it("a second subscriber with lastEventId at the head receives only new thoughts", async () => {
    const server = tg.server;
    const key = unique("live-head");
    await record(server, thought(1, 3, { sessionId: key }));
    await record(server, thought(2, 3, { sessionId: key }));
    const live = await subscribe(server, key, "2");
    streams.push(live);
    await record(server, thought(3, 3, { sessionId: key }));
    expect((await exactly(live, 1)).map((t) => t.seq)).toEqual([3]);
  });
});

describe("on PostgreSQL: two server processes on one database", () => {
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    const databaseUrl = await freshPgUrl("api_live");
    a = await startServer({ databaseUrl, env: ACCOUNTS }); // applies the migrations
    b = await startServer({ databaseUrl, env: ACCOUNTS }); // finds them applied
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("a thought posted on B arrives on A's subscription (and the other way round)", async () => {
    const key = unique("pg-live");
    const t1 = await record(b!, thought(1, 10, { sessionId: key }));
    const onA = await subscribe(a!, t1.sessionId);
    streams.push(onA);
    expect(thoughtsOf(await onA.next(1)).map((t) => t.id)).toEqual([t1.thoughtId]);

    const t2 = await record(b!, thought(2, 10, { sessionId: key }));
    const t3 = await record(b!, thought(3, 10, { sessionId: key }));
    const got = await exactly(onA, 3);
    expect(got.map((t) => t.id)).toEqual([t1.thoughtId, t2.thoughtId, t3.thoughtId]);
    expect(got.map((t) => t.seq)).toEqual([1, 2, 3]);

    const onB = await subscribe(b!, key, "3");
    streams.push(onB);
    const t4 = await record(a!, thought(4, 10, { sessionId: key }));
    expect((await exactly(onB, 1)).map((t) => t.id)).toEqual([t4.thoughtId]);
    expect((await exactly(onA, 4)).map((t) => t.seq)).toEqual([1, 2, 3, 4]);
  });

  it("both processes writing one session concurrently hand out unique, gap-free seqs, all delivered", async () => {
    const key = unique("pg-both");
    const first = await record(a!, thought(1, 50, { sessionId: key }));
    const onA = await subscribe(a!, first.sessionId);
    streams.push(onA);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => record(i % 2 === 0 ? a! : b!, thought(i + 2, 50, { sessionId: key }))),
    );
    const seqs = [1, ...results.map((r) => r.seq)].sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.sessionId))).toEqual(new Set([first.sessionId]));
    const got = await exactly(onA, 31, 500);
    expect(got.map((t) => t.seq)).toEqual(seqs);
    const graph = await getGraph(b!, key);
    expect(graph.session.thoughtCount).toBe(31);
    expect(graph.thoughts.map((t) => t.seq)).toEqual(seqs);
  });
});
