// The grants of a project as Settings lists them, and revoking one there. Admins (keys.manage) see and revoke every
// grant of the project; every other member sees and revokes their own.
import "@/server/server-only";
import type { GrantView } from "@/lib/contracts/oauth";
import type { Db } from "@/server/db/client";
import { NotFoundError } from "@/server/errors";
import { revokeGrant } from "./grants";

export interface GrantCaller {
  userId: string | null;
  /** May see and revoke everyone's grants (owners and admins). */
  all: boolean;
}

export async function listGrants(db: Db, projectId: string, caller: GrantCaller): Promise<GrantView[]> {
  if (!caller.all && caller.userId === null) return [];
  const rows = await db.oAuthGrant.findMany({
    where: { projectId, revokedAt: null, ...(caller.all ? {} : { userId: caller.userId! }) },
    orderBy: { createdAt: "desc" },
    include: {
      user: { select: { id: true, email: true, name: true } },
      client: { select: { id: true, name: true, kind: true } },
      project: { select: { name: true } },
    },
  });
  return rows.map((g) => ({
    id: g.id,
    person: g.user,
    client: {
      id: g.client.id,
      name: g.client.name,
      kind: g.client.kind === "cimd" ? "cimd" : "dcr",
      origin: g.client.kind === "cimd" ? new URL(g.client.id).host : null,
    },
    projectName: g.project.name,
    scope: g.scope === "write" ? "write" : "read",
    resource: g.resource,
    createdAt: g.createdAt.toISOString(),
    lastUsedAt: g.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Ends a grant and every token issued under it, at once (the MCP door reads the grant on every call). */
export async function revokeProjectGrant(db: Db, projectId: string, caller: GrantCaller, id: string): Promise<void> {
  const grant = await db.oAuthGrant.findFirst({
    where: { id, projectId, revokedAt: null, ...(caller.all ? {} : { userId: caller.userId ?? "" }) },
    select: { id: true },
  });
  if (!grant) throw new NotFoundError("The connected app");
  await revokeGrant(db, grant.id, "person");
}
