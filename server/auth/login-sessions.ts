// Signed-in browsers. The cookie carries 256 random bits; the database stores only their SHA-256 (as the row id), so
// a leaked database holds no working sign-in. Sessions last 30 days from the last visit (renewed at most hourly).
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/server/db/client";

export const SESSION_COOKIE = "tg_session";
export const PROJECT_COOKIE = "tg_project";
const TTL_MS = 30 * 24 * 3600_000;
const RENEW_AFTER_MS = 3600_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface SignedInUser {
  id: string;
  email: string;
  name: string | null;
}

export async function createLoginSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + TTL_MS);
  await db.loginSession.create({ data: { id: hashToken(token), userId, expiresAt } });
  // Expired rows of anyone go on each sign-in: cheap (indexed) and keeps the table to live sessions.
  await db.loginSession.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  return { token, expiresAt };
}

export async function findLoginSession(db: Db, token: string): Promise<SignedInUser | null> {
  if (token.length < 20 || token.length > 100) return null;
  const id = hashToken(token);
  const row = await db.loginSession.findUnique({
    where: { id },
    select: { expiresAt: true, lastSeenAt: true, user: { select: { id: true, email: true, name: true } } },
  });
  const now = Date.now();
  if (!row || row.expiresAt.getTime() <= now) return null;
  if (now - row.lastSeenAt.getTime() > RENEW_AFTER_MS) {
    await db.loginSession.update({
      where: { id },
      data: { lastSeenAt: new Date(now), expiresAt: new Date(now + TTL_MS) },
    });
  }
  return row.user;
}

export async function endLoginSession(db: Db, token: string): Promise<void> {
  await db.loginSession.deleteMany({ where: { id: hashToken(token) } });
}

export async function endAllLoginSessions(db: Db, userId: string): Promise<number> {
  return (await db.loginSession.deleteMany({ where: { userId } })).count;
}

/** `name=value; …` → map (first value wins, as browsers send the most specific cookie first). */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (out.has(name)) continue;
    try {
      out.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // a malformed value is ignored, as if absent
    }
  }
  return out;
}

/** HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site posts), Secure when served over https. */
export function cookieHeader(name: string, value: string, opts: { expires?: Date; secure: boolean }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (opts.expires) parts.push(`Expires=${opts.expires.toUTCString()}`);
  if (opts.secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearedCookieHeader(name: string, secure: boolean): string {
  return cookieHeader(name, "", { expires: new Date(0), secure });
}
