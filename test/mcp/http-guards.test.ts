// /api/mcp's gate: an API key is required (401 with a bare `WWW-Authenticate: Bearer` and no OAuth metadata), and
// Host and Origin are checked against allowlists (403) — the DNS-rebinding protection the MCP spec requires.
// Requests without an Origin (every non-browser client) pass; answers may stream as SSE through the custom server.
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { newApiKey, server } from "./support";

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw-http-test", version: "1" } },
};

let key: string;
beforeAll(async () => {
  key = await newApiKey("http guards");
});

function post(headers: Record<string, string>, body: unknown = INITIALIZE) {
  return fetch(`${server().url}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
}

function rawPost(headers: Record<string, string>, body: unknown): Promise<{ status: number; body: string }> {
  const url = new URL("/api/mcp", server().url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

describe("authentication", () => {
  it("answers 401 with a Bearer challenge naming the resource metadata and scope without a key", async () => {
    const res = await post({});
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(
      /^Bearer error="invalid_token", error_description="No credential was sent\.", scope="read write", resource_metadata="http:\/\/[^"]+\/\.well-known\/oauth-protected-resource\/api\/mcp"$/,
    );
    const body = (await res.json()) as { error: { message: string; data: { code: string; suggestion: string } } };
    expect(body.error.message).toBe("A valid API key or OAuth access token is required.");
    expect(body.error.data.code).toBe("unauthorized");
    expect(body.error.data.suggestion).toContain("Authorization: Bearer");
  });

  it("answers 401 for an unknown key", async () => {
    const res = await post({ authorization: "Bearer tg_not_a_real_key_000000000000000" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(
      /^Bearer error="invalid_token", error_description="The API key is not valid\."/,
    );
  });

  it("serves the OAuth discovery documents mcp-remote looks for after a 401, in JSON", async () => {
    for (const path of [
      "/.well-known/oauth-protected-resource",
      "/.well-known/oauth-protected-resource/api/mcp",
      "/.well-known/oauth-authorization-server",
    ]) {
      const res = await fetch(server().url + path, { headers: { "mcp-protocol-version": "2025-06-18" } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(/application\/json/);
    }
    // An issuer with a path is not what this server has: a JSON 404, not an HTML page.
    const res = await fetch(server().url + "/.well-known/oauth-authorization-server/api/mcp");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
  });

  it("answers PUT and PATCH with a JSON 405 naming the allowed methods", async () => {
    for (const method of ["PUT", "PATCH"]) {
      const res = await fetch(`${server().url}/api/mcp`, { method, headers: { authorization: `Bearer ${key}` } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, POST, DELETE");
      const body = (await res.json()) as { error: { code: string } };
      expect(body.error.code).toBe("method_not_allowed");
    }
  });

  it("accepts the key as x-api-key too", async () => {
    const res = await post({ "x-api-key": key });
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });
});

describe("Host and Origin", () => {
  it("answers 403 JSON for a foreign Origin", async () => {
    const res = await post({ authorization: `Bearer ${key}`, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as { error: { message: string; data: { code: string; suggestion: string } } };
    expect(body.error.message).toContain("evil.example");
    expect(body.error.data).toMatchObject({ code: "forbidden" });
    expect(body.error.data.suggestion).toContain("THOUGHTGRAPH_ALLOWED_ORIGINS");
  });

  it("answers 403 for the opaque `null` origin", async () => {
    const res = await post({ authorization: `Bearer ${key}`, origin: "null" });
    expect(res.status).toBe(403);
  });

  it("answers 403 JSON for a foreign Host (DNS rebinding), before looking at the key", async () => {
    const port = new URL(server().url).port;
    const variants: Record<string, string>[] = [{ authorization: `Bearer ${key}` }, {}];
    for (const headers of variants) {
      // fetch() will not send a Host of our choosing; node:http does, as a rebinding attacker's browser would.
      const res = await rawPost({ ...headers, host: `rebound.example:${port}` }, INITIALIZE);
      expect(res.status).toBe(403);
      const body = JSON.parse(res.body) as { error: { data: { code: string; suggestion: string } } };
      expect(body.error.data.code).toBe("forbidden");
      expect(body.error.data.suggestion).toContain("THOUGHTGRAPH_ALLOWED_HOSTS");
    }
  });

  it("allows a localhost Origin on any port, and no Origin at all", async () => {
    for (const origin of ["http://localhost:5173", "http://127.0.0.1:3000", null]) {
      const res = await post({ authorization: `Bearer ${key}`, ...(origin ? { origin } : {}) });
      expect(res.status, String(origin)).toBe(200);
      await res.body?.cancel();
    }
  });
});

describe("streaming through the production server", () => {
  it("streams a 2025-protocol answer as Server-Sent Events", async () => {
    const res = await post(
      { authorization: `Bearer ${key}` },
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: {
          name: "sequentialthinking",
          arguments: { thought: "raw", thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false },
        },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const text = await res.text();
    const data = text
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .map((l) => JSON.parse(l.slice(5)) as { id: number; result: { structuredContent: Record<string, unknown> } });
    expect(data.find((m) => m.id === 2)?.result.structuredContent).toMatchObject({
      thoughtNumber: 1,
      totalThoughts: 1,
      nextThoughtNeeded: false,
      thoughtHistoryLength: 1,
    });
  });

  it("answers GET (the 2025 standalone stream) with 405 in stateless mode, not a hang", async () => {
    const res = await fetch(`${server().url}/api/mcp`, {
      headers: { authorization: `Bearer ${key}`, accept: "text/event-stream" },
    });
    expect(res.status).toBe(405);
    await res.body?.cancel();
  });
});
