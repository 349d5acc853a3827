// Password reset links against the real production server and a real SQLite file: an admin makes a link for a member
// over tRPC (shown once, only its hash stored); the /reset-password page offers it; the cookie door sets the new
// password once, signs the member in and ends their other sign-ins; a used, replaced or expired link is refused by
// field; an annotator cannot make one, an admin cannot make one for an owner, and nobody can for a member who owns a
// project they do not manage; bad input and cross-site posts are refused and change nothing.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { MeView } from "@/lib/contracts/auth";
import type {
  CreatedInvitationView,
  CreatedPasswordResetView,
  CreatedProjectView,
  MemberView,
} from "@/lib/contracts/settings";
import { call, expectError, startSqliteServer, unique, type SqliteServer } from "@/test/support/api-client";
import { signIn, trpcMutation, trpcQuery } from "@/test/support/dashboard-client";

const OWNER = { email: "owner@reset.test", password: "owner-password-1" };
const RESET = "/api/auth/password-reset";

let tg: SqliteServer;
let owner = "";
const url = () => tg.server.url;

beforeAll(async () => {
  tg = await startSqliteServer("api-password-reset", {
    THOUGHTGRAPH_INIT_ADMIN_EMAIL: OWNER.email,
    THOUGHTGRAPH_INIT_ADMIN_PASSWORD: OWNER.password,
  });
  owner = await signIn(tg.server, OWNER.email, OWNER.password);
});

afterAll(async () => {
  await tg?.server.stop();
});

interface Person {
  userId: string;
  email: string;
  password: string;
  cookie: string;
}

/** A new member of the owner's project with `role`, joined through an invitation link, signed in. */
async function member(role: string): Promise<Person> {
  const link = await trpcMutation<CreatedInvitationView>(tg.server, owner, "project.invite", { role });
  const email = `${unique(role)}@reset.test`;
  const password = `${role}-password-1`;
  const res = await fetch(url() + "/api/auth/invitations/accept", {
    method: "POST",
    headers: { "content-type": "application/json", origin: url() },
    body: JSON.stringify({ token: link.data!.path.replace("/invite/", ""), email, password }),
  });
  expect(res.status, await res.text()).toBe(201);
  const cookie = await signIn(tg.server, email, password);
  const me = await trpcQuery<MeView>(tg.server, cookie, "auth.me");
  return { userId: me.data!.user!.id, email, password, cookie };
}

async function resetLink(cookie: string, userId: string) {
  return trpcMutation<CreatedPasswordResetView>(tg.server, cookie, "project.createPasswordReset", { userId });
}

const tokenOf = (link: { path: string }) => link.path.replace("/reset-password/", "");

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(url() + RESET, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url(), "sec-fetch-site": "same-origin", ...headers },
    body: JSON.stringify(body),
  });

const login = (email: string, password: string) =>
  call(tg.server, "/api/auth/login", { method: "POST", json: { email, password } });

/** The PasswordReset rows in the server's database file. */
function resets(): { tokenHash: string; userId: string; createdBy: string; usedAt: unknown; revokedAt: unknown }[] {
  const db = new Database(tg.dbFile, { readonly: true });
  try {
    return db.prepare(`SELECT * FROM "PasswordReset"`).all() as ReturnType<typeof resets>;
  } finally {
    db.close();
  }
}

describe("a password reset link", () => {
  it("is made by an admin for a member, shown once, stored as a hash, and offered on its page", async () => {
    const admin = await member("admin");
    const rita = await member("annotator");
    const made = await resetLink(admin.cookie, rita.userId);
    expect(made.status, JSON.stringify(made.error)).toBe(200);
    expect(made.data).toMatchObject({ email: rita.email });
    expect(made.data!.path).toMatch(/^\/reset-password\/[\w-]{32}$/);
    const row = resets().find((r) => r.userId === rita.userId)!;
    expect(row.createdBy).toBe(admin.userId);
    expect(JSON.stringify(resets())).not.toContain(tokenOf(made.data!));

    const page = await fetch(url() + made.data!.path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(rita.email);
    expect(html).toContain("Set password and sign in");
    expect(await (await fetch(`${url()}/reset-password/${"x".repeat(32)}`)).text()).toContain(
      "This password reset link is not valid.",
    );
  });

  it("sets the new password once: signed in, other sign-ins ended, old password refused, the link used", async () => {
    const rita = await member("annotator");
    const made = (await resetLink(owner, rita.userId)).data!;
    const res = await post({ token: tokenOf(made), password: "brand-new-password" });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text)).toEqual({ ok: true, email: rita.email });
    const fresh = `tg_session=${res.headers.get("set-cookie")?.match(/^tg_session=([^;]+)/)?.[1]}`;
    expect((await trpcQuery<MeView>(tg.server, fresh, "auth.me")).data?.user?.email).toBe(rita.email);
    // The sign-in from before the reset is over; the old password no longer works, the new one does.
    expect((await trpcQuery(tg.server, rita.cookie, "sessions.table", {})).status).toBe(401);
    expectError(await login(rita.email, rita.password), 401, "password");
    expect((await login(rita.email, "brand-new-password")).status).toBe(200);
    expect(resets().find((r) => r.userId === rita.userId)!.usedAt).not.toBeNull();

    const again = await call(tg.server, RESET, {
      method: "POST",
      json: { token: tokenOf(made), password: "another-password" },
    });
    expectError(again, 409, "token");
    expect(again.text).toMatch(/already used/);
    expect((await login(rita.email, "brand-new-password")).status).toBe(200);
    expect(await (await fetch(url() + made.path)).text()).toContain("already used");
  });

  it("is refused when expired, and when a newer link replaced it", async () => {
    const rita = await member("viewer");
    const first = (await resetLink(owner, rita.userId)).data!;
    const second = (await resetLink(owner, rita.userId)).data!;
    const replaced = await call(tg.server, RESET, {
      method: "POST",
      json: { token: tokenOf(first), password: "p-123456789" },
    });
    expectError(replaced, 409, "token");
    expect(replaced.text).toMatch(/replaced by a newer one/);

    const db = new Database(tg.dbFile);
    try {
      db.prepare(`UPDATE "PasswordReset" SET "expiresAt" = "createdAt" WHERE "userId" = ?`).run(rita.userId);
    } finally {
      db.close();
    }
    const expired = await call(tg.server, RESET, {
      method: "POST",
      json: { token: tokenOf(second), password: "p-123456789" },
    });
    expectError(expired, 409, "token");
    expect(expired.text).toMatch(/expired/);
    expect((await login(rita.email, rita.password)).status).toBe(200);
  });

  it("cannot be made by an annotator, by an admin for an owner, or for a member who owns another project", async () => {
    const annotator = await member("annotator");
    const admin = await member("admin");
    const target = await member("viewer");
    const refused = await resetLink(annotator.cookie, target.userId);
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toMatch(/annotator/);

    const owners = (await trpcQuery<MemberView[]>(tg.server, owner, "project.members")).data!.filter(
      (m) => m.role === "owner",
    );
    const forOwner = await resetLink(admin.cookie, owners[0]!.userId);
    expect(forOwner.status).toBe(403);
    expect(forOwner.error?.message).toMatch(/Only an owner/);

    // The viewer starts a project of their own: now they own something neither the admin nor the owner manages.
    const theirs = await trpcMutation<CreatedProjectView>(tg.server, target.cookie, "project.create", {
      name: "Side project",
    });
    expect(theirs.status).toBe(200);
    for (const cookie of [admin.cookie, owner]) {
      const a = await resetLink(cookie, target.userId);
      expect(a.status).toBe(403);
      expect(a.error?.message).toMatch(/also a member of a project where you cannot manage them/);
    }
    // Someone outside the project is not found, whoever asks.
    expect((await resetLink(owner, "no-such-user")).status).toBe(404);
    expect(resets().filter((r) => [target.userId, owners[0]!.userId].includes(r.userId))).toEqual([]);
  });

  it("refuses a short password or a malformed token by field, and a cross-site post, changing nothing", async () => {
    const rita = await member("annotator");
    const made = (await resetLink(owner, rita.userId)).data!;
    expectError(
      await call(tg.server, RESET, { method: "POST", json: { token: tokenOf(made), password: "short" } }),
      400,
      "password",
    );
    expectError(
      await call(tg.server, RESET, { method: "POST", json: { token: "../x", password: "long-enough-1" } }),
      400,
      "token",
    );
    const crossSite = await post(
      { token: tokenOf(made), password: "attacker-password" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    expect((await login(rita.email, rita.password)).status).toBe(200);
    expect(resets().find((r) => r.userId === rita.userId)!.usedAt).toBeNull();
  });
});
