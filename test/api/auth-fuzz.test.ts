// Property-based tests (fast-check) against the real server for the dashboard's cookie doors: sign-in, sign-up,
// sign-out, project switch and invitation accept, and tRPC mutations, each given arbitrary JSON, hostile values,
// wrong content types and broken JSON text, with and without a valid sign-in. Invariants on every request:
//   - never a 5xx;
//   - a cookie door's 4xx is the JSON error shape with a code and a message (tRPC answers its own error shape);
//   - nothing written: people, memberships, invitations and score configs stay as they were, and no sign-in is
//     created except by a 2xx sign-in.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZErrorResponse } from "@/lib/contracts/errors";
import { isWellFormedText } from "@/lib/contracts/text";
import { rowCounts, startSqliteServer, type SqliteServer } from "@/test/support/api-client";
import { signIn } from "@/test/support/dashboard-client";
import { troubledText } from "@/test/support/text-trouble";

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const ADMIN = { email: "fuzz-admin@team.test", password: "fuzz-admin-password" };

let tg: SqliteServer;
let cookie = "";

beforeAll(async () => {
  tg = await startSqliteServer("api-auth-fuzz", {
    THOUGHTGRAPH_INIT_ADMIN_EMAIL: ADMIN.email,
    THOUGHTGRAPH_INIT_ADMIN_PASSWORD: ADMIN.password,
  });
  cookie = await signIn(tg.server, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await tg?.server.stop();
});

const counts = () =>
  rowCounts(tg.dbFile, {
    users: "User",
    memberships: "Membership",
    invitations: "Invitation",
    configs: "ScoreConfig",
    logins: "LoginSession",
  });

const hostile = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "__proto__",
    "constructor",
    "a".repeat(10_000),
    "admin@thoughtgraph.test\u0000",
    '\'; DROP TABLE "User"; --',
    "<script>alert(1)</script>",
    "%E0%A4%A",
    "\ud800",
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const objects = fc.oneof(
  fc.dictionary(fc.constantFrom("email", "password", "name", "projectId", "token", "__proto__", "x"), hostile),
  fc.jsonValue({ maxDepth: 4 }),
);
const contentTypes = fc.constantFrom(
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
);
const brokenJson = fc.constantFrom('{"email":', "{", "[1,2", "nul", '{"email":"a@b"}}', "\u0000", "{'a':1}");

const DOORS = [
  "/api/auth/login",
  "/api/auth/signup",
  "/api/auth/logout",
  "/api/auth/project",
  "/api/auth/invitations/accept",
] as const;

async function probe(route: string, body: string, contentType: string, withCookie: boolean) {
  const before = counts();
  const res = await fetch(tg.server.url + route, {
    method: "POST",
    headers: { "content-type": contentType, ...(withCookie ? { cookie } : {}) },
    body,
  });
  const text = await res.text();
  const after = counts();
  const what = `POST ${route} (${contentType}) ${body.slice(0, 120)} → ${res.status} ${text.slice(0, 200)}`;
  expect(res.status, what).toBeLessThan(500);
  const signedIn = route === "/api/auth/login" && res.status === 200;
  expect({ ...after, logins: 0 }, what).toEqual({ ...before, logins: 0 });
  if (!signedIn) expect(after.logins, what).toBeLessThanOrEqual(before.logins);
  if (res.status >= 400) {
    expect(res.headers.get("content-type") ?? "", what).toMatch(/application\/json/);
    const parsed = ZErrorResponse.safeParse(JSON.parse(text));
    expect(parsed.success, `not the error shape: ${what}`).toBe(true);
  }
  return res.status;
}

describe("cookie doors under arbitrary input", () => {
  it.each(DOORS)("%s: arbitrary JSON values, signed in or not", async (route) => {
    await fc.assert(
      fc.asyncProperty(objects, contentTypes, fc.boolean(), async (value, ct, withCookie) => {
        await probe(route, JSON.stringify(value) ?? "null", ct, withCookie);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(DOORS)("%s: broken JSON text", async (route) => {
    await fc.assert(
      fc.asyncProperty(brokenJson, fc.boolean(), async (text, withCookie) => {
        const status = await probe(route, text, "application/json", withCookie);
        // Logging out needs no body; every other door must say the body is wrong.
        if (route !== "/api/auth/logout") expect(status).toBe(400);
      }),
      { numRuns: 20 },
    );
  });
});

describe("lone surrogates, NUL and mixed normalisation in every string field", () => {
  const FIELDS = [
    ["/api/auth/login", "email"],
    ["/api/auth/login", "password"],
    ["/api/auth/signup", "email"],
    ["/api/auth/signup", "password"],
    ["/api/auth/signup", "name"],
    ["/api/auth/project", "projectId"],
    ["/api/auth/invitations/accept", "token"],
  ] as const;

  it("cookie doors refuse ill-formed text with 400 naming the field, and never answer 5xx", async () => {
    const valid = { email: "someone@team.test", password: "a-long-password-1", name: "N", projectId: "p", token: "t" };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIELDS), troubledText, async ([route, field], v) => {
        const body = JSON.stringify({ ...valid, [field]: v });
        const res = await fetch(tg.server.url + route, {
          method: "POST",
          headers: { "content-type": "application/json", origin: tg.server.url, cookie },
          body,
        });
        const text = await res.text();
        expect(res.status, text).toBeLessThan(500);
        if (!isWellFormedText(v)) {
          expect(res.status, text).toBe(400);
          expect((JSON.parse(text) as { error: { field: string } }).error.field).toBe(field);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("tRPC refuses ill-formed text in any input field with BAD_REQUEST and writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("project.createKey", "scores.createConfig", "queues.create", "comments.create"),
        troubledText,
        async (path, v) => {
          const before = counts();
          const res = await fetch(`${tg.server.url}/api/trpc/${path}`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: tg.server.url, cookie },
            body: JSON.stringify({ name: v, scope: "read", body: v, sessionId: v, dataType: "NUMERIC" }),
          });
          const text = await res.text();
          expect(res.status, text).toBeLessThan(500);
          if (!isWellFormedText(v)) {
            expect(res.status, text).toBe(400);
            expect(text).toMatch(/NUL|surrogate/);
            expect(counts()).toEqual(before);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe("tRPC mutations under arbitrary input", () => {
  const MUTATIONS = [
    "scores.createConfig",
    "scores.upsertMine",
    "comments.create",
    "project.invite",
    "project.createKey",
    "project.setRole",
    "queues.create",
    "queues.claimNext",
  ];

  it.each(MUTATIONS)("%s: never a 5xx and nothing written", async (path) => {
    await fc.assert(
      fc.asyncProperty(objects, async (value) => {
        const before = counts();
        const res = await fetch(`${tg.server.url}/api/trpc/${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify(value) ?? "null",
        });
        const text = await res.text();
        const what = `${path} ${JSON.stringify(value)?.slice(0, 120)} → ${res.status} ${text.slice(0, 200)}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.status >= 400) expect(counts(), what).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });
});
