// Project roles and what each may do: the one permission table every door consults (tRPC procedures, auth routes,
// settings pages). Pure, so the whole matrix is unit-tested.
export const ROLES = ["owner", "admin", "annotator", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** Read sessions, thoughts, scores, comments, queues. */
  "read",
  /** Score thoughts and sessions (one's own scores). */
  "score",
  /** Write comments, reply, resolve. */
  "comment",
  /** Claim and finish items of the queues one is assigned to. */
  "review",
  /** Let a connector (an OAuth client the person approves) record thoughts as them; without it, read only. */
  "record",
  /** Create and archive score configs. */
  "configs.manage",
  /** Create queues, add items, assign reviewers. */
  "queues.manage",
  /** Create, list and revoke API keys. */
  "keys.manage",
  /** Create and revoke share links. */
  "share.manage",
  /** Invite people, change roles, remove members, make password reset links (admins cannot touch owners). */
  "members.manage",
  /** Model connections, judges and their runs: a connection can send the project's reasoning to another host. */
  "judges.manage",
  /** Delete sessions with everything recorded in them. */
  "sessions.delete",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const VIEWER: readonly Permission[] = ["read"];
const ANNOTATOR: readonly Permission[] = [...VIEWER, "score", "comment", "review", "record"];
const ADMIN: readonly Permission[] = [
  ...ANNOTATOR,
  "configs.manage",
  "queues.manage",
  "keys.manage",
  "share.manage",
  "members.manage",
  "judges.manage",
  "sessions.delete",
];

const GRANTS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(ADMIN),
  admin: new Set(ADMIN),
  annotator: new Set(ANNOTATOR),
  viewer: new Set(VIEWER),
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role, permission: Permission): boolean {
  return GRANTS[role].has(permission);
}

/** Who may give or take away a role: only owners touch owners; admins manage admins, annotators and viewers. */
export function canAssignRole(actor: Role, role: Role): boolean {
  if (!can(actor, "members.manage")) return false;
  return role === "owner" ? actor === "owner" : true;
}

/** The widest scope a connector may get from a person with this role: viewers' connectors read only. */
export function maxConnectorScope(role: Role): "read" | "write" {
  return can(role, "record") ? "write" : "read";
}

export const ROLE_WORDS: Record<Role, string> = {
  owner: "Owner: everything, including other owners",
  admin: "Admin: manage members, keys, rubrics, queues and judges",
  annotator: "Annotator: read, score, comment and review queues",
  viewer: "Viewer: read only",
};
