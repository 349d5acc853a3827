// The optional embedding provider path of the memory services, on both back ends. The one fake in these tests: a
// small local HTTP server that answers OpenAI-compatible /v1/embeddings requests with deterministic vectors (a bag of
// words hashed into 16 dimensions), because no real embedding model can run on this machine. The model
// named in a request picks the server's behaviour: BROKEN always answers 500, FLAKY answers 500 once `flakyBudget`
// requests have been answered.
import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseMemoryInput, type MemoryToolName } from "@/lib/contracts/thoughtmcp-memory";
import { foldedWords } from "@/lib/search/tokens";
import { decodeVector } from "@/lib/thoughtmcp/memory-embeddings";
import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { reloadConfig } from "@/server/config";
import { remember } from "@/server/services/memory/memories";
import { recall } from "@/server/services/memory/memory-queries";
import { forgetIndexes, REEMBED_BATCH, scheduleReembed } from "@/server/services/memory/memory-similarity";
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

const BROKEN = "broken-model";
const FLAKY = "flaky-model";

let server: http.Server;
let requests = 0;
let flakyBudget = Infinity;
/** Per model: the size of every request, and the texts answered with vectors. */
const batches = new Map<string, number[]>();
const embedded = new Map<string, string[]>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      requests++;
      const { input, model } = JSON.parse(body) as { input: string[]; model: string };
      batches.set(model, [...(batches.get(model) ?? []), input.length]);
      if (model === FLAKY) flakyBudget--;
      if (model === BROKEN || (model === FLAKY && flakyBudget < 0)) {
        res.statusCode = 500;
        res.end("model unavailable");
        return;
      }
      embedded.set(model, [...(embedded.get(model) ?? []), ...input]);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ data: input.map((t, index) => ({ index, embedding: vectorOf(t) })) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.THOUGHTGRAPH_EMBEDDING_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/embeddings`;
  process.env.THOUGHTGRAPH_EMBEDDING_MODEL = "test-model-a";
  reloadConfig(); // the configuration is read once: read the changed variable
});
afterAll(async () => {
  delete process.env.THOUGHTGRAPH_EMBEDDING_URL;
  delete process.env.THOUGHTGRAPH_EMBEDDING_MODEL;
  reloadConfig(); // the configuration is read once: read the changed variable
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
    reloadConfig(); // the configuration is read once: read the changed variable
    await db.$disconnect();
  });

  it("stores vectors with model and dimension, links by cosine, recalls by embedding, re-embeds after a model change", async () => {
    process.env.THOUGHTGRAPH_EMBEDDING_MODEL = "test-model-a";
    reloadConfig(); // the configuration is read once: read the changed variable
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

    // A memory remembered after a recall (the user's vectors are cached by then) is found by the next one.
    const c = await add("dark mode everywhere please");
    const again = await recall(db, project, input("recall", { userId: "u", text: "dark mode everywhere" }));
    expect(again.data.memories[0]?.id).toBe(c.data.memoryId);

    // A new model: this recall counts the old vectors 0 and re-embeds them in the background.
    process.env.THOUGHTGRAPH_EMBEDDING_MODEL = "test-model-b";
    reloadConfig(); // the configuration is read once: read the changed variable
    await recall(db, project, input("recall", { userId: "u", text: "dark mode" }));
    await expect
      .poll(() => db.memory.count({ where: { projectId: project, embeddingModel: "test-model-b" } }), {
        timeout: 10_000,
      })
      .toBe(4);
  });

  it("falls back to lexical similarity, saying so, when the provider fails; the memory gets its vector later", async () => {
    process.env.THOUGHTGRAPH_EMBEDDING_MODEL = BROKEN;
    reloadConfig(); // the configuration is read once: read the changed variable
    const scope = { userId: "u-broken", sessionId: "s" };
    const first = await remember(
      db,
      project,
      input("remember", { ...scope, content: "The user prefers dark mode in the editor", primarySector: "semantic" }),
    );
    const second = await remember(
      db,
      project,
      input("remember", { ...scope, content: "User prefers dark mode in every editor", primarySector: "semantic" }),
    );
    expect(second.data).toMatchObject({ embeddingsGenerated: 0, similarity: "lexical" });
    expect(second.componentsUsed).toEqual([
      "memoryRepository",
      "embeddingUnavailable",
      "lexicalSimilarity",
      "waypointGraph",
    ]);
    const row = await db.memory.findUniqueOrThrow({ where: { id: first.data.memoryId } });
    expect(row).toMatchObject({ embeddingModel: null, embeddingDim: null, embedding: null });

    const r = await recall(db, project, input("recall", { userId: "u-broken", text: "dark mode editor" }));
    expect(r.data.similarity).toBe("lexical");
    expect(r.componentsUsed).toEqual([
      "memoryRepository",
      "embeddingUnavailable",
      "lexicalSimilarity",
      "waypointGraph",
    ]);
    expect(r.data.memories.map((m) => m.id).sort()).toEqual([first.data.memoryId, second.data.memoryId].sort());

    // The provider is back (another model here): the background run gives both their vectors.
    process.env.THOUGHTGRAPH_EMBEDDING_MODEL = "test-model-c";
    reloadConfig(); // the configuration is read once: read the changed variable
    expect(await scheduleReembed(db, { force: true })).toBeGreaterThanOrEqual(2);
    const rows = await db.memory.findMany({ where: { projectId: project, userId: "u-broken" } });
    expect(rows.map((m) => m.embeddingModel)).toEqual(["test-model-c", "test-model-c"]);
  });

  it("re-embeds in bounded batches and resumes where a failed run stopped", async () => {
    const other = `${project}-bulk`;
    await db.project.create({ data: { id: other, slug: other, name: "Bulk" } });
    const n = 150;
    await db.memory.createMany({
      data: Array.from({ length: n }, (_, i) => ({
        id: `mem-bulk-${provider}-${String(i).padStart(4, "0")}`,
        projectId: other,
        userId: "bulk",
        sessionId: "s",
        content: `bulk memory number ${i} about topic ${i % 7}`,
        primarySector: "semantic",
        salience: 0.5,
        importance: 0.5,
        metadata: {},
      })),
    });
    const live = await db.memory.count({ where: { deletedAt: null } });
    process.env.THOUGHTGRAPH_EMBEDDING_MODEL = FLAKY;
    reloadConfig(); // the configuration is read once: read the changed variable
    batches.delete(FLAKY);
    embedded.delete(FLAKY);
    // One batch answered, then the provider is down: the run stops with that batch stored.
    flakyBudget = 1;
    expect(await scheduleReembed(db, { force: true })).toBe(-1);
    const done = await db.memory.count({ where: { embeddingModel: FLAKY } });
    expect(done).toBe(REEMBED_BATCH);

    flakyBudget = Infinity;
    expect(await scheduleReembed(db, { force: true })).toBe(live - done);
    expect(await db.memory.count({ where: { deletedAt: null, embeddingModel: FLAKY } })).toBe(live);
    // Bounded batches, and nothing embedded twice: the second run started after the first one's last stored row.
    expect(Math.max(...batches.get(FLAKY)!)).toBeLessThanOrEqual(REEMBED_BATCH);
    expect(embedded.get(FLAKY)!.length).toBe(live);
    expect(new Set(embedded.get(FLAKY)).size).toBe(embedded.get(FLAKY)!.length);
  });
});
