// Cross-site request forgery: a page on another site must not make a signed-in browser change anything here. The
// cookie is SameSite=Lax (browsers do not send it on cross-site posts); on top of that, every state-changing request
// that a browser sends must come from this origin. Browsers always send Origin on POST and Sec-Fetch-Site on every
// request; non-browser clients (curl, scripts) send neither and are not a CSRF vector, so they pass.
import { setting } from "@/server/config";
import { DomainError } from "@/server/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Request headers, from a Fetch Headers object (`.get`) or a door request (`.header`). */
type Headers = { get(name: string): string | null } | { header(name: string): string | null };
const read = (h: Headers, name: string) => ("get" in h ? h.get(name) : h.header(name));

/** Origins allowed besides the request's own (THOUGHTGRAPH_ALLOWED_ORIGINS, as URLs or host[:port]). */
function extraOrigins(): string[] {
  return (setting("THOUGHTGRAPH_ALLOWED_ORIGINS") ?? []).map((s) => s.toLowerCase()).filter((s) => s !== "*");
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Why this request looks cross-site, or null when it may proceed. */
export function crossSiteReason(method: string, headers: Headers): string | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const fetchSite = read(headers, "sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") {
    return `the browser marked it ${fetchSite} (Sec-Fetch-Site)`;
  }
  const origin = read(headers, "origin");
  if (origin === null) return null;
  const from = hostOf(origin);
  if (from === null) return `its Origin "${origin}" is not this server`;
  const own = read(headers, "host")?.toLowerCase();
  if (from === own) return null;
  if (extraOrigins().some((o) => o === from || hostOf(o) === from)) return null;
  return `its Origin "${origin}" is not this server (${own ?? "unknown host"})`;
}

export class CrossSiteError extends DomainError {
  constructor(reason: string) {
    super(
      "forbidden",
      403,
      `Refused a state-changing request from another site: ${reason}.`,
      "origin",
      "Use the dashboard itself; if it is served behind a proxy under another name, add that origin to " +
        "THOUGHTGRAPH_ALLOWED_ORIGINS.",
    );
  }
}

export function assertSameSite(method: string, headers: Headers): void {
  const reason = crossSiteReason(method, headers);
  if (reason !== null) throw new CrossSiteError(reason);
}
