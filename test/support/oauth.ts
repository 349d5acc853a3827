// Helpers for the OAuth suites: a real https server for Client ID Metadata Documents (a self-signed certificate the
// thoughtgraph server trusts through NODE_EXTRA_CA_CERTS; CIMD is https only), an OAuthClientProvider for the MCP
// SDK client that keeps everything in memory, and the consent step done over HTTP exactly as the consent page's form
// posts it (sign in, open the authorization URL, post the decision with the page's own Origin).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import os from "node:os";
import path from "node:path";
import type { OAuthClientProvider } from "@modelcontextprotocol/client";

export interface MetadataServer {
  origin: string;
  certFile: string;
  /** How many times each path was fetched. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

type Route = (origin: string) => { status?: number; headers?: Record<string, string>; body: string; delayMs?: number };

/** An https server on 127.0.0.1 answering `routes` (path → answer built from the server's own origin). */
export async function startMetadataServer(routes: Record<string, Route>): Promise<MetadataServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-cimd-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
    ],
    { stdio: "ignore" },
  );
  const hits = new Map<string, number>();
  let origin = "";
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer(
    { key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) },
    (req: IncomingMessage, res: ServerResponse) => {
      const p = (req.url ?? "/").split("?")[0]!;
      hits.set(p, (hits.get(p) ?? 0) + 1);
      const route = routes[p];
      if (!route) {
        res.writeHead(404).end("not found");
        return;
      }
      const answer = route(origin);
      const send = () => {
        res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
        res.end(answer.body);
      };
      if (answer.delayMs) {
        const t = setTimeout(send, answer.delayMs);
        timers.add(t);
      } else send();
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `https://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    origin,
    certFile,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}

/** A client metadata document for `clientId`, served as the draft says (JSON, cacheable for an hour). */
export function clientDocument(clientId: string, redirectUris: string[], name = "SDK test client") {
  return {
    headers: { "cache-control": "max-age=3600" },
    body: JSON.stringify({
      client_id: clientId,
      client_name: name,
      redirect_uris: redirectUris,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    }),
  };
}

type Provider = OAuthClientProvider & {
  authorizationUrl: URL | null;
  savedTokens: { access_token?: string; refresh_token?: string } | undefined;
};

/** An in-memory OAuth client for the MCP SDK: CIMD when `clientMetadataUrl` is given, else it registers (DCR). */
export function memoryProvider(redirectUrl: string, clientMetadataUrl?: string): Provider {
  let client: Awaited<ReturnType<OAuthClientProvider["clientInformation"]>>;
  let tokens: Awaited<ReturnType<OAuthClientProvider["tokens"]>>;
  let verifier = "";
  const provider: Provider = {
    authorizationUrl: null,
    get savedTokens() {
      return tokens;
    },
    ...(clientMetadataUrl ? { clientMetadataUrl } : {}),
    get redirectUrl() {
      return redirectUrl;
    },
    get clientMetadata() {
      return {
        client_name: "SDK test client",
        redirect_uris: [redirectUrl],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      };
    },
    clientInformation: () => client,
    saveClientInformation: (info) => {
      client = info;
    },
    tokens: () => tokens,
    saveTokens: (t) => {
      tokens = t;
    },
    redirectToAuthorization(url) {
      provider.authorizationUrl = url;
    },
    saveCodeVerifier: (v) => {
      verifier = v;
    },
    codeVerifier: () => verifier,
  };
  return provider;
}

/** Signs in through the dashboard's own door; the session cookie. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers.get("set-cookie")?.match(/^(tg_session=[^;]+)/)?.[1];
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

export interface ConsentPage {
  /** The consent page's HTML. */
  html: string;
  /** The authorization request's parameters (the form's hidden fields). */
  params: URLSearchParams;
  /** The projects offered, by id. */
  projectIds: string[];
}

/** Follows an authorization URL to the consent page (or to wherever the server sends the browser instead). */
export async function openAuthorization(
  authorizationUrl: URL | string,
  cookie: string,
): Promise<{ location: string | null; page: ConsentPage | null }> {
  const first = await fetch(authorizationUrl, { redirect: "manual" });
  const location = first.headers.get("location");
  if (!location?.startsWith("/oauth/consent")) return { location, page: null };
  const url = new URL(location, authorizationUrl);
  const res = await fetch(url, { headers: { cookie } });
  const html = await res.text();
  const projectIds = [...html.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]!);
  return { location, page: { html, params: url.searchParams, projectIds } };
}

/** Posts the consent form as the browser would; the Location the server answers (the client's callback). */
export async function decide(
  baseUrl: string,
  page: ConsentPage,
  cookie: string,
  decision: { decision: "approve" | "deny"; projectId?: string; scope?: "read" | "write" },
  origin = baseUrl,
): Promise<{ status: number; location: string | null; text: string }> {
  const form = new URLSearchParams(page.params);
  form.set("decision", decision.decision);
  if (decision.projectId) form.set("project_id", decision.projectId);
  if (decision.scope) form.set("grant_scope", decision.scope);
  const res = await fetch(`${baseUrl}/oauth/decision`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin },
    body: form,
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}
