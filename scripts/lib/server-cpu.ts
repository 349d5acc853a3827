// CPU time a server process has used, for the benchmarks' per-1,000-thoughts figures.
import { readFileSync } from "node:fs";

/** User + system CPU time of the server process (all its threads: serving, write thread, SQLite), in ms, from
 *  /proc/<pid>/stat (Linux; USER_HZ is 100 there). On this shared 2-core machine throughput swings ~2× with the
 *  load from outside, while the CPU the server spends per thought moves much less: it is the figure to compare
 *  two versions of the code by. Undefined where /proc is missing. */
export function serverCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
