// Who recorded a session through a connector. A session's `apiKeyId` holds the credential that wrote it: an API key's
// id, or the id of the OAuth grant whose token did, which names the person and the client they approved. Read for the
// session header and the sessions list in one query per page, scoped to the project: a grant of another project never
// names anyone here, and a session written with an API key has no attribution.
import "@/server/server-only";
import type { ConnectorAttribution } from "@/lib/contracts/oauth";
import type { Db } from "@/server/db/client";

/** What attribution needs of a session row. */
export interface AttributedSession {
  id: string;
  apiKeyId: string | null;
  /** The MCP client the session recorded (clientInfo, or the OAuth client's name when the connection sent none). */
  client: string | null;
}

/** Session id → who recorded it through a connector, for each of `sessions` that a grant of `projectId` wrote. */
export async function connectorAttributions(
  db: Db,
  projectId: string,
  sessions: readonly AttributedSession[],
): Promise<Map<string, ConnectorAttribution>> {
  const grantIds = [...new Set(sessions.flatMap((s) => (s.apiKeyId ? [s.apiKeyId] : [])))];
  if (grantIds.length === 0) return new Map();
  const grants = await db.oAuthGrant.findMany({
    where: { projectId, id: { in: grantIds } },
    select: { id: true, user: { select: { name: true, email: true } }, client: { select: { name: true } } },
  });
  const byId = new Map(grants.map((g) => [g.id, g]));
  const attributed = new Map<string, ConnectorAttribution>();
  for (const s of sessions) {
    const grant = s.apiKeyId ? byId.get(s.apiKeyId) : undefined;
    if (!grant) continue;
    attributed.set(s.id, {
      person: grant.user.name?.trim() || grant.user.email,
      client: s.client ?? grant.client.name,
      app: grant.client.name,
    });
  }
  return attributed;
}
