// The optional embedding provider path of the memory services, on both back ends. The one fake in these tests: a
// small local HTTP server that answers OpenAI-compatible /v1/embeddings requests with deterministic vectors (a bag of
// words hashed into 16 dimensions), because no real embedding model can run on this machine (issue 15).
import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseMemoryInput, type MemoryToolName } from "@/lib/contracts/thoughtmcp-memory";
import { foldedWords } from "@/lib/search/tokens";
import { decodeVector } from "@/lib/thoughtmcp/memory-embeddings";
import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { remember } from "@/server/services/memory/memories";
import { recall } from "@/server/services/memory/memory-queries";
import { forgetIndexes } from "@/server/services/memory/memory-similarity";
import { freshPgUrl } from "@/test/support/pg";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

const DIM = 16;

function vectorOf(text: string): number[] {
  const v = new Array<number>(DIM).fill(0);
  for (const w of foldedWords(text)) {
    let h = 0;
    for (const c of w) h = (h * 31 + c.charCodeAt(0)) % 9973;
    v[h % DIM]! += 1;
  }
  return v;
}

let server: http.Server;
let requests = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      requests++;
      const { input } = JSON.parse(body) as { input: string[] };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ data: input.map((t, index) => ({ index, embedding: vectorOf(t) })) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.THOUGHTGRAPH_EMBEDDING_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/embeddings`;
  process.env.THOUGHTGRAPH_EMBEDDING_MODEL = "test-model-a";
});
afterAll(async () => {
  delete process.env.THOUGHTGRAPH_EMBEDDING_URL;
  delete process.env.THOUGHTGRAPH_EMBEDDING_MODEL;
  forgetIndexes();
  await new Promise((resolve) => server.close(resolve));
});

function input<N extends MemoryToolName>(tool: N, raw: unknown) {
  const parsed = parseMemoryInput(tool, raw);
  if (!parsed.ok) throw new Error(`bad test input: ${parsed.problem.message}`);
  return parsed.value;
}

describe.each(["sqlite", "postgresql"] as const)("memory embeddings on %s", (provider) => {
  let db: Db;
  const project = `p-emb-${provider}`;

  beforeAll(async () => {
    const url = provider === "sqlite" ? freshSqliteUrl("memory-emb") : await freshPgUrl("memory_emb");
    await applyMigrations(url);
    db = createDb(url);
    await db.project.create({ data: { id: project, slug: project, name: "E" } });
  });
  afterAll(async () => {
    process.env.THOUGHTGRAPH_EMBEDDING_MODEL = "test-model-a";
    await db.$disconnect();
  });

  it("stores vectors with model and dimension, links by cosine, recalls by embedding, re-embeds after a model change", async () => {
    process.env.THOUGHTGRAPH_EMBEDDING_MODEL = "test-model-a";
    const add = (content: string) =>
      remember(db, project, input("remember", { content, userId: "u", sessionId: "s", primarySector: "semantic" }));
    const before = requests;
    const a = await add("User prefers dark mode");
    expect(requests).toBeGreaterThan(before);
    expect(a.data).toMatchObject({ embeddingsGenerated: 1, linksCreated: 0, similarity: "embedding" });
    expect(a.componentsUsed).toContain("embeddingEngine");
    const row = await db.memory.findUniqueOrThrow({ where: { id: a.data.memoryId } });
    expect(row).toMatchObject({ embeddingModel: "test-model-a", embeddingDim: DIM });
    expect([...decodeVector(row.embedding!)]).toEqual(vectorOf("User prefers dark mode"));

    const b = await add("user PREFERS dark mode");
    expect(b.data.linksCreated).toBe(1); // same words: cosine 1
    await add("release train leaves on monday");

    const r = await recall(db, project, input("recall", { userId: "u", text: "dark mode" }));
    expect(r.data.similarity).toBe("embedding");
    expect(
      r.data.memories
        .slice(0, 2)
        .map((m) => m.id)
        .sort(),
    ).toEqual([a.data.memoryId, b.data.memoryId].sort());

    // A new model: this recall counts the old vectors 0 and re-embeds them in the background.
    process.env.THOUGHTGRAPH_EMBEDDING_MODEL = "test-model-b";
    await recall(db, project, input("recall", { userId: "u", text: "dark mode" }));
    await expect
      .poll(() => db.memory.count({ where: { projectId: project, embeddingModel: "test-model-b" } }), {
        timeout: 10_000,
      })
      .toBe(3);
  });
});
