// `npm run bench:embeddings`: where recall with embedding similarity (cosine in JavaScript over every live memory of
// the user) stops being fast, beside lexical recall over the same memories.
//
// At each size in BENCH_SIZES (default 1,000, 10,000, 50,000, 100,000 memories of one user, in one SQLite file grown
// from one size to the next):
//   recall_embedding  ThoughtMCP recall with text through the service, THOUGHTGRAPH_EMBEDDING_* set: one provider
//                     request for the query's vector, every live vector read (768 float32 = 3 KiB each) and compared
//   cosine_only       the same comparison over vectors already in memory (Float32Array): the arithmetic alone
//   recall_lexical    the same recall without a provider: the cached per-user TF-IDF index (the default)
// p50/p99 in ms over BENCH_QUERIES queries (default 30; p99 of 30 is the slowest but one), after 3 warm-up queries.
// The provider is a local HTTP server in this process answering OpenAI-compatible /v1/embeddings requests with
// deterministic 768-dimension vectors: no model can run here, and the model's own time is not what is measured.
// Each line carries the 1-minute load average when it started: compare lines of one run only.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { rng } from "@/e2e/support/generate";
import { round, timeQueries } from "./lib/bench-timing";

const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,50000,100000").split(",").map(Number);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 30);
const DIM = Number(process.env.BENCH_DIM ?? 768);
const MODEL = `bench-${DIM}`;
const VOCABULARY = 5_000;

const words = Array.from({ length: VOCABULARY }, (_, i) => `w${i.toString(36)}x`);

/** A deterministic unit-free vector of a text: the same text always gives the same vector. */
function vectorOf(text: string): number[] {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  const random = rng(h >>> 0);
  return Array.from({ length: DIM }, () => random() * 2 - 1);
}

async function measure(name: string, size: number, queries: string[], run: (q: string) => unknown) {
  const timing = await timeQueries(queries, 3, run);
  console.log(JSON.stringify({ measure: name, memories: size, dim: DIM, ...timing }));
}

async function main() {
  console.error(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}`);
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const { input } = JSON.parse(body) as { input: string[] };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ data: input.map((t, index) => ({ index, embedding: vectorOf(t) })) }));
    });
  });
  // Longer than the pauses between requests (a size's inserts), so fetch's kept-alive socket is still open.
  server.keepAliveTimeout = 600_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const providerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/embeddings`;

  const { applyMigrations } = await import("@/server/db/migrations");
  const { createDb } = await import("@/server/db/client");
  const { recall } = await import("@/server/services/memory/memory-queries");
  const { forgetIndexes } = await import("@/server/services/memory/memory-similarity");
  const { parseMemoryInput } = await import("@/lib/contracts/thoughtmcp-memory");
  const { cosineSimilarity, encodeVector } = await import("@/lib/thoughtmcp/memory-embeddings");
  const recallInput = (text: string) => {
    const parsed = parseMemoryInput("recall", { userId: "bench-user", text, limit: 10 });
    if (!parsed.ok) throw new Error(parsed.problem.message);
    return parsed.value;
  };

  const dir = mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-bench-embeddings-"));
  try {
    const url = `file:${path.join(dir, "bench.db")}`;
    await applyMigrations(url);
    const db = createDb(url);
    const project = "p-bench";
    await db.project.create({ data: { id: project, slug: project, name: "Bench" } });
    const random = rng(42);
    const text = () => Array.from({ length: 15 }, () => words[Math.floor(random() ** 3 * VOCABULARY)]!).join(" ");
    const vectors: Float32Array[] = [];
    const now = Date.now();
    for (const size of SIZES) {
      const loadStart = performance.now();
      const from = vectors.length;
      for (let start = from; start < size; start += 1_000) {
        const data = Array.from({ length: Math.min(1_000, size - start) }, (_, i) => {
          const content = text();
          const v = vectorOf(content);
          vectors.push(Float32Array.from(v));
          return {
            id: `mem-bench-${String(start + i).padStart(7, "0")}`,
            projectId: project,
            userId: "bench-user",
            sessionId: "bench",
            content,
            primarySector: "semantic",
            salience: random(),
            importance: 0.5,
            metadata: {},
            embeddingModel: MODEL,
            embeddingDim: DIM,
            embedding: encodeVector(v) as Uint8Array<ArrayBuffer>,
            createdAt: new Date(now - random() * 400 * 86_400_000),
          };
        });
        await db.memory.createMany({ data });
      }
      console.error(
        `${size - from} memories inserted (${size} in all) in ${round((performance.now() - loadStart) / 1000)} s`,
      );
      const queries = Array.from({ length: QUERIES }, () => text().split(" ").slice(0, 3).join(" "));

      process.env.THOUGHTGRAPH_EMBEDDING_URL = providerUrl;
      process.env.THOUGHTGRAPH_EMBEDDING_MODEL = MODEL;
      forgetIndexes();
      await measure("recall_embedding", size, queries, (q) => recall(db, project, recallInput(q)));
      await measure("cosine_only", size, queries, (q) => {
        const query = vectorOf(q);
        let best = -1;
        for (const v of vectors) best = Math.max(best, cosineSimilarity(query, v));
        return best;
      });
      delete process.env.THOUGHTGRAPH_EMBEDDING_URL;
      delete process.env.THOUGHTGRAPH_EMBEDDING_MODEL;
      forgetIndexes();
      await measure("recall_lexical", size, queries, (q) => recall(db, project, recallInput(q)));
    }
    await db.$disconnect();
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
