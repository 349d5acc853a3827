// Password reset links through the service, on a real SQLite file and a real PostgreSQL database: a link works once,
// sets the password, ends the member's sign-ins and lifts their lockout; a link expires after 24 hours (an injected
// clock) and is replaced by a newer one; two uses at once let exactly one through; who may make a link is decided in
// every project the member belongs to.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PASSWORD_RESET_TTL_MS } from "@/lib/contracts/settings";
import { createLoginSession } from "@/server/auth/login-sessions";
import { verifyPassword } from "@/server/auth/passwords";
import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { ConflictError, ForbiddenError, NotFoundError } from "@/server/errors";
import { createPasswordReset, usePasswordReset } from "@/server/services/projects/password-resets";
import { freshPgUrl } from "@/test/support/pg";
import { seedMember, seedProject } from "@/test/support/seed";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

describe.each(["sqlite", "postgresql"] as const)("password reset links on %s", (provider) => {
  let db: Db;
  let projectId = "";
  let owner: { id: string; email: string };
  let admin: { id: string; email: string };

  beforeAll(async () => {
    const url = provider === "sqlite" ? freshSqliteUrl("password_resets") : await freshPgUrl("password_resets");
    await applyMigrations(url);
    db = createDb(url);
    projectId = await seedProject(db, "Ours");
    owner = await seedMember(db, projectId, "owner");
    admin = await seedMember(db, projectId, "admin");
  });

  afterAll(async () => {
    await db?.$disconnect();
  });

  const asAdmin = { role: "admin" as const, userId: "" };
  const tokenOf = (path: string) => path.replace("/reset-password/", "");

  it("works once: the password is set, sign-ins end, the lockout lifts", async () => {
    asAdmin.userId = admin.id;
    const member = await seedMember(db, projectId, "annotator");
    await createLoginSession(db, member.id);
    await db.loginFailure.create({
      data: { email: member.email, count: 10, windowEnd: new Date(Date.now() + 60_000) },
    });
    const link = await createPasswordReset(db, projectId, asAdmin, member.id);
    expect(link.email).toBe(member.email);

    expect(await usePasswordReset(db, tokenOf(link.path), "a-new-password")).toEqual({
      userId: member.id,
      email: member.email,
    });
    const user = await db.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(await verifyPassword("a-new-password", user.passwordHash)).toBe(true);
    expect(await db.loginSession.count({ where: { userId: member.id } })).toBe(0);
    expect(await db.loginFailure.count({ where: { email: member.email } })).toBe(0);
    const row = await db.passwordReset.findFirstOrThrow({ where: { userId: member.id } });
    expect(row).toMatchObject({ createdBy: admin.id, projectId });
    expect(row.usedAt).not.toBeNull();

    await expect(usePasswordReset(db, tokenOf(link.path), "another-password")).rejects.toThrow(/already used/);
  });

  it("lets exactly one of two uses at once through", async () => {
    const member = await seedMember(db, projectId, "viewer");
    const link = await createPasswordReset(db, projectId, asAdmin, member.id);
    const outcomes = await Promise.allSettled([
      usePasswordReset(db, tokenOf(link.path), "first-password"),
      usePasswordReset(db, tokenOf(link.path), "second-password"),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected");
    expect(refused?.reason).toBeInstanceOf(ConflictError);
  });

  it("expires after 24 hours and gives way to a newer link", async () => {
    const member = await seedMember(db, projectId, "annotator");
    const t0 = new Date();
    const older = await createPasswordReset(db, projectId, asAdmin, member.id, t0);
    const newer = await createPasswordReset(db, projectId, asAdmin, member.id, t0);
    await expect(usePasswordReset(db, tokenOf(older.path), "p-123456789", t0)).rejects.toThrow(/replaced/);
    const late = new Date(t0.getTime() + PASSWORD_RESET_TTL_MS);
    await expect(usePasswordReset(db, tokenOf(newer.path), "p-123456789", late)).rejects.toThrow(/expired/);
    const user = await db.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(user.passwordHash).toBe("x");
  });

  it("needs authority over the member in every project they belong to", async () => {
    const member = await seedMember(db, projectId, "annotator");
    await expect(createPasswordReset(db, projectId, asAdmin, owner.id)).rejects.toBeInstanceOf(ForbiddenError);
    // The member also owns another project: the admin and the owner here manage them only here.
    const theirs = await seedProject(db, "Theirs");
    await db.membership.create({ data: { projectId: theirs, userId: member.id, role: "owner" } });
    await expect(createPasswordReset(db, projectId, asAdmin, member.id)).rejects.toThrow(/also a member of a project/);
    await expect(
      createPasswordReset(db, projectId, { role: "owner", userId: owner.id }, member.id),
    ).rejects.toBeInstanceOf(ForbiddenError);
    // An owner of both may.
    await db.membership.create({ data: { projectId: theirs, userId: owner.id, role: "owner" } });
    expect((await createPasswordReset(db, projectId, { role: "owner", userId: owner.id }, member.id)).email).toBe(
      member.email,
    );
    // Someone of another project only is not found here.
    const stranger = await seedMember(db, theirs, "viewer");
    await expect(createPasswordReset(db, projectId, asAdmin, stranger.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
