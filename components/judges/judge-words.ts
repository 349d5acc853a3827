// How the judges' pages put numbers and states in words.
import type { RunKind, RunStatus } from "@/lib/contracts/judges";
import { formatCount } from "@/lib/words/count-of";

/** US dollars: "$0.0042", "$12.30"; "cost unknown" without the connection's prices. */
export function formatCost(usd: number | null): string {
  if (usd === null) return "cost unknown";
  if (usd === 0) return "$0";
  return usd < 1 ? `$${usd.toPrecision(2)}` : `$${usd.toFixed(2)}`;
}

export const formatTokens = (n: number) => `${formatCount(n)} tokens`;

export const RUN_KIND_WORDS: Record<RunKind, string> = {
  session: "one session",
  thought: "one thought",
  filter: "backfill",
  queue: "a queue",
  auto: "completed sessions",
};

export const RUN_STATUS_WORDS: Record<RunStatus, string> = {
  running: "running",
  paused: "paused",
  done: "done",
  cancelled: "cancelled",
};
