// Team settings, shared by the tRPC router, the invitation door and the browser: projects, members and their roles,
// invitation links and API keys. Inputs are zod schemas; what the server answers is described by the view types.
import { z } from "zod";
import { ROLES, type Role } from "@/lib/auth/roles";
import { ZDisplayName, ZEmail, ZNewPassword } from "./auth";
import { KEY_SCOPES, MAX_KEY_NAME_CHARS, MAX_PROJECT_NAME_CHARS } from "./zod-free";

export { KEY_SCOPES, MAX_KEY_NAME_CHARS, MAX_PROJECT_NAME_CHARS } from "./zod-free";

/** How long an invitation link works: a week covers a weekend and a slow reply without leaving links open for long. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

const id = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .min(1, { error: `${field} is required.` })
    .max(200, { error: `${field} may be at most 200 characters.` });

export const ZRole = z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}.` });

export const ZProjectName = z
  .string({ error: "name is required." })
  .trim()
  .min(1, { error: "name must not be empty." })
  .max(MAX_PROJECT_NAME_CHARS, { error: `name may be at most ${MAX_PROJECT_NAME_CHARS} characters.` });

export const ZCreateProjectInput = z.object({ name: ZProjectName });
export const ZRenameProjectInput = z.object({ name: ZProjectName });

export const ZSetMemberRoleInput = z.object({ userId: id("userId"), role: ZRole });
export const ZRemoveMemberInput = z.object({ userId: id("userId") });

export const ZCreateInvitationInput = z.object({
  role: ZRole,
  /** Only the person with this email may accept (compared case-insensitively). */
  email: z.preprocess((v) => (v === null || v === "" ? undefined : v), ZEmail.optional()),
});
export const ZRevokeInvitationInput = z.object({ id: id("id") });

/** An invitation token as it appears in `/invite/<token>` (see server/services/projects/invitations.ts for its making). */
export const ZInvitationToken = z
  .string({ error: "token is required." })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "token is not an invitation token | Copy the whole link again." });

/**
 * POST /api/auth/invitations/accept. A signed-in person sends only the token; a visitor without an account also
 * sends the account to create (email, password, optional name).
 */
export const ZAcceptInvitationInput = z.strictObject({
  token: ZInvitationToken,
  email: ZEmail.optional(),
  password: ZNewPassword.optional(),
  name: ZDisplayName.optional(),
});
export type AcceptInvitationInput = z.infer<typeof ZAcceptInvitationInput>;

export const ZAcceptInvitationResult = z.object({
  ok: z.literal(true),
  projectId: z.string(),
  projectName: z.string(),
  role: ZRole,
  /** The person was a member already (their role is the higher of the old one and the invitation's). */
  alreadyMember: z.boolean(),
  /** An account was created (and signed in) by this request. */
  accountCreated: z.boolean(),
});
export type AcceptInvitationResult = z.infer<typeof ZAcceptInvitationResult>;

export type KeyScope = (typeof KEY_SCOPES)[number];

export const ZCreateKeyInput = z.object({
  name: z
    .string({ error: "name is required." })
    .trim()
    .min(1, { error: "name must not be empty." })
    .max(MAX_KEY_NAME_CHARS, { error: `name may be at most ${MAX_KEY_NAME_CHARS} characters.` }),
  scope: z.enum(KEY_SCOPES, { error: "scope must be read, write or admin." }).default("write"),
});
export const ZRevokeKeyInput = z.object({ id: id("id") });

// ---- What the server answers (dates as ISO strings, the same over HTTP and through a server-side caller) ----

export interface ProjectSettingsView {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
  /** The caller's role here. */
  role: Role;
  /** False in single-user mode: no people, so no members or invitations. */
  accounts: boolean;
  /** The caller's user id (null in single-user mode). */
  userId: string | null;
}

export interface CreatedProjectView {
  id: string;
  name: string;
  slug: string;
}

export interface MemberView {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  joinedAt: string;
}

export interface InvitationView {
  id: string;
  /** The first characters of the link's token, to tell links apart (the token itself is not stored). */
  prefix: string;
  role: Role;
  email: string | null;
  createdAt: string;
  expiresAt: string;
  createdBy: string;
}

/** A new invitation: `path` (/invite/<token>) is shown this once and cannot be recovered. */
export interface CreatedInvitationView extends InvitationView {
  path: string;
}

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  last4: string;
  scope: KeyScope;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A new key: `key` is shown this once; only its hash is stored. */
export interface CreatedApiKeyView extends ApiKeyView {
  key: string;
}

// ---- Password reset links ----

/** How long a password reset link works: a day, since whoever holds it can sign in as the member. */
export const PASSWORD_RESET_TTL_MS = 24 * 3600_000;

export const ZCreatePasswordResetInput = z.object({ userId: id("userId") });

/** POST /api/auth/password-reset: the link's token and the new password. */
export const ZUsePasswordResetInput = z.strictObject({
  token: z
    .string({ error: "token is required." })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "token is not a password reset token | Copy the whole link again." }),
  password: ZNewPassword,
});

/** A new password reset link: its path (/reset-password/<token>) is in this answer only. */
export interface CreatedPasswordResetView {
  id: string;
  /** Whose password it resets. */
  email: string;
  expiresAt: string;
  path: string;
}
