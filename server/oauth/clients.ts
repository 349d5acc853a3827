// OAuth clients: found by client_id, in the MCP specification's order. A client_id that is an https URL is a Client
// ID Metadata Document, fetched and kept for its cache lifetime; any other is a Dynamic Client Registration (RFC 7591)
// made here, within limits (./registration-limits.ts). Either kind can be turned off (THOUGHTGRAPH_OAUTH_CIMD=0,
// THOUGHTGRAPH_OAUTH_DCR=0).
import "@/server/server-only";
import { firstProblem } from "@/lib/contracts/errors";
import { ZClientMetadata, type ClientMetadata } from "@/lib/contracts/oauth";
import type { Db } from "@/server/db/client";
import type { OAuthSettings } from "@/server/config";
import { fetchMetadataDocument, metadataUrlProblem } from "./metadata-fetch";
import { OAuthProtocolError } from "./oauth-error";
import { admitRegistration, pruneUnusedClients, unusedClientExpired } from "./registration-limits";
import { CLIENT_ID_PREFIX, newSecret } from "./secrets";

export interface OAuthClientInfo {
  id: string;
  kind: "dcr" | "cimd";
  name: string;
  redirectUris: string[];
  clientUri: string | null;
  logoUri: string | null;
}

const PUBLIC_CLIENT_METHODS = new Set(["none"]);
const SECRET_METHODS = new Set(["client_secret_basic", "client_secret_post", "client_secret_jwt"]);

function info(row: {
  id: string;
  kind: string;
  name: string;
  redirectUris: unknown;
  metadata: unknown;
}): OAuthClientInfo {
  const metadata = (row.metadata ?? {}) as Partial<ClientMetadata>;
  return {
    id: row.id,
    kind: row.kind === "cimd" ? "cimd" : "dcr",
    name: row.name,
    redirectUris: Array.isArray(row.redirectUris) ? (row.redirectUris as string[]) : [],
    clientUri: metadata.client_uri ?? null,
    logoUri: metadata.logo_uri ?? null,
  };
}

const isUrlClientId = (clientId: string) => /^https?:\/\//i.test(clientId);

/** The client named by `clientId`, fetching its metadata document when it is a URL. Throws invalid_client. */
export async function findClient(db: Db, clientId: string, settings: OAuthSettings): Promise<OAuthClientInfo> {
  if (isUrlClientId(clientId)) {
    if (!settings.cimd) {
      throw new OAuthProtocolError(
        "invalid_client",
        "client_id: this server does not accept Client ID Metadata Documents (turned off by its admin); register " +
          "the client with Dynamic Client Registration instead.",
      );
    }
    return cimdClient(db, clientId, settings);
  }
  const row = await db.oAuthClient.findUnique({
    where: { id: clientId },
    include: { _count: { select: { grants: true } } },
  });
  if (!row || row.kind !== "dcr" || unusedClientExpired(row.createdAt, row._count.grants)) {
    throw new OAuthProtocolError(
      "invalid_client",
      `client_id "${clientId}" is not registered here (a registration nobody approves expires after a day); ` +
        "register it first.",
    );
  }
  if (!settings.dcr) {
    throw new OAuthProtocolError(
      "invalid_client",
      "client_id: clients registered through Dynamic Client Registration are turned off on this server.",
    );
  }
  return info(row);
}

async function cimdClient(db: Db, clientId: string, settings: OAuthSettings): Promise<OAuthClientInfo> {
  const problem = metadataUrlProblem(clientId);
  if (problem) throw new OAuthProtocolError("invalid_client", `client_id: ${problem}.`);
  const cached = await db.oAuthClient.findUnique({ where: { id: clientId } });
  if (cached && cached.kind === "cimd" && cached.expiresAt && cached.expiresAt.getTime() > Date.now()) {
    return info(cached);
  }
  const fetched = await fetchMetadataDocument(clientId, settings.cimdPrivateHosts);
  const metadata = parseMetadata(fetched.body, "client_id metadata document");
  const documentId = (fetched.body as { client_id?: unknown }).client_id;
  if (documentId !== clientId) {
    throw new OAuthProtocolError(
      "invalid_client",
      `client_id metadata document: its client_id (${JSON.stringify(documentId)}) must be exactly its own URL, ${clientId}.`,
    );
  }
  if (!metadata.client_name) {
    throw new OAuthProtocolError("invalid_client", "client_id metadata document: client_name is required.");
  }
  const method = metadata.token_endpoint_auth_method;
  if (method !== undefined && !PUBLIC_CLIENT_METHODS.has(method)) {
    throw new OAuthProtocolError(
      "invalid_client",
      `client_id metadata document: token_endpoint_auth_method "${method}" is not supported; public clients use "none".`,
    );
  }
  const now = new Date();
  const data = {
    kind: "cimd",
    name: metadata.client_name,
    redirectUris: metadata.redirect_uris,
    metadata: metadata as object,
    fetchedAt: now,
    expiresAt: new Date(now.getTime() + fetched.maxAgeSeconds * 1000),
  };
  const row = await db.oAuthClient.upsert({ where: { id: clientId }, create: { id: clientId, ...data }, update: data });
  return info(row);
}

function parseMetadata(body: unknown, what: string): ClientMetadata {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new OAuthProtocolError("invalid_client_metadata", `${what}: must be a JSON object.`);
  }
  const parsed = ZClientMetadata.safeParse(body);
  if (!parsed.success) {
    const p = firstProblem(parsed.error);
    const code = p.field.startsWith("redirect_uris") ? "invalid_redirect_uri" : "invalid_client_metadata";
    throw new OAuthProtocolError(code, `${what}: ${p.message}`);
  }
  const grants = parsed.data.grant_types;
  if (grants && !grants.includes("authorization_code")) {
    throw new OAuthProtocolError("invalid_client_metadata", `${what}: grant_types must include authorization_code.`);
  }
  return parsed.data;
}

/** The client information answered to a registration (RFC 7591 §3.2.1). */
export interface RegisteredClient {
  client_id: string;
  client_id_issued_at: number;
  client_name?: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: "none";
  client_uri?: string;
  logo_uri?: string;
}

/**
 * Dynamic Client Registration: every client is public (no secret; PKCE protects its codes), whatever method it asked
 * for, and is told so in the answer, which RFC 7591 §3.2.1 allows. `from`: the key of the address it came from
 * (server/http/client-address.ts, limitKeyOf), which the per-address limit counts by.
 */
export async function registerClient(
  db: Db,
  body: unknown,
  settings: OAuthSettings,
  from: string,
): Promise<RegisteredClient> {
  if (!settings.dcr) {
    throw new OAuthProtocolError(
      "invalid_request",
      "Dynamic Client Registration is turned off on this server; use a Client ID Metadata Document (an https client_id).",
      404,
    );
  }
  const metadata = parseMetadata(body, "registration");
  const asked = metadata.token_endpoint_auth_method;
  if (asked !== undefined && !PUBLIC_CLIENT_METHODS.has(asked) && !SECRET_METHODS.has(asked)) {
    throw new OAuthProtocolError(
      "invalid_client_metadata",
      `token_endpoint_auth_method "${asked}" is not supported; this server registers public clients ("none").`,
    );
  }
  const id = CLIENT_ID_PREFIX + newSecret("").slice(0, 24);
  const name = metadata.client_name ?? "Unnamed client";
  const stored = { ...metadata, token_endpoint_auth_method: "none" };
  await pruneUnusedClients(db);
  const row = await db.oAuthClient.create({
    data: { id, kind: "dcr", name, redirectUris: metadata.redirect_uris, metadata: stored, registeredFrom: from },
  });
  await admitRegistration(db, row.id, from, settings);
  return {
    client_id: row.id,
    client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
    ...(metadata.client_name ? { client_name: metadata.client_name } : {}),
    redirect_uris: metadata.redirect_uris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    ...(metadata.client_uri ? { client_uri: metadata.client_uri } : {}),
    ...(metadata.logo_uri ? { logo_uri: metadata.logo_uri } : {}),
  };
}
