// Session-health refreshes on PostgreSQL through the HTTP API: a sessions-list request that filters by health folds
// stale sessions and stores their figures while the background catch-up (and other requests) store the same rows.
// Many sessions go stale at once (a bulk ingest), then waves of concurrent list requests run during the catch-up,
// with more thoughts arriving between waves so the sessions stay stale: every request must answer 200.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZSessionPage } from "@/lib/contracts/session";
import { call, expectShape, unique } from "@/test/support/api-client";
import { startServer, type RunningServer } from "@/scripts/lib/server-process";
import { freshPgUrl } from "@/test/support/pg";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ databaseUrl: await freshPgUrl("api_health_refresh") });
});

afterAll(async () => {
  await server?.stop();
});

const SESSIONS = 400;

/** One ingest request adding thought `n` to every session (the keys name the sessions). */
async function ingestRound(keys: string[], n: number) {
  for (let from = 0; from < keys.length; from += 1_000) {
    const a = await call(server, "/api/v1/ingest", {
      method: "POST",
      json: {
        events: keys.slice(from, from + 1_000).map((key) => ({
          id: unique("ev"),
          type: "thought",
          body: {
            thought: `Step ${n} of ${key}: compare the caches again and again`,
            thoughtNumber: n,
            totalThoughts: 12,
            nextThoughtNeeded: true,
            sessionId: key,
          },
        })),
      },
    });
    expect(a.status, a.text).toBe(207);
  }
}

describe("sessions list with health filters during a catch-up on PostgreSQL", () => {
  it("answers every concurrent request with 200 while refreshers write the same rows", async () => {
    const keys = Array.from({ length: SESSIONS }, () => unique("health"));
    for (let n = 1; n <= 6; n++) await ingestRound(keys, n);
    const statuses: number[] = [];
    for (let wave = 0; wave < 6; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(server, `/api/v1/sessions?limit=50&${i % 2 ? "hasLoops=false" : "healthBelow=101"}`),
        ),
      );
      for (const a of answers) {
        statuses.push(a.status);
        expect(a.status, a.text).toBe(200);
        expectShape(ZSessionPage, a);
      }
      await ingestRound(keys, 7 + wave); // every session stale again
    }
    expect(statuses.length).toBe(60);
  });
});
