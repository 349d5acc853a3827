// Team settings through the tRPC router and the invitation service, on a real SQLite file and a real PostgreSQL
// database: who may do what (viewers and annotators manage nothing, admins never touch owners, a project keeps one
// owner), another project's member, invitation or key answers NOT_FOUND, the whole life of an invitation link (only
// its hash stored; expired, revoked, used and wrong-email links refused; a new account never without its
// membership), and API keys that stop verifying once revoked.
import { createHash } from "node:crypto";

import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { Role } from "@/lib/auth/roles";
import { INVITATION_TTL_MS } from "@/lib/contracts/settings";
import { uuidv7 } from "@/lib/ids";
import type { Actor } from "@/server/auth/actor";
import { verifyApiKey } from "@/server/auth/api-keys";
import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import {
  acceptInvitation,
  acceptInvitationWithAccount,
  createInvitation,
  inspectInvitation,
} from "@/server/services/projects/invitations";
import { lockProject } from "@/server/services/projects/members";
import { slugOf } from "@/server/services/projects/project-settings";
import { contextOf } from "@/server/trpc/init";
import { createCaller } from "@/server/trpc/root";
import { freshPgUrl } from "@/test/support/pg";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

let counter = 0;
const unique = (label: string) => `${label}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const tokenOf = (path: string) => path.replace(/^\/invite\//, "");

interface Person {
  id: string;
  email: string;
}

/** A tRPC error's code and, for domain errors, the field it names. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; field: string | undefined }> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { code: error.code, field: (error.cause as { field?: string } | undefined)?.field };
  }
  throw new Error("expected a refusal, got an answer");
}

describe("slugOf", () => {
  it("makes lower-case, hyphenated, accent-free slugs and never an empty one", () => {
    expect(slugOf("Data Team (EU)")).toBe("data-team-eu");
    expect(slugOf("  Évaluation — été  ")).toBe("evaluation-ete");
    expect(slugOf("!!!")).toBe("project");
    expect(slugOf("x".repeat(80))).toHaveLength(48);
  });
});

describe.each(["sqlite", "postgresql"] as const)("team settings on %s", (provider) => {
  let db: Db;

  beforeAll(async () => {
    const url = provider === "sqlite" ? freshSqliteUrl("settings") : await freshPgUrl("settings");
    await applyMigrations(url);
    db = createDb(url);
  });

  afterAll(async () => {
    await db?.$disconnect();
  });

  async function seedProject(name = "Settings"): Promise<string> {
    const id = uuidv7();
    await db.project.create({ data: { id, slug: unique("project"), name } });
    return id;
  }

  async function seedPerson(projectId: string | null, role: Role = "annotator"): Promise<Person> {
    const id = uuidv7();
    const email = `${unique("person")}@example.test`;
    await db.user.create({ data: { id, email, passwordHash: "x" } });
    if (projectId) await db.membership.create({ data: { projectId, userId: id, role } });
    return { id, email };
  }

  const actorOf = (person: Person, projectId: string, role: Role): Actor => ({
    kind: "user",
    user: { id: person.id, email: person.email, name: null },
    access: { projectId, role },
  });
  const as = (person: Person, projectId: string, role: Role) =>
    createCaller(contextOf(db, actorOf(person, projectId, role)));

  /** A project with one owner and a caller for them. */
  async function team() {
    const projectId = await seedProject();
    const owner = await seedPerson(projectId, "owner");
    return { projectId, owner, asOwner: as(owner, projectId, "owner") };
  }

  const roleOf = async (projectId: string, userId: string) =>
    (await db.membership.findUnique({ where: { projectId_userId: { projectId, userId } } }))?.role ?? null;

  describe("projects", () => {
    it("a member creates a project they own, with a unique slug; the name is theirs to rename", async () => {
      const { projectId, owner, asOwner } = await team();
      const name = `Research ${unique("team")}`;
      const first = await asOwner.project.create({ name });
      const second = await asOwner.project.create({ name });
      expect(first.slug).toBe(slugOf(name));
      expect(second.slug).toBe(`${slugOf(name)}-2`);
      expect(await roleOf(first.id, owner.id)).toBe("owner");
      expect(await roleOf(second.id, owner.id)).toBe("owner");

      const renamed = await as(owner, first.id, "owner").project.rename({ name: "  Renamed  " });
      expect(renamed).toEqual({ id: first.id, name: "Renamed", slug: first.slug });
      const current = await as(owner, first.id, "owner").project.current();
      expect(current).toMatchObject({ id: first.id, name: "Renamed", role: "owner", accounts: true, userId: owner.id });

      const admin = await seedPerson(projectId, "admin");
      await expect(as(admin, projectId, "admin").project.rename({ name: "By admin" })).resolves.toMatchObject({
        name: "By admin",
      });
      expect(await refusal(asOwner.project.rename({ name: " " }))).toMatchObject({ code: "BAD_REQUEST" });
    });

    it("single-user mode has one project and no invitations, but its keys work", async () => {
      const projectId = await seedProject();
      const local = createCaller(contextOf(db, { kind: "local", access: { projectId, role: "owner" } }));
      expect(await refusal(local.project.create({ name: "Second" }))).toEqual({ code: "CONFLICT", field: "name" });
      expect(await refusal(local.project.invite({ role: "viewer" }))).toMatchObject({ code: "CONFLICT" });
      expect(await local.project.current()).toMatchObject({ accounts: false, userId: null, role: "owner" });
      expect(await local.project.members()).toEqual([]);
      const key = await local.project.createKey({ name: "local agent", scope: "read" });
      expect((await local.project.keys()).map((k) => k.id)).toEqual([key.id]);
    });
  });

  describe("who may manage what", () => {
    it.each(["viewer", "annotator"] as const)("a %s reads the members and manages nothing", async (role) => {
      const { projectId, owner, asOwner } = await team();
      const me = await seedPerson(projectId, role);
      const other = await seedPerson(projectId, "viewer");
      const invitation = await asOwner.project.invite({ role: "viewer" });
      const key = await asOwner.project.createKey({ name: "agent", scope: "write" });
      const caller = as(me, projectId, role);

      expect((await caller.project.members()).map((m) => m.userId)).toEqual([owner.id, me.id, other.id]);
      const attempts: [string, () => Promise<unknown>][] = [
        ["rename", () => caller.project.rename({ name: "Mine now" })],
        ["setRole", () => caller.project.setRole({ userId: other.id, role: "annotator" })],
        ["removeMember", () => caller.project.removeMember({ userId: other.id })],
        ["invitations", () => caller.project.invitations()],
        ["invite", () => caller.project.invite({ role: "viewer" })],
        ["revokeInvitation", () => caller.project.revokeInvitation({ id: invitation.id })],
        ["keys", () => caller.project.keys()],
        ["createKey", () => caller.project.createKey({ name: "sneaky", scope: "write" })],
        ["revokeKey", () => caller.project.revokeKey({ id: key.id })],
      ];
      for (const [name, attempt] of attempts) {
        expect([name, (await refusal(attempt())).code]).toEqual([name, "FORBIDDEN"]);
      }
      // Nothing changed.
      expect(await roleOf(projectId, other.id)).toBe("viewer");
      expect((await asOwner.project.invitations()).map((i) => i.id)).toEqual([invitation.id]);
      expect((await asOwner.project.keys()).map((k) => [k.id, k.revokedAt])).toEqual([[key.id, null]]);
    });

    it("an admin manages admins, annotators and viewers, but never owners or the owner role", async () => {
      const { projectId, owner } = await team();
      const admin = await seedPerson(projectId, "admin");
      const annotator = await seedPerson(projectId, "annotator");
      const viewer = await seedPerson(projectId, "viewer");
      const asAdmin = as(admin, projectId, "admin");

      expect(await asAdmin.project.setRole({ userId: annotator.id, role: "admin" })).toMatchObject({
        userId: annotator.id,
        email: annotator.email,
        role: "admin",
      });
      await asAdmin.project.removeMember({ userId: viewer.id });
      expect(await roleOf(projectId, viewer.id)).toBeNull();

      expect((await refusal(asAdmin.project.setRole({ userId: owner.id, role: "viewer" }))).code).toBe("FORBIDDEN");
      expect((await refusal(asAdmin.project.removeMember({ userId: owner.id }))).code).toBe("FORBIDDEN");
      expect((await refusal(asAdmin.project.setRole({ userId: annotator.id, role: "owner" }))).code).toBe("FORBIDDEN");
      expect((await refusal(asAdmin.project.setRole({ userId: admin.id, role: "owner" }))).code).toBe("FORBIDDEN");
      expect((await refusal(asAdmin.project.invite({ role: "owner" }))).code).toBe("FORBIDDEN");
      expect(await roleOf(projectId, owner.id)).toBe("owner");

      // An owner invitation made by an owner cannot be revoked by an admin either.
      const ownerLink = await as(owner, projectId, "owner").project.invite({ role: "owner" });
      expect((await refusal(asAdmin.project.revokeInvitation({ id: ownerLink.id }))).code).toBe("FORBIDDEN");
      // An owner makes owners.
      await as(owner, projectId, "owner").project.setRole({ userId: admin.id, role: "owner" });
      expect(await roleOf(projectId, admin.id)).toBe("owner");
    });

    it("a project keeps at least one owner (409 naming the field)", async () => {
      const { projectId, owner, asOwner } = await team();
      expect(await refusal(asOwner.project.setRole({ userId: owner.id, role: "admin" }))).toEqual({
        code: "CONFLICT",
        field: "role",
      });
      expect(await refusal(asOwner.project.removeMember({ userId: owner.id }))).toEqual({
        code: "CONFLICT",
        field: "userId",
      });
      expect(await roleOf(projectId, owner.id)).toBe("owner");

      // With a second owner, the first may step down; then the second is the last and stays.
      const second = await seedPerson(projectId, "owner");
      await asOwner.project.setRole({ userId: owner.id, role: "admin" });
      const asSecond = as(second, projectId, "owner");
      expect(await refusal(asSecond.project.removeMember({ userId: second.id }))).toEqual({
        code: "CONFLICT",
        field: "userId",
      });
      expect(await roleOf(projectId, second.id)).toBe("owner");
      // Leaving is fine for an owner who is not the last.
      await asSecond.project.setRole({ userId: owner.id, role: "owner" });
      await asSecond.project.removeMember({ userId: second.id });
      expect(await roleOf(projectId, second.id)).toBeNull();
    });

    it("the second of two owners demoting each other is refused", async () => {
      const { projectId, owner, asOwner } = await team();
      const second = await seedPerson(projectId, "owner");
      await asOwner.project.setRole({ userId: second.id, role: "admin" });
      // Its request was let in as an owner's, but it finds the other one already gone.
      expect(
        await refusal(as(second, projectId, "owner").project.setRole({ userId: owner.id, role: "admin" })),
      ).toEqual({ code: "CONFLICT", field: "role" });
      expect(await db.membership.count({ where: { projectId, role: "owner" } })).toBe(1);
    });

    // SQLite runs one write transaction at a time anyway; on PostgreSQL two demotions could each count the other as
    // the remaining owner. Both are held at the project's row lock until a third transaction lets go of it.
    if (provider === "postgresql") {
      it("two owners demoting each other at once leave one owner", async () => {
        const { projectId, owner, asOwner } = await team();
        const second = await seedPerson(projectId, "owner");
        let release = () => {};
        const gate = new Promise<void>((resolve) => (release = resolve));
        let locked = () => {};
        const held = new Promise<void>((resolve) => (locked = resolve));
        const holder = db.$transaction(
          async (tx) => {
            await lockProject(tx as unknown as Db, projectId);
            locked();
            await gate;
          },
          { timeout: 60_000 },
        );
        await held;
        const demotions = Promise.allSettled([
          asOwner.project.setRole({ userId: second.id, role: "admin" }),
          as(second, projectId, "owner").project.setRole({ userId: owner.id, role: "admin" }),
        ]);
        let settled = false;
        void demotions.then(() => (settled = true));
        const waiting = async () =>
          (
            await db.$queryRaw<{ n: number }[]>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`
          )[0]?.n ?? 0;
        while (!settled && (await waiting()) < 2) await new Promise((r) => setTimeout(r, 20));
        release();
        await holder;
        const results = await demotions;
        expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
        const rejected = results.find((r) => r.status === "rejected")?.reason as unknown;
        expect(rejected).toBeInstanceOf(TRPCError);
        expect(rejected).toMatchObject({ code: "CONFLICT", cause: { field: "role" } });
        expect(await db.membership.count({ where: { projectId, role: "owner" } })).toBe(1);
      });
    }
  });

  describe("another project's ids", () => {
    it("answer NOT_FOUND, never FORBIDDEN, and change nothing", async () => {
      const mine = await team();
      const theirs = await team();
      const theirMember = await seedPerson(theirs.projectId, "viewer");
      const theirLink = await theirs.asOwner.project.invite({ role: "viewer" });
      const theirKey = await theirs.asOwner.project.createKey({ name: "their agent", scope: "write" });

      const attempts: [string, () => Promise<unknown>][] = [
        ["setRole", () => mine.asOwner.project.setRole({ userId: theirMember.id, role: "admin" })],
        ["setRole owner", () => mine.asOwner.project.setRole({ userId: theirs.owner.id, role: "viewer" })],
        ["removeMember", () => mine.asOwner.project.removeMember({ userId: theirs.owner.id })],
        ["revokeInvitation", () => mine.asOwner.project.revokeInvitation({ id: theirLink.id })],
        ["revokeKey", () => mine.asOwner.project.revokeKey({ id: theirKey.id })],
      ];
      for (const [name, attempt] of attempts) {
        expect([name, (await refusal(attempt())).code]).toEqual([name, "NOT_FOUND"]);
      }
      // An admin asking about another project's owner learns nothing either (404, not "only owners").
      const admin = await seedPerson(mine.projectId, "admin");
      expect(
        (await refusal(as(admin, mine.projectId, "admin").project.removeMember({ userId: theirs.owner.id }))).code,
      ).toBe("NOT_FOUND");

      expect(await roleOf(theirs.projectId, theirMember.id)).toBe("viewer");
      expect(await roleOf(theirs.projectId, theirs.owner.id)).toBe("owner");
      expect((await theirs.asOwner.project.invitations()).map((i) => i.id)).toEqual([theirLink.id]);
      expect((await theirs.asOwner.project.keys())[0]?.revokedAt).toBeNull();
      expect(await mine.asOwner.project.invitations()).toEqual([]);
      expect(await mine.asOwner.project.keys()).toEqual([]);
    });
  });

  describe("invitation links", () => {
    it("store only the token's hash, list as pending, admit one person with the role, then stop", async () => {
      const { projectId, owner, asOwner } = await team();
      const link = await asOwner.project.invite({ role: "annotator" });
      expect(link.path).toMatch(/^\/invite\/[A-Za-z0-9_-]{38}$/);
      const token = tokenOf(link.path);
      const row = await db.invitation.findUniqueOrThrow({ where: { id: link.id } });
      expect(row.tokenHash).toBe(sha256(token));
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(INVITATION_TTL_MS);

      const pending = await asOwner.project.invitations();
      expect(pending).toEqual([
        {
          id: link.id,
          prefix: token.slice(0, 6),
          role: "annotator",
          email: null,
          createdAt: link.createdAt,
          expiresAt: link.expiresAt,
          createdBy: owner.email,
        },
      ]);
      expect(JSON.stringify(pending)).not.toContain(token);

      const newcomer = await seedPerson(null);
      const outcome = await acceptInvitation(db, token, newcomer);
      expect(outcome).toMatchObject({ projectId, role: "annotator", alreadyMember: false, accountCreated: false });
      expect(await roleOf(projectId, newcomer.id)).toBe("annotator");
      expect(await asOwner.project.invitations()).toEqual([]);
      const used = await db.invitation.findUniqueOrThrow({ where: { id: link.id } });
      expect(used.acceptedBy).toBe(newcomer.id);

      const latecomer = await seedPerson(null);
      await expect(acceptInvitation(db, token, latecomer)).rejects.toMatchObject({ status: 409, field: "token" });
      expect(await inspectInvitation(db, token)).toEqual({ ok: false, problem: "used" });
      expect(await roleOf(projectId, latecomer.id)).toBeNull();
    });

    it("refuse expired, revoked and unknown links, and other people's emails", async () => {
      const { projectId, owner, asOwner } = await team();
      const caller = { role: "owner" as const, userId: owner.id };
      const someone = await seedPerson(null);

      const old = await createInvitation(
        db,
        projectId,
        caller,
        { role: "viewer" },
        new Date(Date.now() - 8 * 86_400_000),
      );
      await expect(acceptInvitation(db, tokenOf(old.path), someone)).rejects.toMatchObject({
        status: 409,
        field: "token",
        message: expect.stringContaining("expired") as unknown,
      });
      expect((await asOwner.project.invitations()).map((i) => i.id)).not.toContain(old.id);

      const revoked = await asOwner.project.invite({ role: "viewer" });
      await asOwner.project.revokeInvitation({ id: revoked.id });
      await expect(acceptInvitation(db, tokenOf(revoked.path), someone)).rejects.toMatchObject({
        status: 409,
        message: expect.stringContaining("revoked") as unknown,
      });
      expect((await refusal(asOwner.project.revokeInvitation({ id: revoked.id }))).code).toBe("NOT_FOUND");

      await expect(acceptInvitation(db, `${"A".repeat(38)}`, someone)).rejects.toMatchObject({
        status: 404,
        field: "token",
      });
      await expect(acceptInvitation(db, "../../etc", someone)).rejects.toMatchObject({ status: 404 });

      const forAnn = await asOwner.project.invite({ role: "admin", email: "Ann.Example@Example.TEST" });
      expect(forAnn.email).toBe("ann.example@example.test");
      await expect(acceptInvitation(db, tokenOf(forAnn.path), someone)).rejects.toMatchObject({
        status: 403,
        field: "email",
      });
      await expect(
        acceptInvitationWithAccount(db, tokenOf(forAnn.path), { email: "bob@example.test", password: "long enough" }),
      ).rejects.toMatchObject({ status: 403, field: "email" });
      expect(await db.user.count({ where: { email: "bob@example.test" } })).toBe(0);
      expect(await roleOf(projectId, someone.id)).toBeNull();

      const ann = { id: uuidv7(), email: "ann.example@example.test" };
      await db.user.create({ data: { id: ann.id, email: ann.email, passwordHash: "x" } });
      const joined = await acceptInvitation(db, tokenOf(forAnn.path), {
        id: ann.id,
        email: "ANN.example@example.test",
      });
      expect(joined.role).toBe("admin");
      expect(await roleOf(projectId, ann.id)).toBe("admin");
    });

    it("create the account and the membership together, or neither", async () => {
      const { projectId, asOwner } = await team();
      const link = await asOwner.project.invite({ role: "viewer" });
      const email = `${unique("new")}@example.test`;
      const outcome = await acceptInvitationWithAccount(db, tokenOf(link.path), {
        email: email.toUpperCase(),
        password: "correct horse",
        name: "  New Person ",
      });
      expect(outcome).toMatchObject({ projectId, role: "viewer", accountCreated: true, alreadyMember: false });
      const user = await db.user.findUniqueOrThrow({ where: { email } });
      expect(user).toMatchObject({ id: outcome.userId, name: "New Person" });
      expect(user.passwordHash).not.toContain("correct horse");
      expect(await roleOf(projectId, user.id)).toBe("viewer");

      // An email that has an account already: 409 naming email, and the link stays usable.
      const second = await asOwner.project.invite({ role: "viewer" });
      await expect(
        acceptInvitationWithAccount(db, tokenOf(second.path), { email, password: "another one" }),
      ).rejects.toMatchObject({ status: 409, field: "email" });
      expect((await asOwner.project.invitations()).map((i) => i.id)).toEqual([second.id]);

      // A link for one email needs only a password; without one, 400 naming password and nothing written.
      const forCam = await asOwner.project.invite({ role: "annotator", email: `${unique("cam")}@example.test` });
      await expect(acceptInvitationWithAccount(db, tokenOf(forCam.path), {})).rejects.toMatchObject({
        status: 400,
        field: "password",
      });
      const cam = await acceptInvitationWithAccount(db, tokenOf(forCam.path), { password: "cam's password" });
      expect(await db.user.findUniqueOrThrow({ where: { id: cam.userId } })).toMatchObject({ email: forCam.email });
      expect(await roleOf(projectId, cam.userId)).toBe("annotator");

      // Two new people racing for one link: one joins; the other's account is rolled back with the refused claim.
      const [a, b] = [`${unique("racer")}@example.test`, `${unique("racer")}@example.test`];
      const results = await Promise.allSettled(
        [a, b].map((e) => acceptInvitationWithAccount(db, tokenOf(second.path), { email: e, password: "long enough" })),
      );
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      const people = await db.user.findMany({ where: { email: { in: [a, b] } }, select: { id: true } });
      expect(people).toHaveLength(1);
      expect(await roleOf(projectId, people[0]!.id)).toBe("viewer");
    });

    it("never duplicate a membership: a member keeps the higher role", async () => {
      const { projectId, asOwner } = await team();
      const admin = await seedPerson(projectId, "admin");
      const viewer = await seedPerson(projectId, "viewer");

      const low = await asOwner.project.invite({ role: "viewer" });
      expect(await acceptInvitation(db, tokenOf(low.path), admin)).toMatchObject({
        role: "admin",
        alreadyMember: true,
      });
      expect(await roleOf(projectId, admin.id)).toBe("admin");
      // Unused, so it still admits someone else.
      expect((await asOwner.project.invitations()).map((i) => i.id)).toEqual([low.id]);

      const high = await asOwner.project.invite({ role: "annotator" });
      expect(await acceptInvitation(db, tokenOf(high.path), viewer)).toMatchObject({
        role: "annotator",
        alreadyMember: true,
      });
      expect(await roleOf(projectId, viewer.id)).toBe("annotator");
      expect(await db.membership.count({ where: { projectId, userId: viewer.id } })).toBe(1);
      expect((await asOwner.project.invitations()).map((i) => i.id)).toEqual([low.id]);
    });
  });

  describe("API keys", () => {
    it("are created once in full, listed by prefix and last 4, and stop verifying when revoked", async () => {
      const { projectId, asOwner } = await team();
      const admin = await seedPerson(projectId, "admin");
      const created = await as(admin, projectId, "admin").project.createKey({ name: " reader ", scope: "read" });
      expect(created).toMatchObject({ name: "reader", scope: "read", revokedAt: null, lastUsedAt: null });
      expect(created.key.startsWith(created.prefix)).toBe(true);
      expect(created.key.endsWith(created.last4)).toBe(true);
      const stored = await db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
      expect(JSON.stringify(stored)).not.toContain(created.key);

      const listed = await asOwner.project.keys();
      const { key, ...view } = created;
      expect(listed).toEqual([view]);
      expect(JSON.stringify(listed)).not.toContain(key);

      expect(await verifyApiKey(db, created.key)).toEqual({ apiKeyId: created.id, projectId, scope: "read" });
      expect((await asOwner.project.keys())[0]?.lastUsedAt).not.toBeNull();

      await asOwner.project.revokeKey({ id: created.id });
      expect((await asOwner.project.keys())[0]?.revokedAt).not.toBeNull();
      expect((await refusal(asOwner.project.revokeKey({ id: created.id }))).code).toBe("NOT_FOUND");
      // verifyApiKey caches a verified key for 5 s (server/auth/api-keys.ts), so move the clock past that.
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        vi.setSystemTime(Date.now() + 5_001);
        expect(await verifyApiKey(db, created.key)).toBeNull();
      } finally {
        vi.useRealTimers();
      }

      // A key revoked before it was ever used is refused at once.
      const unused = await asOwner.project.createKey({ name: "unused", scope: "write" });
      await asOwner.project.revokeKey({ id: unused.id });
      expect(await verifyApiKey(db, unused.key)).toBeNull();
    });
  });
});
