// Real MCP clients for the tests: the v1 SDK client most deployed agents ship, the v2 client (2025 and 2026-07-28
// protocol), the stdio bridge (`bin/thoughtgraph.js mcp`), and the official reference server over stdio. Each is
// wrapped in one small interface so the same cases run through every door.
import path from "node:path";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1Stdio } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as V1Http } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from "@modelcontextprotocol/client";
import { StdioClientTransport as V2Stdio } from "@modelcontextprotocol/client/stdio";
import { inject } from "vitest";
import { createApiKey } from "@/server/auth/api-keys";
import { createDb } from "@/server/db/client";
import { ensureDefaultProject } from "@/server/db/default-project";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BRIDGE_BIN = path.join(ROOT, "bin", "thoughtgraph.js");
export const OFFICIAL_BIN = path.join(
  ROOT,
  "node_modules/@modelcontextprotocol/server-sequential-thinking/dist/index.js",
);

export const server = () => inject("tg");

/** A new API key for one test file, so its "most recent session" lookups never see another file's sessions. */
export async function newApiKey(label: string, scope: "read" | "write" = "write"): Promise<string> {
  const db = createDb(server().databaseUrl);
  try {
    const { id } = await ensureDefaultProject(db);
    return (await createApiKey(db, id, label, undefined, scope)).key;
  } finally {
    await db.$disconnect();
  }
}

/** fetch against the shared server with a key. */
export function api(key: string, route: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("authorization")) headers.set("authorization", `Bearer ${key}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return fetch(server().url + route, { ...init, headers, body });
}

export interface ToolOutcome {
  isError: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  /** content[0].text */
  text: string;
}

export interface ListedTool {
  name: string;
  description?: string;
  inputSchema: { type: string; properties?: Record<string, Record<string, unknown>>; required?: string[] };
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

export interface McpConnection {
  label: string;
  callTool(name: string, args: Record<string, unknown>): Promise<ToolOutcome>;
  listTools(): Promise<ListedTool[]>;
  close(): Promise<void>;
  /** What the server process wrote to stderr (stdio connections only). */
  stderr(): string;
}

interface AnyClient {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  listTools(): Promise<{ tools: unknown[] }>;
  close(): Promise<void>;
}

function wrap(label: string, client: AnyClient, stderr: () => string = () => ""): McpConnection {
  return {
    label,
    async callTool(name, args) {
      const r = (await client.callTool({ name, arguments: args })) as Omit<ToolOutcome, "text">;
      return { ...r, isError: r.isError === true, text: r.content[0]?.text ?? "" };
    },
    async listTools() {
      return (await client.listTools()).tools as ListedTool[];
    },
    close: () => client.close(),
    stderr,
  };
}

const httpUrl = (endpoint = "/api/mcp", base = server().url) => new URL(endpoint, base);
const authHeaders = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

/** The v1 SDK client over Streamable HTTP (2025 protocol, stateless on our side). */
export async function v1Http(
  key: string,
  name = "v1-http-test",
  endpoint = "/api/mcp",
  base = server().url,
): Promise<McpConnection> {
  const client = new V1Client({ name, version: "1.0.0" });
  await client.connect(new V1Http(httpUrl(endpoint, base), { requestInit: authHeaders(key) }));
  return wrap("v1 client, HTTP", client);
}

/** The v2 client over Streamable HTTP: the 2025 protocol by default, the 2026-07-28 one when pinned. */
export async function v2Http(key: string, modern: boolean, name = "v2-http-test"): Promise<McpConnection> {
  const client = new V2Client(
    { name, version: "1.0.0" },
    modern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  await client.connect(new V2Http(httpUrl(), { requestInit: authHeaders(key) }));
  return wrap(modern ? "v2 client, HTTP 2026-07-28" : "v2 client, HTTP 2025", client);
}

async function v1StdioConnection(
  label: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  name: string,
): Promise<McpConnection> {
  const transport = new V1Stdio({
    command,
    args,
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stderr: "pipe",
  });
  let err = "";
  transport.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  const client = new V1Client({ name, version: "1.0.0" });
  await client.connect(transport);
  return wrap(label, client, () => err);
}

/** The stdio bridge (`thoughtgraph mcp`) spawned by the v1 client, forwarding to `url`. */
export function bridge(
  key: string | null,
  url = server().url,
  name = "stdio-test",
  extraArgs: string[] = [],
): Promise<McpConnection> {
  return v1StdioConnection(
    "v1 client, stdio bridge",
    process.execPath,
    [BRIDGE_BIN, "mcp", ...extraArgs],
    { THOUGHTGRAPH_URL: url, ...(key ? { THOUGHTGRAPH_API_KEY: key } : {}) },
    name,
  );
}

/** The stdio bridge spawned by the v2 client speaking the 2026-07-28 protocol. */
export async function bridgeModern(key: string, name = "stdio-modern-test"): Promise<McpConnection> {
  const transport = new V2Stdio({
    command: process.execPath,
    args: [BRIDGE_BIN, "mcp"],
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      THOUGHTGRAPH_URL: server().url,
      THOUGHTGRAPH_API_KEY: key,
    },
    stderr: "pipe",
  });
  let err = "";
  transport.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  const client = new V2Client({ name, version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(transport);
  return wrap("v2 client, stdio bridge 2026-07-28", client, () => err);
}

/** The official reference server (@modelcontextprotocol/server-sequential-thinking) over stdio: one history per process. */
export function official(): Promise<McpConnection> {
  return v1StdioConnection(
    "official server",
    process.execPath,
    [OFFICIAL_BIN],
    { DISABLE_THOUGHT_LOGGING: "true" },
    "side-by-side",
  );
}

/** The structuredContent of a successful call, failing the test with the error text otherwise. */
export function ok(r: ToolOutcome): Record<string, unknown> {
  if (r.isError || !r.structuredContent) throw new Error(`tool error: ${r.content.map((c) => c.text).join("\n")}`);
  return r.structuredContent;
}

export const OFFICIAL_FIELDS = [
  "thoughtNumber",
  "totalThoughts",
  "nextThoughtNeeded",
  "branches",
  "thoughtHistoryLength",
] as const;

export function officialPart(sc: Record<string, unknown>) {
  return Object.fromEntries(OFFICIAL_FIELDS.map((k) => [k, sc[k]]));
}

let counter = 0;
/** A session key unique to this test run. */
export function uniqueKey(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}
