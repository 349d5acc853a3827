// The embedding provider against a real HTTP server started here. The server is the one fake this suite allows: no
// real embedding model can run on this machine (no weights ship with npm, nothing may be downloaded), so it answers
// with deterministic letter-count vectors in the OpenAI-compatible and Ollama shapes. Everything else is real: fetch,
// HTTP, JSON, timeouts, status codes.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  cosineSimilarity,
  createHttpEmbeddingProvider,
  decodeVector,
  embeddingConfigFromEnv,
  type EmbeddingConfig,
  encodeVector,
  isCurrent,
} from "./memory-embeddings";

/** 26 dimensions: how often each letter a–z occurs. */
function letterVector(text: string): number[] {
  const v = new Array<number>(26).fill(0);
  for (const c of text.toLowerCase()) {
    const i = c.charCodeAt(0) - 97;
    if (i >= 0 && i < 26) v[i] = (v[i] ?? 0) + 1;
  }
  return v;
}

const requests: Array<{ path: string; headers: IncomingHttpHeaders; body: { model: string; input: string[] } }> = [];
let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      const body = JSON.parse(raw) as { model: string; input: string[] };
      const path = req.url ?? "";
      requests.push({ path, headers: req.headers, body });
      res.setHeader("content-type", "application/json");
      if (path === "/v1/embeddings") {
        // Answer in reverse order: the client must put vectors back by `index`.
        const data = body.input.map((text, index) => ({ object: "embedding", index, embedding: letterVector(text) }));
        res.end(JSON.stringify({ object: "list", model: body.model, data: data.reverse() }));
      } else if (path === "/api/embed") {
        res.end(JSON.stringify({ model: body.model, embeddings: body.input.map(letterVector) }));
      } else if (path === "/short/v1/embeddings") {
        res.end(JSON.stringify({ data: [{ index: 0, embedding: [1] }] }));
      } else if (path === "/garbled/api/embed") {
        res.end(JSON.stringify({ embeddings: [["x"]] }));
      } else if (path === "/slow/api/embed") {
        setTimeout(() => res.end(JSON.stringify({ embeddings: [] })), 2_000);
      } else {
        res.statusCode = 503;
        res.end(JSON.stringify({ error: "model not loaded" }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function config(path: string, extra: Partial<EmbeddingConfig> = {}): EmbeddingConfig {
  const result = embeddingConfigFromEnv({
    THOUGHTGRAPH_EMBEDDING_URL: base + path,
    THOUGHTGRAPH_EMBEDDING_MODEL: "test-model",
  });
  if (!result.ok || !result.config) throw new Error("config");
  return { ...result.config, ...extra };
}

describe("createHttpEmbeddingProvider", () => {
  it("embeds through an OpenAI-compatible endpoint, in input order, in batches, with the key", async () => {
    requests.length = 0;
    const provider = createHttpEmbeddingProvider(config("/v1/embeddings", { batchSize: 2, apiKey: "k-123" }));
    const vectors = await provider.embed(["abc", "zz", "a"]);
    expect(vectors).toEqual([letterVector("abc"), letterVector("zz"), letterVector("a")]);
    expect(requests.map((r) => r.body)).toEqual([
      { model: "test-model", input: ["abc", "zz"] },
      { model: "test-model", input: ["a"] },
    ]);
    expect(requests[0]?.headers.authorization).toBe("Bearer k-123");
  });

  it("embeds through Ollama's /api/embed, without an authorization header when no key is set", async () => {
    requests.length = 0;
    const provider = createHttpEmbeddingProvider(config("/api/embed"));
    expect(await provider.embed(["dark mode"])).toEqual([letterVector("dark mode")]);
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it("fails with a clear error on HTTP errors, wrong counts, malformed answers and timeouts", async () => {
    await expect(createHttpEmbeddingProvider(config("/down/v1/embeddings")).embed(["a"])).rejects.toThrow(
      /HTTP 503: .*model not loaded/,
    );
    await expect(createHttpEmbeddingProvider(config("/short/v1/embeddings")).embed(["a", "b"])).rejects.toThrow(
      "returned 1 vectors for 2 texts",
    );
    await expect(createHttpEmbeddingProvider(config("/garbled/api/embed")).embed(["a"])).rejects.toThrow(
      "no embeddings array",
    );
    await expect(
      createHttpEmbeddingProvider(config("/slow/api/embed", { timeoutMs: 100 })).embed(["a"]),
    ).rejects.toThrow("did not answer");
  });

  it("ranks by cosine: similar texts score higher than unrelated ones", async () => {
    const provider = createHttpEmbeddingProvider(config("/api/embed"));
    const [query, near, far] = await provider.embed(["dark mode", "dark modes", "xyz"]);
    expect(cosineSimilarity(query ?? [], near ?? [])).toBeGreaterThan(cosineSimilarity(query ?? [], far ?? []));
  });
});

describe("embeddingConfigFromEnv", () => {
  it("is off without a URL and tells the API from the path or _API", () => {
    expect(embeddingConfigFromEnv({})).toEqual({ ok: true, config: undefined });
    const ollama = embeddingConfigFromEnv({
      THOUGHTGRAPH_EMBEDDING_URL: "http://localhost:11434/api/embed",
      THOUGHTGRAPH_EMBEDDING_MODEL: "nomic-embed-text",
    });
    expect(ollama.ok && ollama.config?.api).toBe("ollama");
    const forced = embeddingConfigFromEnv({
      THOUGHTGRAPH_EMBEDDING_URL: "http://localhost:11434/api/embed",
      THOUGHTGRAPH_EMBEDDING_MODEL: "m",
      THOUGHTGRAPH_EMBEDDING_API: "OpenAI",
    });
    expect(forced.ok && forced.config?.api).toBe("openai");
  });

  it("names the variable that is wrong", () => {
    expect(embeddingConfigFromEnv({ THOUGHTGRAPH_EMBEDDING_URL: "http://x/v1/embeddings" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("THOUGHTGRAPH_EMBEDDING_MODEL") as string,
    });
    expect(
      embeddingConfigFromEnv({ THOUGHTGRAPH_EMBEDDING_URL: "nope", THOUGHTGRAPH_EMBEDDING_MODEL: "m" }),
    ).toMatchObject({ ok: false, message: expect.stringContaining("is not a URL") as string });
    expect(
      embeddingConfigFromEnv({ THOUGHTGRAPH_EMBEDDING_URL: "file:///x", THOUGHTGRAPH_EMBEDDING_MODEL: "m" }),
    ).toMatchObject({ ok: false });
    expect(
      embeddingConfigFromEnv({
        THOUGHTGRAPH_EMBEDDING_URL: "http://x",
        THOUGHTGRAPH_EMBEDDING_MODEL: "m",
        THOUGHTGRAPH_EMBEDDING_API: "cohere",
      }),
    ).toMatchObject({ ok: false, message: expect.stringContaining("openai or ollama") as string });
  });
});

describe("vectors", () => {
  it("cosine: 1 for the same direction, 0 for orthogonal or zero vectors, −1 for opposite", () => {
    expect(cosineSimilarity([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 0], [0, 5])).toBe(0);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(cosineSimilarity([1, 1], [-1, -1])).toBeCloseTo(-1, 12);
    // (1·4 + 2·5 + 3·6) / (√14 · √77) = 32 / 32.8329 = 0.974632
    expect(cosineSimilarity([1, 2, 3], [4, 5, 6])).toBeCloseTo(0.974632, 6);
    expect(() => cosineSimilarity([1], [1, 2])).toThrow("1 and 2 dimensions");
  });

  it("round-trips through float32 bytes and knows when a model changed", () => {
    const bytes = encodeVector([0.5, -1.25, 3]);
    expect(bytes.byteLength).toBe(12);
    expect([...decodeVector(bytes)]).toEqual([0.5, -1.25, 3]);
    expect(() => decodeVector(new Uint8Array(5))).toThrow("not 4·n");
    expect(isCurrent({ model: "a", dimension: 768 }, "a", 768)).toBe(true);
    expect(isCurrent({ model: "a", dimension: 768 }, "b")).toBe(false);
    expect(isCurrent({ model: "a", dimension: 768 }, "a", 1024)).toBe(false);
  });
});
