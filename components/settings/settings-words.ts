// How settings read on screen: dates, key masks and who may manage a section. Pure and client-safe.
import { can, canAssignRole, ROLES, type Permission, type Role } from "@/lib/auth/roles";

/** 2026-03-04 14:05 in the reader's time zone (dates arrive as ISO strings). */
export function when(iso: string | null): string {
  if (iso === null) return "—";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** tg_abcd…wxyz: what identifies a key without revealing it. */
export const keyMask = (k: { prefix: string; last4: string }) => `${k.prefix}…${k.last4}`;

/** The roles that hold a permission, in words: "owners and admins". */
export function whoMay(permission: Permission): string {
  const roles = ROLES.filter((r) => can(r, permission)).map((r) => `${r}s`);
  return roles.length <= 1 ? (roles[0] ?? "nobody") : `${roles.slice(0, -1).join(", ")} and ${roles.at(-1)}`;
}

/** The roles `actor` may hand out (an admin never the owner role). */
export const assignableRoles = (actor: Role): Role[] => ROLES.filter((r) => canAssignRole(actor, r));

/** The link as it is shared: this server's origin and the path the server answered. */
export const absoluteLink = (path: string) => new URL(path, window.location.origin).toString();

/** A form field's text ("" when absent or a file). */
export function formText(data: FormData, name: string): string {
  const v = data.get(name);
  return typeof v === "string" ? v : "";
}
