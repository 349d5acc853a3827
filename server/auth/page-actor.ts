// The actor of a server-rendered dashboard page, from the request's cookies (next/headers).
import { headers } from "next/headers";
import { getDb } from "@/server/db/client";
import { resolveActor, type Actor } from "./actor";

/** Set by proxy.ts on page requests, so a page can send a signed-out visitor back here after sign-in. */
export const PATH_HEADER = "x-thoughtgraph-path";

export async function pageActor(): Promise<{ actor: Actor | null; path: string }> {
  const h = await headers();
  return { actor: await resolveActor(getDb(), h.get("cookie")), path: h.get(PATH_HEADER) ?? "/" };
}

/** Only same-site paths are followed after sign-in (never an open redirect to another site). */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  return raw;
}
