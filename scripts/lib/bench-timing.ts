// Query timing the query benches share (bench:search, bench:embeddings): warm-up runs, then one timed run per query,
// reported as p50/p99 in ms with the 1-minute load average, since raw times on these shared machines swing ~2×.
import os from "node:os";

export const round = (x: number) => Math.round(x * 100) / 100;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

export async function timeQueries(queries: string[], warmUp: number, run: (q: string) => unknown) {
  const load = round(os.loadavg()[0] ?? 0);
  for (const q of queries.slice(0, warmUp)) await run(q);
  const times: number[] = [];
  for (const q of queries) {
    const start = performance.now();
    await run(q);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    p50_ms: round(percentile(times, 50)),
    p99_ms: round(percentile(times, 99)),
    queries: times.length,
    load,
  };
}
