// Invitation links against the real production server and a real SQLite file: the init admin makes a link over
// tRPC, the /invite page offers it to a signed-out visitor, a new person accepts it through the cookie door and
// leaves signed in with the invited role (and no more), a used or unknown link is refused by field, a signed-in
// person joins another project with the token alone, and a cross-origin accept is refused and writes nothing.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { MeView } from "@/lib/contracts/auth";
import {
  ZAcceptInvitationResult,
  type CreatedInvitationView,
  type CreatedProjectView,
  type InvitationView,
  type MemberView,
} from "@/lib/contracts/settings";
import { call, expectError, startSqliteServer, unique, type SqliteServer } from "@/test/support/api-client";
import { signIn, trpcMutation, trpcQuery } from "@/test/support/dashboard-client";

const ADMIN = { email: "admin@invite.test", password: "admin-password-1" };
const ACCEPT = "/api/auth/invitations/accept";

let tg: SqliteServer;
let admin = "";
const url = () => tg.server.url;

beforeAll(async () => {
  tg = await startSqliteServer("api-invitations", {
    THOUGHTGRAPH_INIT_ADMIN_EMAIL: ADMIN.email,
    THOUGHTGRAPH_INIT_ADMIN_PASSWORD: ADMIN.password,
  });
  admin = await signIn(tg.server, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await tg?.server.stop();
});

/** Rows in the server's database file (the ground truth for "nothing was written"). */
function count(table: "User" | "Membership" | "LoginSession"): number {
  const db = new Database(tg.dbFile, { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function invite(cookie: string, input: { role: string; email?: string }): Promise<CreatedInvitationView> {
  const a = await trpcMutation<CreatedInvitationView>(tg.server, cookie, "project.invite", input);
  expect(a.status, JSON.stringify(a.error)).toBe(200);
  return a.data!;
}

const tokenOf = (inv: { path: string }) => inv.path.replace("/invite/", "");

const accept = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(url() + ACCEPT, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url(), "sec-fetch-site": "same-origin", ...headers },
    body: JSON.stringify(body),
  });

const sessionCookieOf = (res: Response) => res.headers.get("set-cookie")?.match(/^tg_session=([^;]+)/)?.[1];

describe("an invitation link", () => {
  let newcomer = "";

  it("is made by an admin, shown once, and offered on /invite to a signed-out visitor", async () => {
    const link = await invite(admin, { role: "annotator" });
    expect(link.path).toMatch(/^\/invite\/[\w-]{38}$/);
    const pending = await trpcQuery<InvitationView[]>(tg.server, admin, "project.invitations");
    expect(pending.data?.map((i) => i.id)).toContain(link.id);
    expect(JSON.stringify(pending.data)).not.toContain(tokenOf(link));

    const page = await fetch(url() + link.path, { redirect: "manual" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Default project");
    expect(html).toContain("Create your account");
    expect(html).toContain(`/login?next=${encodeURIComponent(link.path)}`);

    const unknown = await fetch(`${url()}/invite/${"x".repeat(38)}`);
    expect(await unknown.text()).toContain("This invitation link is not valid.");
  });

  it("admits a new person, signed in, with the invited role and no more", async () => {
    const link = await invite(admin, { role: "annotator" });
    const email = `${unique("newcomer")}@invite.test`;
    const people = count("User");

    const short = await call(tg.server, ACCEPT, {
      method: "POST",
      json: { token: tokenOf(link), email, password: "short" },
    });
    expectError(short, 400, "password");
    const noAccount = await call(tg.server, ACCEPT, { method: "POST", json: { token: tokenOf(link) } });
    expectError(noAccount, 400, "email");
    expect(count("User")).toBe(people);

    const res = await accept({ token: tokenOf(link), email, password: "newcomer-password", name: "Nia Newcomer" });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    const result = ZAcceptInvitationResult.parse(JSON.parse(text));
    expect(result).toMatchObject({ role: "annotator", alreadyMember: false, accountCreated: true });
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    newcomer = `tg_session=${sessionCookieOf(res)}`;
    expect(count("User")).toBe(people + 1);

    const me = await trpcQuery<MeView>(tg.server, newcomer, "auth.me");
    expect(me.data?.user?.email).toBe(email);
    expect(me.data?.project).toMatchObject({ id: result.projectId, role: "annotator" });
    const members = await trpcQuery<MemberView[]>(tg.server, newcomer, "project.members");
    expect(members.data?.find((m) => m.email === email)).toMatchObject({ role: "annotator", name: "Nia Newcomer" });
    expect((await fetch(`${url()}/settings`, { headers: { cookie: newcomer }, redirect: "manual" })).status).toBe(200);

    // An annotator manages neither keys nor members.
    expect((await trpcQuery(tg.server, newcomer, "project.keys")).error?.data?.code).toBe("FORBIDDEN");
    expect((await trpcMutation(tg.server, newcomer, "project.invite", { role: "viewer" })).status).toBe(403);

    // The link is used now; an unknown one is refused by field too.
    expectError(
      await call(tg.server, ACCEPT, {
        method: "POST",
        json: { token: tokenOf(link), email: `${unique("late")}@invite.test`, password: "late-password" },
      }),
      409,
      "token",
    );
    expectError(await call(tg.server, ACCEPT, { method: "POST", json: { token: "y".repeat(38) } }), 404, "token");
    expect(count("User")).toBe(people + 1);
  });

  it("lets a signed-in person join another project with the token alone, which becomes their current one", async () => {
    expect(newcomer).not.toBe("");
    const created = await trpcMutation<CreatedProjectView>(tg.server, admin, "project.create", {
      name: "Second team",
    });
    expect(created.data?.slug).toBe("second-team");
    const switched = await fetch(`${url()}/api/auth/project`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url(), cookie: admin },
      body: JSON.stringify({ projectId: created.data?.id }),
    });
    expect(switched.status).toBe(200);
    const adminInSecond = `${admin}; tg_project=${created.data?.id}`;
    const link = await invite(adminInSecond, { role: "viewer" });

    const page = await (await fetch(url() + link.path, { headers: { cookie: newcomer } })).text();
    expect(page).toContain("Join Second team as viewer");
    expect(page).not.toContain("Create your account");

    const res = await accept({ token: tokenOf(link) }, { cookie: newcomer });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(ZAcceptInvitationResult.parse(JSON.parse(text))).toMatchObject({
      projectId: created.data?.id,
      projectName: "Second team",
      role: "viewer",
      accountCreated: false,
    });
    const projectCookie = res.headers.get("set-cookie")?.match(/^tg_project=([^;]+)/)?.[1];
    expect(projectCookie).toBe(created.data?.id);
    const me = await trpcQuery<MeView>(tg.server, `${newcomer}; tg_project=${projectCookie}`, "auth.me");
    expect(me.data?.project).toMatchObject({ name: "Second team", role: "viewer" });
    expect(me.data?.projects.map((p) => p.role).sort()).toEqual(["annotator", "viewer"]);
  });

  it("refuses a cross-origin accept (403) and writes nothing", async () => {
    const link = await invite(admin, { role: "admin" });
    const before = { users: count("User"), members: count("Membership"), sessions: count("LoginSession") };
    const body = { token: tokenOf(link), email: `${unique("victim")}@invite.test`, password: "victim-password" };

    for (const headers of <Record<string, string>[]>[
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
    ]) {
      const res = await fetch(url() + ACCEPT, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(403);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(((await res.json()) as { error: { field?: string } }).error.field).toBe("origin");
    }
    expect({ users: count("User"), members: count("Membership"), sessions: count("LoginSession") }).toEqual(before);
    const pending = await trpcQuery<InvitationView[]>(tg.server, admin, "project.invitations");
    expect(pending.data?.map((i) => i.id)).toContain(link.id);
  });
});
