// A fleet: two (and briefly three) real server processes on one PostgreSQL database of the runner's throwaway
// cluster, as behind a load balancer. They start at once on a fresh database with an init admin (the setup
// race), take writes alternately (seq, sessions, idempotency hold across them), keep a live subscriber on one up to
// date with writes on the other across a PostgreSQL restart (pg_ctl stop, 3 s down, start: the relay reconnects and
// the subscriber catches up from its last seq, no gap, no duplicate), answer 503 `database_unavailable` while the
// database is down, show a dashboard page opened during an outage once the database is back (Chromium), and share the
// sign-in lockout.
import { chromium } from "@playwright/test";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZThoughtView, type ThoughtView } from "@/lib/contracts/session";
import { listMigrations } from "@/server/db/migrations";
import { api, startServer, type RunningServer } from "@/scripts/lib/server-process";
import { getGraph, record, sleep, thought, unique } from "@/test/support/api-client";
import { signIn } from "@/test/support/dashboard-client";
import { ingestTwice, retryOnOther, writeAlternating } from "@/test/support/fleet";
import { restartPgCluster } from "@/scripts/lib/pg-cluster";
import { freshPgUrl, pgDataDir } from "@/test/support/pg";
import { openSse, trpcSubscriptionUrl, type SseStream } from "@/test/support/sse";

const ADMIN = { email: "fleet-admin@team.test", password: "fleet-admin-password" };
const ACCOUNTS = { THOUGHTGRAPH_INIT_ADMIN_EMAIL: ADMIN.email, THOUGHTGRAPH_INIT_ADMIN_PASSWORD: ADMIN.password };

let url: string;
let a: RunningServer;
let b: RunningServer;
const started: RunningServer[] = [];

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  url = await freshPgUrl("fleet");
});

afterAll(async () => {
  await Promise.allSettled(started.map((s) => s.stop()));
});

describe("two instances started at once on a fresh database", () => {
  it("both start; migrations, the default project, the admin and the init key exist exactly once", async () => {
    const both = await Promise.allSettled([
      startServer({ databaseUrl: url, env: ACCOUNTS }),
      startServer({ databaseUrl: url, env: ACCOUNTS }),
    ]);
    for (const s of both) if (s.status === "fulfilled") started.push(s.value);
    const failures = both.flatMap((s) => (s.status === "rejected" ? [String(s.reason).slice(0, 2_000)] : []));
    expect.soft(failures).toEqual([]);
    // So that the tests below still say what they find, start a crashed instance again (alone this time).
    while (started.length < 2) started.push(await startServer({ databaseUrl: url, env: ACCOUNTS }));
    [a, b] = started as [RunningServer, RunningServer];

    const [counts] = await sql<Record<string, string>>(
      `SELECT (SELECT count(*) FROM "User" WHERE email = $1) AS admins,
              (SELECT count(*) FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1) AS memberships,
              (SELECT count(*) FROM "Project") AS projects,
              (SELECT count(*) FROM "ApiKey") AS keys,
              (SELECT count(*) FROM _prisma_migrations) AS migrations,
              (SELECT count(DISTINCT migration_name) FROM _prisma_migrations) AS distinct_migrations`,
      [ADMIN.email],
    );
    const migrations = String(listMigrations("postgresql").length);
    expect(counts).toEqual({
      admins: "1",
      memberships: "1",
      projects: "1",
      keys: "1",
      migrations,
      distinct_migrations: migrations,
    });
  });
});

describe("writes alternating between the instances", () => {
  it("keep one session's seq gap-free, and a retried idempotency key returns the first result on either", async () => {
    const session = unique("fleet-alt");
    const CLIENTS = 6;
    const PER_CLIENT = 10;
    const acks = await writeAlternating(a, b, session, CLIENTS, PER_CLIENT);
    // Each retry goes to the instance that did not take the first request.
    const [answered, expected] = await retryOnOther(a, b, session, PER_CLIENT, acks);
    expect(answered).toEqual(expected);
    const graph = await getGraph(a, session);
    expect(graph.thoughts.map((t) => t.seq)).toEqual(Array.from({ length: CLIENTS * PER_CLIENT }, (_, i) => i + 1));
    expect(new Set([...acks.values()].map((x) => x.seq)).size).toBe(CLIENTS * PER_CLIENT);
    expect((await getGraph(b, session)).thoughts.length).toBe(CLIENTS * PER_CLIENT);
  });
});

describe("a live subscriber on one instance, writes on the other, across a PostgreSQL restart", () => {
  let stream: SseStream | undefined;
  afterAll(() => stream?.close());

  it("says reconnecting, answers 503 database_unavailable, then catches up with no gap and no duplicate", async () => {
    const session = unique("fleet-live");
    const first = await record(a, thought(1, 100, { sessionId: session }));
    const cookie = await signIn(b, ADMIN.email, ADMIN.password);
    stream = await openSse(trpcSubscriptionUrl(b.url, "sessions.onThought", { sessionId: first.sessionId }), {
      cookie,
    });
    await stream.next(1, 15_000);
    await record(a, thought(2, 100, { sessionId: session }));
    await stream.next(2, 15_000);

    const outage: { thought?: Response; ingest?: Response; mcp?: Response; read?: Response } = {};
    await restartPgCluster(await pgDataDir(), 3_000, async () => {
      await sleep(500);
      outage.thought = await api(a, "/api/v1/thoughts", {
        method: "POST",
        json: thought(3, 100, { sessionId: session, thought: "sent during the outage" }),
        headers: { "idempotency-key": `${session}-outage` },
      });
      outage.ingest = await api(b, "/api/v1/ingest", {
        method: "POST",
        json: { events: [{ id: `${session}-ingest`, type: "thought", body: thought(3, 100, { sessionId: session }) }] },
      });
      outage.read = await api(b, "/api/v1/sessions");
      outage.mcp = await api(a, "/api/mcp", {
        method: "POST",
        headers: { accept: "application/json, text/event-stream" },
        json: {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "sequentialthinking", arguments: thought(3, 100, { sessionId: session }) },
        },
      });
    });

    // During the outage: 503 with Retry-After, a code the client can act on, and no promise that nothing was written.
    // (Soft: the catch-up below is checked whatever these find.)
    for (const res of [outage.thought!, outage.ingest!]) {
      expect.soft(res.status).toBe(503);
      expect.soft(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      const body = (await res.json()) as { error: { code: string; message: string; suggestion: string } };
      expect.soft(body.error.code).toBe("database_unavailable");
      expect.soft(body.error.message).not.toMatch(/nothing was written/i);
      expect.soft(body.error.suggestion).toMatch(/Idempotency-Key/);
    }
    // A read wrote nothing: the same code, and a plain retry.
    expect.soft(outage.read!.status).toBe(503);
    expect.soft(Number(outage.read!.headers.get("retry-after"))).toBeGreaterThan(0);
    const read = (await outage.read!.json()) as { error: { code: string; message: string; suggestion: string } };
    expect.soft(read.error).toEqual({
      code: "database_unavailable",
      message: "The database is unavailable right now, so nothing could be read.",
      suggestion: "Retry after 2 s.",
    });
    // MCP: either the tool call fails with the same code (key verified from cache) or the request does (503).
    const mcpText = await outage.mcp!.text();
    expect.soft(mcpText).toContain("database_unavailable");
    expect.soft(mcpText).not.toMatch(/nothing was written/i);

    // The retry of the outage write with its key: written once (whether or not the lost attempt had committed).
    const retried = await retryUntilWritten(
      a,
      thought(3, 100, { sessionId: session, thought: "sent during the outage" }),
      {
        "idempotency-key": `${session}-outage`,
      },
    );
    await record(a, thought(4, 100, { sessionId: session }));
    await record(a, thought(5, 100, { sessionId: session }));

    const messages = await stream.next(7, 20_000); // 5 thoughts + "reconnecting" + "live"
    await sleep(500);
    const all = (await stream.next(messages.length, 1)).map((m) => JSON.parse(m.data) as ThoughtView | LiveStatus);
    const statuses = all.filter((m): m is LiveStatus => "liveStatus" in m).map((m) => m.liveStatus);
    const thoughts = all.filter((m): m is ThoughtView => !("liveStatus" in m)).map((m) => ZThoughtView.parse(m));
    expect(thoughts.map((t) => t.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(thoughts[2]!.id).toBe(retried);
    expect(statuses).toEqual(["reconnecting", "live"]);
    // Each instance listens again (A on its own backoff schedule), and the reconnects left one LISTEN connection
    // per instance and at most one NOTIFY connection each behind.
    let conns: { listen: number; notify: number } = { listen: 0, notify: 0 };
    for (let i = 0; i < 40 && conns.listen < 2; i++) {
      if (i > 0) await sleep(250);
      const [row] = await sql<{ listen: string; notify: string }>(
        `SELECT count(*) FILTER (WHERE application_name = 'thoughtgraph-listen') AS listen,
                count(*) FILTER (WHERE application_name = 'thoughtgraph-notify') AS notify
           FROM pg_stat_activity WHERE datname = current_database()`,
      );
      conns = { listen: Number(row!.listen), notify: Number(row!.notify) };
    }
    expect(conns.listen).toBe(2);
    expect(conns.notify).toBeLessThanOrEqual(2);
  });
});

interface LiveStatus {
  liveStatus: "live" | "reconnecting";
}

/** Posts until the database is back (the pool reconnects on the next query); returns the thought's id. */
async function retryUntilWritten(server: RunningServer, body: unknown, headers: Record<string, string>) {
  for (let attempt = 0; ; attempt++) {
    const res = await api(server, "/api/v1/thoughts", { method: "POST", json: body, headers });
    if (res.status === 201 || res.status === 200) return ((await res.json()) as { thoughtId: string }).thoughtId;
    expect(res.status, await res.text()).toBe(503);
    if (attempt > 20) throw new Error("the database did not come back within 10 s");
    await sleep(500);
  }
}

describe("a dashboard page opened while PostgreSQL is down", () => {
  it("says the page could not be loaded, then shows it by itself once the database is back", async () => {
    const token = (await signIn(a, ADMIN.email, ADMIN.password)).split("=")[1]!;
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
    try {
      const context = await browser.newContext();
      await context.addCookies([{ name: "tg_session", value: token, url: a.url }]);
      const page = await context.newPage();
      await restartPgCluster(await pgDataDir(), 3_000, async () => {
        await page.goto(`${a.url}/queues`);
        await page.getByRole("heading", { name: "This page could not be loaded" }).waitFor({ timeout: 10_000 });
        const alert = page.getByRole("alert").filter({ hasText: "This page could not be loaded" });
        expect(await alert.innerText()).toMatch(/Trying again in \d s/);
      });
      // No click: the error screen tries again every few seconds.
      await page.getByRole("heading", { name: "Annotation queues" }).waitFor({ timeout: 20_000 });
    } finally {
      await browser.close();
    }
  });
});

describe("the sign-in lockout", () => {
  it("counts wrong passwords across instances and outlives them", async () => {
    const login = (server: RunningServer, password: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: ADMIN.email, password }),
      });
    for (let i = 0; i < 10; i++) {
      const res = await login(i % 2 === 0 ? a : b, "not the password");
      expect(res.status).toBe(401);
    }
    expect((await login(a, ADMIN.password)).status).toBe(429);
    expect((await login(b, ADMIN.password)).status).toBe(429);
    // A new instance (a restart, or one more behind the balancer) knows the count too.
    const c = await startServer({ databaseUrl: url, env: { THOUGHTGRAPH_MIGRATE_ON_START: "0" } });
    started.push(c);
    expect((await login(c, ADMIN.password)).status).toBe(429);
  });
});

describe("ingest across instances", () => {
  it("a batch retried on the other instance is answered from the first write", async () => {
    const session = unique("fleet-ingest");
    const [once, again] = await ingestTwice(a, b, session, 20);
    expect(once.map(([status]) => status)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(again).toEqual(once.map(([, id, seq]) => [200, id, seq]));
    expect((await getGraph(b, session)).thoughts.map((t) => t.seq)).toEqual(once.map((_, i) => i + 1));
  });
});
