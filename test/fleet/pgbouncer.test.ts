// Two real server processes whose DATABASE_URL goes through a real PgBouncer in transaction pooling mode, the live
// relay's LISTEN connection direct to PostgreSQL (THOUGHTGRAPH_LISTEN_DATABASE_URL), as docs/operating.md, "Running
// several instances" says to deploy them. The migrations run once beforehand, as a fleet's deploy step does
// (THOUGHTGRAPH_MIGRATE_ON_START=0). Through the bouncer: writes alternating between the instances keep one session's
// seq gap-free, a retried idempotency key and a retried ingest batch answer their first result on the other instance
// (the batch's first try fails on its taken keys and runs again, write-store-pg.ts PgKeyMode), and a live subscriber
// on one instance sees what the other writes; the bouncer holds no more server connections than its pool.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZThoughtView, type ThoughtView } from "@/lib/contracts/session";
import { applyMigrations } from "@/server/db/migrations";
import { startServer, type RunningServer } from "@/scripts/lib/server-process";
import { getGraph, record, thought, unique } from "@/test/support/api-client";
import { signIn } from "@/test/support/dashboard-client";
import { ingestTwice, retryOnOther, writeAlternating } from "@/test/support/fleet";
import { freshPgUrl } from "@/test/support/pg";
import { startPgBouncer, type RunningPgBouncer } from "@/test/support/pgbouncer";
import { openSse, trpcSubscriptionUrl, type SseStream } from "@/test/support/sse";

const ADMIN = { email: "bouncer-admin@team.test", password: "bouncer-admin-password" };
/** Server connections PgBouncer may open: fewer than the two instances' pools (7 each) and commits in flight. */
const POOL_SIZE = 4;

let bouncer: RunningPgBouncer;
let a: RunningServer;
let b: RunningServer;
let stream: SseStream | undefined;

beforeAll(async () => {
  const direct = await freshPgUrl("pgbouncer");
  await applyMigrations(direct);
  bouncer = await startPgBouncer(direct, POOL_SIZE);
  const env = {
    THOUGHTGRAPH_LISTEN_DATABASE_URL: direct,
    THOUGHTGRAPH_MIGRATE_ON_START: "0",
    THOUGHTGRAPH_INIT_ADMIN_EMAIL: ADMIN.email,
    THOUGHTGRAPH_INIT_ADMIN_PASSWORD: ADMIN.password,
  };
  [a, b] = await Promise.all([
    startServer({ databaseUrl: bouncer.through(direct), env }),
    startServer({ databaseUrl: bouncer.through(direct), env }),
  ]);
});

afterAll(async () => {
  stream?.close();
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await bouncer?.stop();
});

describe("two instances behind PgBouncer in transaction mode", () => {
  it("keep one session's seq gap-free, and a retried key answers the first result on the other instance", async () => {
    const session = unique("bouncer-alt");
    const CLIENTS = 6;
    const PER_CLIENT = 8;
    const acks = await writeAlternating(a, b, session, CLIENTS, PER_CLIENT);
    // Each retry goes to the instance that did not take the first request.
    const [answered, expected] = await retryOnOther(a, b, session, PER_CLIENT, acks);
    expect(answered).toEqual(expected);
    const seqs = (await getGraph(b, session)).thoughts.map((t) => t.seq);
    expect(seqs).toEqual(Array.from({ length: CLIENTS * PER_CLIENT }, (_, i) => i + 1));
    // Both instances' queries went through the bouncer, over at most its pool of server connections.
    const servers = await bouncer.serverConnections();
    expect(servers).toBeGreaterThan(0);
    expect(servers).toBeLessThanOrEqual(POOL_SIZE);
  });

  it("answer an ingest batch retried on the other instance from its first write", async () => {
    const session = unique("bouncer-ingest");
    const [once, again] = await ingestTwice(a, b, session, 50);
    expect(once.map(([status]) => status)).toEqual(Array.from({ length: 50 }, () => 201));
    expect(again).toEqual(once.map(([, id, seq]) => [200, id, seq]));
    expect((await getGraph(a, session)).thoughts.map((t) => t.seq)).toEqual(once.map((_, i) => i + 1));
  });

  it("deliver live updates written on one instance to a subscriber on the other", async () => {
    const session = unique("bouncer-live");
    const first = await record(a, thought(1, 10, { sessionId: session }));
    stream = await openSse(trpcSubscriptionUrl(b.url, "sessions.onThought", { sessionId: first.sessionId }), {
      cookie: await signIn(b, ADMIN.email, ADMIN.password),
    });
    await stream.next(1, 15_000);
    await record(a, thought(2, 10, { sessionId: session }));
    await record(a, thought(3, 10, { sessionId: session }));
    const deadline = Date.now() + 15_000;
    let seqs: number[] = [];
    while (seqs.length < 3 && Date.now() < deadline) {
      const messages = await stream.next(seqs.length + 1, deadline - Date.now());
      const views = messages.map((m) => JSON.parse(m.data) as ThoughtView | { liveStatus: string });
      seqs = views.flatMap((v) => ("liveStatus" in v ? [] : [ZThoughtView.parse(v).seq]));
    }
    expect(seqs).toEqual([1, 2, 3]);
  });
});
