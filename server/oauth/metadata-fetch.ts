// Fetches a Client ID Metadata Document: the client_id is an https URL and the document at it describes the client.
// The URL comes from anyone, so the fetch is fenced: https only, no redirects, the address checked when the socket
// connects (so DNS cannot answer one address to a check and another to the fetch), at most METADATA_MAX_BYTES within
// METADATA_TIMEOUT_MS. A host written as an address (https://127.0.0.1/…, https://[::1]/…) is checked before
// connecting: Node connects to an address literal without calling `lookup`. Built on node:https rather than fetch because its `lookup` hook sees the address connected to.
import "@/server/server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { OAuthProtocolError } from "./oauth-error";
import { isSpecialUseAddress } from "./private-addresses";

/** Client metadata documents are a few hundred bytes (Claude's: ~400); 5 KB is the draft's suggested ceiling. */
export const METADATA_MAX_BYTES = 5 * 1024;
/** The authorization request waits for this fetch; a client's CDN answers in well under a second. */
export const METADATA_TIMEOUT_MS = 5_000;
/** Cache bounds for a document's Cache-Control max-age: at least a minute, at most a day. */
export const METADATA_CACHE_MIN_S = 60;
export const METADATA_CACHE_MAX_S = 24 * 3600;

export interface FetchedDocument {
  body: unknown;
  /** How long it may be cached, from Cache-Control max-age (or Expires), within the bounds above. */
  maxAgeSeconds: number;
}

const refuse = (why: string) => new OAuthProtocolError("invalid_client", `client_id metadata document: ${why}`);

/** A client_id that names a metadata document: https, a path, no fragment, credentials or dot segments. */
export function metadataUrlProblem(clientId: string): string | null {
  if (!/^https:\/\//i.test(clientId) || !URL.canParse(clientId)) return "the client_id must be an https URL";
  const url = new URL(clientId);
  if (url.username || url.password) return "the client_id URL must not carry a user name or password";
  if (clientId.includes("#")) return "the client_id URL must not have a fragment";
  if (url.pathname === "/" || url.pathname === "") return "the client_id URL must have a path";
  if (/\/\.\.?(\/|$)/.test(clientId.slice(url.origin.length).split("?")[0]!)) {
    return "the client_id URL must not contain . or .. segments";
  }
  return null;
}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isSpecialUseAddress(a.address));
      if (usable.length === 0) {
        const refused = new Error(
          `${hostname} resolves only to private, loopback or other special-use addresses ` +
            `(${addresses.map((a) => a.address).join(", ")})`,
        );
        return callback(refused, "", 0);
      }
      if (options.all) return callback(null, usable);
      const [first] = usable as [LookupAddress];
      callback(null, first.address, first.family);
    });
  };
}

function cacheSeconds(headers: Record<string, string | string[] | undefined>): number {
  const cc = String(headers["cache-control"] ?? "");
  let seconds: number | null = null;
  if (/(^|,)\s*(no-store|no-cache)\s*(,|$)/i.test(cc)) seconds = 0;
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(cc)?.[1];
  if (seconds === null && maxAge !== undefined) seconds = Number(maxAge);
  const expires = headers.expires ? Date.parse(String(headers.expires)) : NaN;
  if (seconds === null && Number.isFinite(expires)) seconds = Math.floor((expires - Date.now()) / 1000);
  return Math.min(METADATA_CACHE_MAX_S, Math.max(METADATA_CACHE_MIN_S, seconds ?? METADATA_CACHE_MIN_S));
}

/**
 * GETs the document at `clientId`. `privateHosts`: host names an admin allowed to resolve to private or loopback
 * addresses (THOUGHTGRAPH_OAUTH_CIMD_PRIVATE_HOSTS). Throws invalid_client saying what was wrong.
 */
export function fetchMetadataDocument(clientId: string, privateHosts: readonly string[]): Promise<FetchedDocument> {
  const problem = metadataUrlProblem(clientId);
  if (problem) return Promise.reject(refuse(problem));
  const url = new URL(clientId);
  const allowPrivate = privateHosts.includes(url.hostname.toLowerCase());
  const literal = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!allowPrivate && isIP(literal) !== 0 && isSpecialUseAddress(literal)) {
    return Promise.reject(
      refuse(`${url.hostname} is a private, loopback or other special-use address; the document must be public`),
    );
  }
  return new Promise((settleOk, settleError) => {
    // The whole exchange, not only an idle socket, must end within the limit: a server trickling bytes is cut off.
    const deadline = setTimeout(() => {
      reject(refuse(`${clientId} did not answer within ${METADATA_TIMEOUT_MS / 1000} s`));
      req.destroy();
    }, METADATA_TIMEOUT_MS);
    const resolve = (doc: FetchedDocument) => {
      clearTimeout(deadline);
      settleOk(doc);
    };
    const reject = (error: OAuthProtocolError) => {
      clearTimeout(deadline);
      settleError(error);
    };
    const req = request(
      url,
      {
        method: "GET",
        headers: { accept: "application/json", "user-agent": "thoughtgraph-oauth" },
        lookup: guardedLookup(allowPrivate),
        timeout: METADATA_TIMEOUT_MS,
        // A fresh connection each time: a pooled socket would skip the address check of guardedLookup.
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          const where = res.headers.location
            ? ` (a redirect to ${res.headers.location}; redirects are not followed)`
            : "";
          return reject(refuse(`${clientId} answered HTTP ${res.statusCode}${where}`));
        }
        const declared = Number(res.headers["content-length"] ?? NaN);
        if (declared > METADATA_MAX_BYTES) {
          res.destroy();
          return reject(refuse(`the document is ${declared} bytes; at most ${METADATA_MAX_BYTES} are read`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > METADATA_MAX_BYTES) {
            res.destroy();
            reject(refuse(`the document is larger than ${METADATA_MAX_BYTES} bytes`));
          } else chunks.push(chunk);
        });
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          try {
            resolve({ body: JSON.parse(text) as unknown, maxAgeSeconds: cacheSeconds(res.headers) });
          } catch {
            reject(refuse(`the document at ${clientId} is not JSON`));
          }
        });
        res.on("error", (error) => reject(refuse(`reading ${clientId} failed (${error.message})`)));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", (error) => reject(refuse(`fetching ${clientId} failed (${error.message})`)));
    req.end();
  });
}
