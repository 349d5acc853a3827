// Redirect URIs of OAuth clients: which may be registered, and whether a requested one matches a registered one.
// Matching is exact (OAuth 2.1 §4.1.3), except that a loopback redirect's port is ignored (RFC 8252 §7.3): a native
// client such as Claude Code registers `http://localhost/callback` and listens on whatever port is free. Pure, so the
// rules are unit-tested and the consent page can say where a code would go.

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A registrable redirect URI: https, http on a loopback host, or a private-use scheme in reverse-domain form
 *  (RFC 8252 §7.1, e.g. `com.example.app:/callback`). Never a fragment. The reason when not, else null. */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not an absolute URL`;
  }
  if (url.hash !== "" || value.includes("#")) return `"${value}" has a fragment, which redirect URIs may not have`;
  if (url.username !== "" || url.password !== "") return `"${value}" carries a user name or password`;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") {
    return LOOPBACK_HOSTS.has(url.hostname) ? null : `"${value}" is http on a host that is not loopback: use https`;
  }
  const scheme = url.protocol.slice(0, -1);
  if (/^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+$/.test(scheme)) return null;
  return `"${value}" uses the scheme ${url.protocol} (allowed: https, http on localhost, or a reverse-domain app scheme)`;
}

/** True for an http redirect on localhost, 127.0.0.1 or [::1] (shown with a warning on the consent page). */
export function isLoopbackRedirect(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

/** Whether `requested` is one of `registered`: exactly, or a loopback redirect differing only in its port. */
export function redirectUriMatches(requested: string, registered: readonly string[]): boolean {
  if (registered.includes(requested)) return true;
  if (!isLoopbackRedirect(requested)) return false;
  const want = new URL(requested);
  return registered.some((r) => {
    if (!isLoopbackRedirect(r)) return false;
    const have = new URL(r);
    return (
      have.hostname === want.hostname &&
      have.pathname === want.pathname &&
      have.search === want.search &&
      have.protocol === want.protocol
    );
  });
}
