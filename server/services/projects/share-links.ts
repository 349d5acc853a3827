// Read-only share links to one session: an unguessable token (192 random bits) of which only the SHA-256 is stored,
// so a database leak does not leak working links. Revoking a link stops it at once.
import { createHash, randomBytes } from "node:crypto";
import { uuidv7 } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { NotFoundError } from "@/server/errors";
import { findSession } from "../sessions/sessions";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface ShareLinkView {
  id: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

export async function createShareLink(db: Db, projectId: string, sessionRef: string) {
  const session = await findSession(db, projectId, sessionRef);
  const token = randomBytes(24).toString("base64url");
  const row = await db.shareLink.create({
    data: { id: uuidv7(), projectId, sessionId: session.id, tokenHash: hashToken(token), prefix: token.slice(0, 6) },
  });
  return { id: row.id, token, path: `/share/${token}` };
}

export async function listShareLinks(db: Db, projectId: string, sessionRef: string): Promise<ShareLinkView[]> {
  const session = await findSession(db, projectId, sessionRef);
  const rows = await db.shareLink.findMany({
    where: { projectId, sessionId: session.id },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({
    id: r.id,
    prefix: r.prefix,
    createdAt: r.createdAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
  }));
}

export async function revokeShareLink(db: Db, projectId: string, id: string): Promise<void> {
  const { count } = await db.shareLink.updateMany({
    where: { id, projectId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new NotFoundError(`Active share link "${id}"`, "id");
}

/** The session a share token opens, or null for an unknown or revoked token. */
export async function resolveShareToken(
  db: Db,
  token: string,
): Promise<{ projectId: string; sessionId: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const row = await db.shareLink.findUnique({ where: { tokenHash: hashToken(token) } });
  return row && row.revokedAt === null ? { projectId: row.projectId, sessionId: row.sessionId } : null;
}
