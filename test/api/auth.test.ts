// Accounts against the real production server and a real SQLite file: the first-run sign-up (once only), sign-in
// and sign-out with an HttpOnly SameSite cookie, pages that send signed-out visitors to /login and back, throttled
// wrong passwords, the CLI password reset (which signs the person out everywhere), roles applied per person, CSRF
// (a cross-origin form post to a mutation is refused and writes nothing), and single-user mode refused off loopback.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startServer } from "@/scripts/lib/server-process";
import { call, expectError, rawHttp, startSqliteServer, type SqliteServer } from "@/test/support/api-client";
import { signIn, trpcMutation, trpcQuery } from "@/test/support/dashboard-client";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OWNER = { email: "owner@team.test", password: "owner-password-1", name: "Olive Owner" };

let tg: SqliteServer;
const url = () => tg.server.url;

/** `npm run users -- …` against the server's database file (a second process, as an admin would run it). */
function usersCli(args: string[], password?: string) {
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/users.ts"), ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: tg.databaseUrl, ...(password ? { THOUGHTGRAPH_PASSWORD: password } : {}) },
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url() + route, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url(), ...headers },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  tg = await startSqliteServer("api-auth");
});

afterAll(async () => {
  await tg?.server.stop();
});

describe("before the first account", () => {
  it("sends every dashboard page to /setup and answers tRPC with UNAUTHORIZED", async () => {
    const page = await fetch(`${url()}/`, { redirect: "manual" });
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toMatch(/\/setup$/);
    const login = await fetch(`${url()}/login`, { redirect: "manual" });
    expect(login.headers.get("location")).toMatch(/\/setup$/);
    const table = await trpcQuery(tg.server, null, "sessions.table", {});
    expect(table.status).toBe(401);
    expect(table.error?.data?.code).toBe("UNAUTHORIZED");
  });

  it("refuses a foreign Host (DNS rebinding) on pages, sign-up, sign-in and tRPC with 403 JSON, writing nothing", async () => {
    // Issue 13: after rebinding, evil.example's page sends Host and Origin both naming evil.example, which passed
    // the CSRF check; on a fresh install the first visitor of /setup becomes the owner.
    const port = new URL(url()).port;
    const foreign = { host: `evil.example:${port}`, origin: `http://evil.example:${port}` };
    const json = { ...foreign, "content-type": "application/json" };
    const attempts = [
      { method: "GET", path: "/setup", headers: foreign },
      { method: "GET", path: "/", headers: foreign },
      { method: "POST", path: "/api/auth/signup", headers: json, body: JSON.stringify(OWNER) },
      { method: "POST", path: "/api/auth/login", headers: json, body: JSON.stringify(OWNER) },
      { method: "GET", path: "/api/trpc/auth.me", headers: foreign },
    ];
    for (const attempt of attempts) {
      const a = await rawHttp(tg.server, attempt);
      expect(a.status, `${attempt.method} ${attempt.path}: ${a.body}`).toBe(403);
      const error = (JSON.parse(a.body) as { error: { code: string; field: string; suggestion: string } }).error;
      expect(error).toMatchObject({ code: "forbidden", field: "Host" });
      expect(error.suggestion).toContain("THOUGHTGRAPH_ALLOWED_HOSTS");
    }
    // Still the fresh install: the real first visitor is sent to /setup.
    const page = await fetch(`${url()}/`, { redirect: "manual" });
    expect(page.headers.get("location")).toMatch(/\/setup$/);
  });

  it("refuses a bad sign-up by field and writes nothing", async () => {
    const short = await call(tg.server, "/api/auth/signup", {
      method: "POST",
      json: { email: OWNER.email, password: "short" },
    });
    expectError(short, 400, "password");
    const email = await call(tg.server, "/api/auth/signup", {
      method: "POST",
      json: { email: "not-an-email", password: OWNER.password },
    });
    expectError(email, 400, "email");
    expect((await fetch(`${url()}/`, { redirect: "manual" })).headers.get("location")).toMatch(/\/setup$/);
  });

  it("creates the owner on sign-up, once: a second sign-up is a 409", async () => {
    const res = await post("/api/auth/signup", OWNER);
    expect(res.status).toBe(201);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^tg_session=[\w-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    const again = await call(tg.server, "/api/auth/signup", {
      method: "POST",
      json: { email: "intruder@evil.test", password: "intruder-password" },
    });
    expectError(again, 409, "email");
    const failed = await call(tg.server, "/api/auth/login", {
      method: "POST",
      json: { email: "intruder@evil.test", password: "intruder-password" },
    });
    expectError(failed, 401, "password");
    // Said to whoever is signing in: what they can do, and no shell command.
    const said = JSON.stringify(failed.body);
    expect(said).toMatch(/ask an owner or admin of your project for a password reset link/i);
    expect(said).not.toMatch(/`|npm run|--email/);
  });
});

describe("signed in", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await signIn(tg.server, OWNER.email.toUpperCase(), OWNER.password);
  });

  it("a key revoked from the dashboard is refused at once by the REST and MCP doors of the same process", async () => {
    // Issue 13: the agent door kept its verification cached for up to 5 s after the dashboard revoked the key.
    const created = await trpcMutation<{ id: string; key: string }>(tg.server, cookie, "project.createKey", {
      name: "revoked at once",
      scope: "write",
    });
    expect(created.status).toBe(200);
    const { id, key } = created.data!;
    const rest = () => fetch(`${url()}/api/v1/sessions`, { headers: { authorization: `Bearer ${key}` } });
    const mcp = () =>
      fetch(`${url()}/api/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
    expect((await rest()).status).toBe(200); // now cached as valid
    expect((await mcp()).status).not.toBe(401);
    expect((await trpcMutation(tg.server, cookie, "project.revokeKey", { id })).status).toBe(200);
    expect((await rest()).status).toBe(401);
    expect((await mcp()).status).toBe(401);
  });

  it("serves pages and says who is signed in, with their role", async () => {
    const page = await fetch(`${url()}/`, { headers: { cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
    const me = await trpcQuery<{ user: { email: string }; project: { role: string } }>(tg.server, cookie, "auth.me");
    expect(me.data?.user.email).toBe(OWNER.email);
    expect(me.data?.project.role).toBe("owner");
  });

  it("sends a signed-out visitor of a deep link to /login and back to it (never to another site)", async () => {
    const deep = await fetch(`${url()}/sessions/abc?thought=3`, { redirect: "manual" });
    expect(deep.status).toBe(307);
    expect(deep.headers.get("location")).toMatch(/\/login\?next=%2Fsessions%2Fabc%3Fthought%3D3$/);
    const back = await fetch(`${url()}/login?next=%2Fsessions%2Fabc`, { headers: { cookie }, redirect: "manual" });
    expect(back.headers.get("location")).toMatch(/\/sessions\/abc$/);
    const away = await fetch(`${url()}/login?next=%2F%2Fevil.example`, { headers: { cookie }, redirect: "manual" });
    expect(away.headers.get("location")).not.toMatch(/evil/);
  });

  it("refuses a cross-origin form post to a mutation and writes nothing (CSRF)", async () => {
    const name = `csrf-${Date.now()}`;
    // What a hostile page's auto-submitting <form method=post> sends, had the browser attached the cookie.
    const forged = await fetch(`${url()}/api/trpc/scores.createConfig`, {
      method: "POST",
      headers: {
        cookie,
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ name, type: "boolean" }).toString(),
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { field: string } }).error.field).toBe("origin");
    // The same forgery without fetch metadata, with only the Origin header, is refused too.
    const originOnly = await trpcMutation(
      tg.server,
      cookie,
      "scores.createConfig",
      { name, type: "boolean" },
      {
        origin: "http://127.0.0.1:1",
        "sec-fetch-site": "",
      },
    );
    expect(originOnly.status).toBe(403);
    const configs = await trpcQuery<{ name: string }[]>(tg.server, cookie, "scores.configs", {});
    expect(configs.data?.map((c) => c.name)).not.toContain(name);
    // From the dashboard's own origin it works.
    const ok = await trpcMutation(tg.server, cookie, "scores.createConfig", { name, type: "boolean" });
    expect(ok.status).toBe(200);
    const logout = await post("/api/auth/logout", {}, { cookie, origin: "https://evil.example" });
    expect(logout.status).toBe(403);
    expect((await trpcQuery(tg.server, cookie, "auth.me")).data).not.toBeNull();
  });

  it("signs out: the cookie is cleared and stops working", async () => {
    const own = await signIn(tg.server, OWNER.email, OWNER.password);
    const res = await post("/api/auth/logout", {}, { cookie: own });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^tg_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await trpcQuery(tg.server, own, "sessions.table", {})).status).toBe(401);
    expect((await trpcQuery(tg.server, cookie, "sessions.table", {})).status).toBe(200);
  });
});

describe("people added from the CLI", () => {
  it("applies each person's role: a viewer reads but cannot score, comment or manage", async () => {
    const made = usersCli(["create", "--email", "vera@team.test", "--role", "viewer"], "viewer-password-1");
    expect(made.status, made.out).toBe(0);
    const viewer = await signIn(tg.server, "vera@team.test", "viewer-password-1");
    expect((await trpcQuery(tg.server, viewer, "sessions.table", {})).status).toBe(200);
    const config = await trpcMutation(tg.server, viewer, "scores.createConfig", { name: "nope", type: "boolean" });
    expect(config.error?.data?.code).toBe("FORBIDDEN");
    expect(config.error?.message).toMatch(/viewer/);
  });

  it("resets a password: the old one fails, the new one works, and old sign-ins end", async () => {
    expect(usersCli(["create", "--email", "anna@team.test", "--role", "annotator"], "first-password-1").status).toBe(0);
    const before = await signIn(tg.server, "anna@team.test", "first-password-1");
    const reset = usersCli(["reset-password", "--email", "anna@team.test"]);
    expect(reset.status, reset.out).toBe(0);
    const generated = reset.out.match(/shown only this once\): (\S+)/)?.[1];
    expect(generated).toBeDefined();
    expect((await trpcQuery(tg.server, before, "sessions.table", {})).status).toBe(401);
    const wrong = await call(tg.server, "/api/auth/login", {
      method: "POST",
      json: { email: "anna@team.test", password: "first-password-1" },
    });
    expectError(wrong, 401, "password");
    await signIn(tg.server, "anna@team.test", generated!);
    expect(usersCli(["reset-password", "--email", "nobody@team.test"]).status).toBe(1);
  });

  it("throttles repeated wrong passwords for one email with a 429 that says what to do", async () => {
    expect(usersCli(["create", "--email", "tom@team.test", "--role", "viewer"], "tom-password-1").status).toBe(0);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const a = await call(tg.server, "/api/auth/login", {
        method: "POST",
        json: { email: "tom@team.test", password: `wrong-${i}` },
      });
      statuses.push(a.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const locked = await call(tg.server, "/api/auth/login", {
      method: "POST",
      json: { email: "tom@team.test", password: "tom-password-1" },
    });
    expectError(locked, 429, "password");
    expect(JSON.stringify(locked.body)).toMatch(/ask an owner or admin of your project for a password reset link/i);
    expect(JSON.stringify(locked.body)).not.toMatch(/`|npm run|--email/);
  });
});

describe("single-user mode", () => {
  it("is refused on a non-loopback bind", async () => {
    await expect(
      startServer({
        databaseUrl: freshSqliteUrl("single-user-refused"),
        env: { THOUGHTGRAPH_SINGLE_USER: "1", HOST: "0.0.0.0" },
      }),
    ).rejects.toThrow(/only on a loopback address/);
  });

  it("serves the dashboard without sign-in on loopback, and has no sign-in door", async () => {
    const single = await startServer({
      databaseUrl: freshSqliteUrl("single-user"),
      env: { THOUGHTGRAPH_SINGLE_USER: "1" },
    });
    try {
      expect((await fetch(`${single.url}/`, { redirect: "manual" })).status).toBe(200);
      const me = await trpcQuery<{ mode: string; project: { role: string } }>(single, null, "auth.me");
      expect(me.data?.mode).toBe("single-user");
      expect(me.data?.project.role).toBe("owner");
      const login = await call(single, "/api/auth/login", {
        method: "POST",
        json: { email: "a@b.test", password: "whatever-1" },
      });
      expect(login.status).toBe(409);
    } finally {
      await single.stop();
    }
  });
});
