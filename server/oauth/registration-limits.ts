// Limits on Dynamic Client Registration, which anyone who reaches the server may call. A registration nobody approves
// is "unused": it counts against two limits and expires after a day, when it is deleted. A client with a grant (even
// a revoked one, which still names who recorded its sessions) is never counted or deleted.
// - per source address (an IPv6 client's /64, server/http/client-address.ts): at most `dcrPerAddress` unused
//   registrations in the last hour. Hosted clients register from their own servers, one registration per connector
//   (ChatGPT, mcp-remote; Claude prefers a metadata document), so a team connecting together stays well below 20.
// - overall: at most `dcrUnusedMax` unused registrations. A stored client is at most ~32 KB (a 16 KB body, its
//   redirect URIs kept twice), so 1,000 bound what strangers can make the database hold at ~32 MB.
// The new row is written first and the counts read after it, so registrations racing each other all see one another:
// the limit is never exceeded (a race can refuse one that would have fitted). A refused row is deleted at once.
import "@/server/server-only";
import type { Prisma } from "@/server/db/generated/sqlite/client";
import type { Db } from "@/server/db/client";
import type { OAuthSettings } from "@/server/config";
import { OAuthProtocolError } from "./oauth-error";

export const UNUSED_CLIENT_TTL_MS = 24 * 60 * 60_000;
export const ADDRESS_WINDOW_MS = 60 * 60_000;
// Expired registrations are deleted at most this often per process (one indexed DELETE).
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

/** A registered client nobody has approved. */
const UNUSED = { kind: "dcr", grants: { none: {} } } satisfies Prisma.OAuthClientWhereInput;

/** Still an unused registration within its day: past it, the client is gone (findClient treats it as unknown). */
export function unusedClientExpired(createdAt: Date, grantCount: number, now = new Date()): boolean {
  return grantCount === 0 && createdAt.getTime() <= now.getTime() - UNUSED_CLIENT_TTL_MS;
}

/** Deletes the unused registrations older than a day (at most once a minute per process, unless `force`). */
export async function pruneUnusedClients(db: Db, now = new Date(), force = false): Promise<number> {
  if (!force && now.getTime() - lastPrune < PRUNE_EVERY_MS) return 0;
  lastPrune = now.getTime();
  const { count } = await db.oAuthClient.deleteMany({
    where: { ...UNUSED, createdAt: { lte: new Date(now.getTime() - UNUSED_CLIENT_TTL_MS) } },
  });
  return count;
}

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/**
 * Checks the just-written registration `clientId` from `addressKey` against both limits; over either, deletes it and
 * throws 429 temporarily_unavailable with the seconds until a slot frees (Retry-After).
 */
export async function admitRegistration(
  db: Db,
  clientId: string,
  addressKey: string,
  settings: Pick<OAuthSettings, "dcrPerAddress" | "dcrUnusedMax" | "cimd">,
  now = new Date(),
): Promise<void> {
  const dayAgo = new Date(now.getTime() - UNUSED_CLIENT_TTL_MS);
  const hourAgo = new Date(now.getTime() - ADDRESS_WINDOW_MS);
  const fromAddress = { ...UNUSED, registeredFrom: addressKey, createdAt: { gt: hourAgo } };
  const anywhere = { ...UNUSED, createdAt: { gt: dayAgo } };
  const [byAddress, overall] = await Promise.all([
    db.oAuthClient.count({ where: fromAddress }),
    db.oAuthClient.count({ where: anywhere }),
  ]);
  if (byAddress <= settings.dcrPerAddress && overall <= settings.dcrUnusedMax) return;
  await db.oAuthClient.deleteMany({ where: { id: clientId, grants: { none: {} } } });
  const perAddress = byAddress > settings.dcrPerAddress;
  const oldest = await db.oAuthClient.findFirst({
    where: perAddress ? fromAddress : anywhere,
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  const frees =
    (oldest?.createdAt.getTime() ?? now.getTime()) + (perAddress ? ADDRESS_WINDOW_MS : UNUSED_CLIENT_TTL_MS);
  const retryAfter = secondsUntil(frees, now);
  throw new OAuthProtocolError(
    "temporarily_unavailable",
    perAddress
      ? `Too many client registrations from your address: at most ${settings.dcrPerAddress} not yet approved in an ` +
          `hour. Retry after ${retryAfter} s, or approve a client already registered.`
      : `Too many client registrations are waiting for approval on this server (at most ${settings.dcrUnusedMax}; ` +
          `unapproved ones expire after a day). Retry after ${retryAfter} s` +
          (settings.cimd ? ", or connect with a Client ID Metadata Document (an https client_id)." : "."),
    429,
    retryAfter,
  );
}
