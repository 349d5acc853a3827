// How the rest of the server reaches this process's judge worker without importing it: the worker registers itself on
// globalThis (the production server loads services twice, through tsx for the fast path and in Next's bundle, and
// both must reach the one worker scripts/start.ts started). With no worker running (tests, CLI), waking is a no-op
// and the jobs wait in the table for a process that runs one.
import "@/server/server-only";

export interface WorkerSignal {
  /** A run was cancelled: cut off its calls in flight here. */
  cancelledRun?: string;
}

interface Slot {
  wake: ((signal?: WorkerSignal) => void) | null;
}

const SLOT = Symbol.for("thoughtgraph.judgeWorker");
const slot: Slot = ((globalThis as { [SLOT]?: Slot })[SLOT] ??= { wake: null });

export function registerJudgeWorker(wake: ((signal?: WorkerSignal) => void) | null): void {
  slot.wake = wake;
}

/** Tells this process's worker to look for jobs now instead of at its next poll. */
export function wakeJudgeWorker(signal?: WorkerSignal): void {
  slot.wake?.(signal);
}
