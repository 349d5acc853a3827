// Dynamic Client Registration's limits against the production server, over real HTTP: per source address (an IPv6
// client's /64) and on the whole server, each answering 429 with Retry-After and an OAuth error that says what to do,
// and keeping nothing of the refused registration. One server trusts loopback as its reverse proxy, so the test
// speaks for many clients through X-Forwarded-For; the other trusts no proxy and must ignore that header and the
// peer-address header a client could send.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSqliteServer, type SqliteServer } from "@/test/support/api-client";

const REDIRECT = "http://localhost:41234/callback";

let proxied: SqliteServer; // THOUGHTGRAPH_TRUSTED_PROXIES=loopback, 2 per address, 5 on the server
let direct: SqliteServer; // no trusted proxy, 1 per address

beforeAll(async () => {
  [proxied, direct] = await Promise.all([
    startSqliteServer("oauth-dcr-proxied", {
      THOUGHTGRAPH_TRUSTED_PROXIES: "loopback",
      THOUGHTGRAPH_OAUTH_DCR_PER_ADDRESS: "2",
      THOUGHTGRAPH_OAUTH_DCR_UNUSED_MAX: "5",
    }),
    startSqliteServer("oauth-dcr-direct", { THOUGHTGRAPH_OAUTH_DCR_PER_ADDRESS: "1" }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([proxied?.server.stop(), direct?.server.stop()]);
});

function registrations(s: SqliteServer): { registeredFrom: string | null }[] {
  const db = new Database(s.dbFile, { readonly: true });
  try {
    return db.prepare(`SELECT "registeredFrom" FROM "OAuthClient" ORDER BY "createdAt"`).all() as {
      registeredFrom: string | null;
    }[];
  } finally {
    db.close();
  }
}

async function register(s: SqliteServer, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.server.url}/api/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ client_name: "Connector", redirect_uris: [REDIRECT] }),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as never };
}

/** A 429 in OAuth's error shape, with Retry-After in whole seconds within `maxSeconds`. */
function expectLimited(answer: Awaited<ReturnType<typeof register>>, description: RegExp, maxSeconds: number): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({ error: "temporarily_unavailable" });
  expect((answer.body as { error_description: string }).error_description).toMatch(description);
  expect(answer.retryAfter).toMatch(/^\d+$/);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(Number(answer.retryAfter)).toBeLessThanOrEqual(maxSeconds);
}

const from = (address: string) => ({ "x-forwarded-for": address });

describe("Dynamic Client Registration limits", () => {
  it("limits each source address behind a trusted proxy, an IPv6 client by its /64, then the whole server", async () => {
    expect((await register(proxied, from("203.0.113.7"))).status).toBe(201);
    expect((await register(proxied, from("203.0.113.7"))).status).toBe(201);
    const third = await register(proxied, from("203.0.113.7"));
    expectLimited(third, /from your address: at most 2 not yet approved in an hour\. Retry after \d+ s/, 3600);

    expect((await register(proxied, from("2001:db8:1:2::1"))).status).toBe(201);
    expect((await register(proxied, from("2001:db8:1:2:ffff::9"))).status).toBe(201);
    expectLimited(await register(proxied, from("2001:db8:1:2:abcd::1")), /from your address/, 3600);

    // A proxy chain: the nearest address that is not a trusted proxy is the client.
    expect((await register(proxied, from("198.51.100.1, 127.0.0.1"))).status).toBe(201);
    expect(registrations(proxied).map((r) => r.registeredFrom)).toEqual([
      "203.0.113.7",
      "203.0.113.7",
      "2001:db8:1:2::/64",
      "2001:db8:1:2::/64",
      "198.51.100.1",
    ]);

    // Five registrations wait for approval: the server's cap refuses a sixth from anywhere, for up to a day.
    const capped = await register(proxied, from("198.51.100.2"));
    expectLimited(capped, /waiting for approval on this server \(at most 5;.*Client ID Metadata Document/, 86_400);
    expect(registrations(proxied)).toHaveLength(5);
  });

  it("without a trusted proxy counts the connection's own address, whatever X-Forwarded-For or the peer header say", async () => {
    expect((await register(direct, from("203.0.113.1"))).status).toBe(201);
    const spoofed = await register(direct, { ...from("203.0.113.2"), "x-thoughtgraph-peer": "203.0.113.3" });
    expectLimited(spoofed, /at most 1 not yet approved/, 3600);
    expect(registrations(direct).map((r) => r.registeredFrom)).toEqual(["127.0.0.1"]);
  });
});
