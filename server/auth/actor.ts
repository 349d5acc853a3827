// Who is asking, from a browser request's cookies: the signed-in person and their role in the current project, or
// the local person of single-user mode. The current project is the `tg_project` cookie when the person is a member
// of it, else their oldest membership. Every dashboard door (tRPC, pages, auth routes) resolves its actor here.
import type { MeView } from "@/lib/contracts/auth";
import { isRole, type Role } from "@/lib/auth/roles";
import type { Db } from "@/server/db/client";
import { defaultProjectIdOf } from "@/server/db/default-project";
import { findLoginSession, parseCookies, PROJECT_COOKIE, SESSION_COOKIE, type SignedInUser } from "./login-sessions";
import { singleUserMode } from "./mode";

export interface ProjectAccess {
  projectId: string;
  role: Role;
}

export type Actor =
  /** Single-user mode on a loopback bind: the one local person owns the default project. */
  | { kind: "local"; access: ProjectAccess }
  /** A signed-in person; `access` is null when they belong to no project (yet). */
  | { kind: "user"; user: SignedInUser; access: ProjectAccess | null };

export async function resolveActor(db: Db, cookieHeader: string | null | undefined): Promise<Actor | null> {
  if (singleUserMode()) return { kind: "local", access: { projectId: await defaultProjectIdOf(db), role: "owner" } };
  const cookies = parseCookies(cookieHeader);
  const token = cookies.get(SESSION_COOKIE);
  if (!token) return null;
  const user = await findLoginSession(db, token);
  if (!user) return null;
  return { kind: "user", user, access: await currentAccess(db, user.id, cookies.get(PROJECT_COOKIE)) };
}

async function currentAccess(db: Db, userId: string, wanted: string | undefined): Promise<ProjectAccess | null> {
  const rows = await db.membership.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { projectId: true, role: true },
  });
  const pick = rows.find((m) => m.projectId === wanted) ?? rows[0];
  return pick && isRole(pick.role) ? { projectId: pick.projectId, role: pick.role } : null;
}

/** The person, their current project and every project they can switch to (the app bar). */
export async function meView(db: Db, actor: Actor): Promise<MeView> {
  if (actor.kind === "local") {
    const p = await db.project.findUniqueOrThrow({ where: { id: actor.access.projectId } });
    const project = { id: p.id, name: p.name, slug: p.slug, role: "owner" as const };
    return { mode: "single-user", user: null, project, projects: [project] };
  }
  const rows = await db.membership.findMany({
    where: { userId: actor.user.id },
    orderBy: { createdAt: "asc" },
    select: { role: true, project: { select: { id: true, name: true, slug: true } } },
  });
  const projects = rows.flatMap((m) => (isRole(m.role) ? [{ ...m.project, role: m.role }] : []));
  return {
    mode: "accounts",
    user: actor.user,
    project: projects.find((p) => p.id === actor.access?.projectId) ?? null,
    projects,
  };
}
