// Invitation links: an admin or owner makes a link that admits one person to the project with a role, for 7 days,
// optionally only for one email. The token is 6 characters derived from the invitation's id (so the settings page
// can show which link is which) and 192 random bits; only its SHA-256 is stored, like share links and API keys, so a
// database leak does not leak working links. Accepting claims the link and writes the membership (and, for a new
// person, the account) in one transaction: a user is never created without their membership.
import { createHash, randomBytes } from "node:crypto";
import { canAssignRole, isRole, type Role } from "@/lib/auth/roles";
import { INVITATION_TTL_MS, type CreatedInvitationView, type InvitationView } from "@/lib/contracts/settings";
import { uuidv7 } from "@/lib/ids";
import { hashPassword } from "@/server/auth/passwords";
import { inTransaction, type Db } from "@/server/db/client";
import { ConflictError, DomainError, ForbiddenError, NotFoundError, ValidationError } from "@/server/errors";
import { createUser, type NewAccount } from "../accounts";
import { higherRole, type SettingsCaller } from "./members";

const PREFIX_CHARS = 6;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** The random tail of a UUIDv7 (its head is a timestamp, alike for links made the same day). */
const prefixOf = (invitationId: string) => invitationId.replace(/-/g, "").slice(-PREFIX_CHARS);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export const invitationPath = (token: string) => `/invite/${token}`;

type InvitationRow = NonNullable<Awaited<ReturnType<Db["invitation"]["findUnique"]>>>;

function toView(row: InvitationRow, createdBy: string): InvitationView {
  return {
    id: row.id,
    prefix: prefixOf(row.id),
    role: isRole(row.role) ? row.role : "viewer",
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    createdBy,
  };
}

function accountsRequired(): ConflictError {
  return new ConflictError(
    "Invitations need accounts; this server runs in single-user mode (THOUGHTGRAPH_SINGLE_USER=1).",
    undefined,
    "Unset THOUGHTGRAPH_SINGLE_USER and create the first account at /setup.",
  );
}

export async function createInvitation(
  db: Db,
  projectId: string,
  caller: SettingsCaller,
  input: { role: Role; email?: string | undefined },
  now = new Date(),
): Promise<CreatedInvitationView> {
  if (caller.userId === null) throw accountsRequired();
  if (!canAssignRole(caller.role, input.role)) {
    throw new ForbiddenError(
      `Only an owner can invite someone as ${input.role}; your role here is ${caller.role}.`,
      "Choose admin, annotator or viewer, or ask an owner.",
    );
  }
  const id = uuidv7(now.getTime());
  const token = prefixOf(id) + randomBytes(24).toString("base64url");
  const row = await db.invitation.create({
    data: {
      id,
      projectId,
      tokenHash: hashToken(token),
      role: input.role,
      email: input.email?.trim().toLowerCase() ?? null,
      createdBy: caller.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    },
    include: { creator: { select: { email: true } } },
  });
  return { ...toView(row, row.creator.email), path: invitationPath(token) };
}

/** Links not yet accepted, revoked or expired, newest first. */
export async function listInvitations(db: Db, projectId: string, now = new Date()): Promise<InvitationView[]> {
  const rows = await db.invitation.findMany({
    where: { projectId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
    include: { creator: { select: { email: true } } },
  });
  return rows.map((r) => toView(r, r.creator.email));
}

export async function revokeInvitation(db: Db, projectId: string, caller: SettingsCaller, id: string): Promise<void> {
  const row = await db.invitation.findFirst({ where: { id, projectId, acceptedAt: null, revokedAt: null } });
  if (!row) throw new NotFoundError(`Pending invitation "${id}"`, "id");
  if (isRole(row.role) && !canAssignRole(caller.role, row.role)) {
    throw new ForbiddenError(`Only an owner can revoke an invitation to be ${row.role}.`, "Ask an owner.");
  }
  await db.invitation.updateMany({ where: { id, projectId, revokedAt: null }, data: { revokedAt: new Date() } });
}

// ---- Opening and accepting a link ----

export type InvitationProblem = "unknown" | "expired" | "revoked" | "used";

/** Why a link cannot be used, as the error every door answers with (the invite page shows the same words). */
export function invitationRefusal(problem: InvitationProblem): DomainError {
  const again = "Ask an admin of the project for a new invitation link.";
  switch (problem) {
    case "unknown":
      return new DomainError(
        "not_found",
        404,
        "This invitation link is not valid.",
        "token",
        `Copy the whole link. ${again}`,
      );
    case "expired":
      return new ConflictError("This invitation link has expired (links work for 7 days).", "token", again);
    case "revoked":
      return new ConflictError("This invitation link was revoked.", "token", again);
    case "used":
      return new ConflictError("This invitation link was already used; each link admits one person.", "token", again);
  }
}

export interface OpenInvitation {
  id: string;
  projectId: string;
  projectName: string;
  role: Role;
  email: string | null;
  expiresAt: string;
}

function problemOf(row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date) {
  if (row.revokedAt !== null) return "revoked";
  if (row.acceptedAt !== null) return "used";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return null;
}

/** What a link offers, or why it cannot be used. Reads only; the invite page calls this before showing a button. */
export async function inspectInvitation(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ ok: true; invitation: OpenInvitation } | { ok: false; problem: InvitationProblem }> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, problem: "unknown" };
  const row = await db.invitation.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { project: { select: { name: true } } },
  });
  if (!row || !isRole(row.role)) return { ok: false, problem: "unknown" };
  const problem = problemOf(row, now);
  if (problem) return { ok: false, problem };
  const { id, projectId, email, role } = row;
  return {
    ok: true,
    invitation: { id, projectId, projectName: row.project.name, role, email, expiresAt: row.expiresAt.toISOString() },
  };
}

async function openOrThrow(db: Db, token: string, now: Date): Promise<OpenInvitation> {
  const found = await inspectInvitation(db, token, now);
  if (!found.ok) throw invitationRefusal(found.problem);
  return found.invitation;
}

function assertEmailMatches(invitation: OpenInvitation, email: string, signedIn: boolean): void {
  if (invitation.email === null || invitation.email === email.trim().toLowerCase()) return;
  throw new DomainError(
    "forbidden",
    403,
    signedIn
      ? `This invitation is for ${invitation.email}; you are signed in as ${email}.`
      : `This invitation is for ${invitation.email} only.`,
    "email",
    signedIn ? `Sign out, then open the link again and sign in as ${invitation.email}.` : "Use that email address.",
  );
}

/** Marks the link used by `userId`; a link used, revoked or expired in the meantime is refused with the reason. */
async function claim(tx: Db, invitationId: string, userId: string, now: Date): Promise<void> {
  const { count } = await tx.invitation.updateMany({
    where: { id: invitationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now, acceptedBy: userId },
  });
  if (count === 1) return;
  const row = await tx.invitation.findUniqueOrThrow({ where: { id: invitationId } });
  throw invitationRefusal(problemOf(row, now) ?? "used");
}

export interface AcceptOutcome {
  userId: string;
  projectId: string;
  projectName: string;
  /** The person's role in the project now. */
  role: Role;
  alreadyMember: boolean;
  accountCreated: boolean;
}

/**
 * A signed-in person joins. Already a member with the same or a higher role: nothing changes and the link stays
 * usable for someone else; with a lower role: they get the invitation's role and the link is used.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  user: { id: string; email: string },
  now = new Date(),
): Promise<AcceptOutcome> {
  const invitation = await openOrThrow(db, token, now);
  assertEmailMatches(invitation, user.email, true);
  const { projectId, projectName } = invitation;
  return inTransaction(db, async (tx) => {
    const where = { projectId_userId: { projectId, userId: user.id } };
    const existing = await tx.membership.findUnique({ where });
    const had = existing && isRole(existing.role) ? existing.role : null;
    const outcome = { userId: user.id, projectId, projectName, accountCreated: false };
    if (had !== null && higherRole(had, invitation.role) === had) return { ...outcome, role: had, alreadyMember: true };
    await claim(tx, invitation.id, user.id, now);
    if (existing) await tx.membership.update({ where, data: { role: invitation.role } });
    else await tx.membership.create({ data: { projectId, userId: user.id, role: invitation.role } });
    return { ...outcome, role: invitation.role, alreadyMember: existing !== null };
  });
}

function missing(field: "email" | "password"): never {
  throw new ValidationError({
    field,
    message: `${field} is required to create your account (you are not signed in).`,
    suggestion: "Send email and password (8+ characters), or sign in first and send only the token.",
  });
}

/**
 * A new person joins: their account, the claimed link and the membership commit together or not at all. The link is
 * checked first (a dead link is the news, not a missing password); a link for one email needs no email sent. The
 * password is hashed before the transaction (~100 ms, see server/auth/passwords.ts): on SQLite every other query
 * waits while a transaction is open.
 */
export async function acceptInvitationWithAccount(
  db: Db,
  token: string,
  given: { email?: string | undefined; password?: string | undefined; name?: string | undefined },
  now = new Date(),
): Promise<AcceptOutcome> {
  const invitation = await openOrThrow(db, token, now);
  const account: NewAccount = {
    email: given.email ?? invitation.email ?? missing("email"),
    password: given.password ?? missing("password"),
    name: given.name,
  };
  assertEmailMatches(invitation, account.email, false);
  const { projectId, projectName, role } = invitation;
  const passwordHash = await hashPassword(account.password); // slow: never inside the transaction
  try {
    return await inTransaction(db, async (tx) => {
      const user = await createUser(tx, account, passwordHash);
      await claim(tx, invitation.id, user.id, now);
      await tx.membership.create({ data: { projectId, userId: user.id, role } });
      return { userId: user.id, projectId, projectName, role, alreadyMember: false, accountCreated: true };
    });
  } catch (error) {
    // The same email signing up twice at once: the second insert hits the unique index after createUser's check.
    if ((error as { code?: unknown }).code !== "P2002") throw error;
    const email = account.email.trim().toLowerCase();
    throw new ConflictError(`An account for ${email} already exists.`, "email", "Sign in, then open the link again.");
  }
}
