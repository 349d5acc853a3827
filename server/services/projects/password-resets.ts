// Password reset links: an owner or admin makes a link that lets one member of the project choose a new password,
// for 24 hours, once. Like invitation links, only the SHA-256 of the link's token is stored and the link is shown
// once; the row keeps who made it and when it was used (the project's record of who let whom back in). Using it sets
// the password, ends the member's sign-ins everywhere and lifts a sign-in lockout, in one transaction with the claim.
//
// Whoever holds the link can sign in as the member, so making one needs authority over the member wherever they are:
// in every project the member belongs to, the caller must be an owner or admin who may manage the member's role
// there (only owners touch owners). An admin of one project cannot take over an owner of another. The server's
// operator keeps `npm run users -- reset-password` for everyone else.
import { createHash, randomBytes } from "node:crypto";
import { canAssignRole, isRole } from "@/lib/auth/roles";
import { PASSWORD_RESET_TTL_MS, type CreatedPasswordResetView } from "@/lib/contracts/settings";
import { uuidv7 } from "@/lib/ids";
import { endAllLoginSessions } from "@/server/auth/login-sessions";
import { hashPassword } from "@/server/auth/passwords";
import { inTransaction, type Db } from "@/server/db/client";
import { ConflictError, DomainError, ForbiddenError, NotFoundError } from "@/server/errors";
import type { SettingsCaller } from "./members";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export const passwordResetPath = (token: string) => `/reset-password/${token}`;

export async function createPasswordReset(
  db: Db,
  projectId: string,
  caller: SettingsCaller,
  userId: string,
  now = new Date(),
): Promise<CreatedPasswordResetView> {
  if (caller.userId === null) {
    throw new ConflictError(
      "Password reset links need accounts; this server runs in single-user mode (THOUGHTGRAPH_SINGLE_USER=1).",
      "userId",
      "Unset THOUGHTGRAPH_SINGLE_USER to use accounts.",
    );
  }
  const memberships = await db.membership.findMany({
    where: { userId },
    select: { projectId: true, role: true, user: { select: { email: true } } },
  });
  const here = memberships.find((m) => m.projectId === projectId);
  if (!here) throw new NotFoundError(`Member "${userId}"`, "userId");
  const email = here.user.email;
  const callerRoles = new Map(
    (
      await db.membership.findMany({
        where: { userId: caller.userId, projectId: { in: memberships.map((m) => m.projectId) } },
        select: { projectId: true, role: true },
      })
    ).map((m) => [m.projectId, m.role]),
  );
  for (const m of memberships) {
    const mine = m.projectId === projectId ? caller.role : callerRoles.get(m.projectId);
    if (mine !== undefined && isRole(mine) && isRole(m.role) && canAssignRole(mine, m.role)) continue;
    throw new ForbiddenError(
      m.projectId === projectId
        ? `Only an owner can make a password reset link for an owner (${email}); your role here is ${caller.role}.`
        : `${email} is also a member of a project where you cannot manage them, so you cannot reset their password.`,
      m.projectId === projectId
        ? "Ask an owner of this project."
        : "Ask an owner who manages them everywhere, or the server's operator (npm run users -- reset-password).",
    );
  }
  const id = uuidv7(now.getTime());
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
  await inTransaction(db, async (tx) => {
    // A new link replaces the member's earlier ones: only the latest works.
    await tx.passwordReset.updateMany({
      where: { userId, usedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    await tx.passwordReset.create({
      data: {
        id,
        projectId,
        userId,
        tokenHash: hashToken(token),
        createdBy: caller.userId!,
        createdAt: now,
        expiresAt,
      },
    });
  });
  return { id, email, expiresAt: expiresAt.toISOString(), path: passwordResetPath(token) };
}

export type PasswordResetProblem = "unknown" | "expired" | "used" | "revoked";

/** Why a link cannot be used, as the error the door answers with (the reset page shows the same words). */
export function passwordResetRefusal(problem: PasswordResetProblem): DomainError {
  const again = "Ask an owner or admin of your project for a new password reset link.";
  switch (problem) {
    case "unknown":
      return new DomainError(
        "not_found",
        404,
        "This password reset link is not valid.",
        "token",
        `Copy the whole link. ${again}`,
      );
    case "expired":
      return new ConflictError("This password reset link has expired (links work for 24 hours).", "token", again);
    case "used":
      return new ConflictError("This password reset link was already used; each link works once.", "token", again);
    case "revoked":
      return new ConflictError("This password reset link was replaced by a newer one.", "token", again);
  }
}

function problemOf(row: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date) {
  if (row.usedAt !== null) return "used";
  if (row.revokedAt !== null) return "revoked";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return null;
}

/** Whose password a link resets, or why it cannot be used. Reads only: the reset page shows this before its form. */
export async function inspectPasswordReset(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ ok: true; id: string; userId: string; email: string } | { ok: false; problem: PasswordResetProblem }> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, problem: "unknown" };
  const row = await db.passwordReset.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: { select: { email: true } } },
  });
  if (!row) return { ok: false, problem: "unknown" };
  const problem = problemOf(row, now);
  return problem ? { ok: false, problem } : { ok: true, id: row.id, userId: row.userId, email: row.user.email };
}

/**
 * Sets the member's new password with the link: claims it (once), stores the password, ends every sign-in of theirs
 * and lifts a lockout, all or nothing. The password is hashed before the transaction (~100 ms, server/auth/passwords.ts).
 */
export async function usePasswordReset(
  db: Db,
  token: string,
  password: string,
  now = new Date(),
): Promise<{ userId: string; email: string }> {
  const found = await inspectPasswordReset(db, token, now);
  if (!found.ok) throw passwordResetRefusal(found.problem);
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (tx) => {
    const { count } = await tx.passwordReset.updateMany({
      where: { id: found.id, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (count !== 1) {
      const row = await tx.passwordReset.findUniqueOrThrow({ where: { id: found.id } });
      throw passwordResetRefusal(problemOf(row, now) ?? "used");
    }
    await tx.user.update({ where: { id: found.userId }, data: { passwordHash } });
    await endAllLoginSessions(tx, found.userId);
    await tx.loginFailure.deleteMany({ where: { email: found.email } });
  });
  return { userId: found.userId, email: found.email };
}
