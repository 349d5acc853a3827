// CPU time a server process has used, for the benchmarks' per-1,000-thoughts figures.
import { readdirSync, readFileSync } from "node:fs";

/** User + system CPU time in ms from a /proc stat line (Linux; USER_HZ is 100 there). */
function statCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** User + system CPU time of the server process (all its threads: serving, write thread, SQLite), in ms, from
 *  /proc/<pid>/stat. On this shared 2-core machine throughput swings ~2× with the
 *  load from outside, while the CPU the server spends per thought moves much less: it is the figure to compare
 *  two versions of the code by. Undefined where /proc is missing. */
export function serverCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    return statCpuMs(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return undefined;
  }
}

/** CPU time in ms of each thread of the server process, by thread id (the serving thread's is the pid); undefined
 *  where /proc is missing. */
export function serverThreadsCpuMs(pid: number | undefined): Map<number, number> | undefined {
  if (pid === undefined) return undefined;
  try {
    const threads = new Map<number, number>();
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        threads.set(Number(tid), statCpuMs(readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8")));
      } catch {
        // The thread ended meanwhile.
      }
    }
    return threads;
  } catch {
    return undefined;
  }
}

/**
 * A run's CPU split by thread, in ms: the serving thread (tid = pid), the write thread, and the rest (V8's helper
 * threads, which mark and sweep concurrently, and the WAL checkpointer). Node does not name its threads, so the write
 * thread is taken to be the other thread that used the most CPU during the run: in bench:ingest's scenarios it
 * is, by far (single POSTs, 5 s: the write thread 570 ms, each of V8's helpers 70–130 ms).
 */
export function threadSplit(
  pid: number,
  before: Map<number, number>,
  after: Map<number, number>,
): { serving: number; write: number; other: number } {
  const delta = (tid: number) => (after.get(tid) ?? 0) - (before.get(tid) ?? 0);
  let total = 0;
  let write = 0;
  for (const tid of new Set([...before.keys(), ...after.keys()])) {
    total += delta(tid);
    if (tid !== pid) write = Math.max(write, delta(tid));
  }
  const serving = delta(pid);
  return { serving, write, other: total - serving - write };
}
