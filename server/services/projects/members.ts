// Members of a project and their roles. The rules come from lib/auth/roles.ts (only owners give or take the owner
// role or touch owners); on top of them a project always keeps at least one owner. Every lookup is by
// (projectId, userId), so another project's member answers 404 and is never confirmed to exist.
import { canAssignRole, isRole, ROLES, type Role } from "@/lib/auth/roles";
import type { MemberView } from "@/lib/contracts/settings";
import { inTransaction, type Db } from "@/server/db/client";
import { ConflictError, ForbiddenError, NotFoundError } from "@/server/errors";

/** Who is changing the membership: their role here and, with accounts on, their user id. */
export interface SettingsCaller {
  role: Role;
  userId: string | null;
}

/** owner > admin > annotator > viewer (ROLES is in that order). */
export function higherRole(a: Role, b: Role): Role {
  return ROLES.indexOf(a) <= ROLES.indexOf(b) ? a : b;
}

/**
 * Serialises changes to one project's owners: a write to the project's row takes a row lock on PostgreSQL and the
 * write lock on SQLite, so two owners demoting each other at once cannot both succeed and leave none.
 */
export async function lockProject(tx: Db, projectId: string): Promise<void> {
  await tx.$executeRaw`UPDATE "Project" SET "name" = "name" WHERE "id" = ${projectId}`;
}

export async function listMembers(db: Db, projectId: string): Promise<MemberView[]> {
  const rows = await db.membership.findMany({
    where: { projectId },
    orderBy: { createdAt: "asc" },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
  });
  return rows.flatMap((m) =>
    isRole(m.role)
      ? [
          {
            userId: m.user.id,
            email: m.user.email,
            name: m.user.name,
            role: m.role,
            joinedAt: m.createdAt.toISOString(),
          },
        ]
      : [],
  );
}

async function memberOf(tx: Db, projectId: string, userId: string): Promise<{ role: Role; email: string }> {
  const m = await tx.membership.findUnique({
    where: { projectId_userId: { projectId, userId } },
    select: { role: true, user: { select: { email: true } } },
  });
  if (!m || !isRole(m.role)) throw new NotFoundError(`Member "${userId}"`, "userId");
  return { role: m.role, email: m.user.email };
}

function assertMayTouch(caller: SettingsCaller, target: { role: Role; email: string }): void {
  if (!canAssignRole(caller.role, target.role)) {
    throw new ForbiddenError(
      `Only an owner can change or remove an owner (${target.email}); your role here is ${caller.role}.`,
      "Ask an owner of this project.",
    );
  }
}

async function assertAnotherOwner(tx: Db, projectId: string, userId: string, field: string): Promise<void> {
  const others = await tx.membership.count({ where: { projectId, role: "owner", userId: { not: userId } } });
  if (others === 0) {
    throw new ConflictError(
      "A project must keep at least one owner, and this is its last one.",
      field,
      "Make another member an owner first.",
    );
  }
}

export async function setMemberRole(
  db: Db,
  projectId: string,
  caller: SettingsCaller,
  userId: string,
  role: Role,
): Promise<MemberView> {
  await inTransaction(db, async (tx) => {
    await lockProject(tx, projectId);
    const target = await memberOf(tx, projectId, userId);
    assertMayTouch(caller, target);
    if (!canAssignRole(caller.role, role)) {
      throw new ForbiddenError(
        `Only an owner can make someone an owner; your role here is ${caller.role}.`,
        "Ask an owner of this project.",
      );
    }
    if (target.role === role) return;
    if (target.role === "owner") await assertAnotherOwner(tx, projectId, userId, "role");
    await tx.membership.update({ where: { projectId_userId: { projectId, userId } }, data: { role } });
  });
  const view = (await listMembers(db, projectId)).find((m) => m.userId === userId);
  if (!view) throw new NotFoundError(`Member "${userId}"`, "userId");
  return view;
}

/** Removes a member (or lets one leave); their scores and comments stay, attributed to them. */
export async function removeMember(db: Db, projectId: string, caller: SettingsCaller, userId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockProject(tx, projectId);
    const target = await memberOf(tx, projectId, userId);
    assertMayTouch(caller, target);
    if (target.role === "owner") await assertAnotherOwner(tx, projectId, userId, "userId");
    await tx.membership.delete({ where: { projectId_userId: { projectId, userId } } });
    // Their queue assignments in this project go too; reviews they finished stay (they count towards N), and a lease
    // they hold simply expires.
    await tx.queueMember.deleteMany({ where: { projectId, userId } });
  });
}
