// The contracts' plain values — limits, enumerations, the share header — and the two pure helpers the browser calls,
// with no zod. Browser code imports these from here: through `lib/contracts/session`'s SHARE_HEADER, zod (~110 KB of
// minified JS, and the schema objects built at load) sat in the root chunk of every page. The contract modules
// re-export these, so server code may import them from either.
import type { ScoreRule } from "./scores";

/** The request header that scopes a tRPC call to one shared session (the read-only share page sends the token in
 * it; server/trpc/init.ts reads it). Subscriptions carry the token as the `share` connection param instead. */
export const SHARE_HEADER = "x-thoughtgraph-share";

export const SESSION_STATUSES = ["active", "completed", "cleared"] as const;

/** Characters of a thought's text the outline carries (node labels and collapsed transcript rows). */
export const PREVIEW_CHARS = 160;

/** "score": by the mean of `scoreConfigId`'s scores; sessions without one come last, by activity. */
export const SESSION_SORTS = ["activity", "created", "thoughts", "flags", "score", "health", "tokens", "cost"] as const;

export const HEALTH_BELOW = { min: 1, max: 101 } as const;

/** The sessions list's "scored by" filter: people's scores, or judges'. */
export const SCORE_AUTHORS = ["person", "judge"] as const;

/** The analytics page's windows, in days. */
export const FLEET_WINDOWS = [7, 30, 90] as const;

/** ThoughtMCP's memory sectors (seed 003). */
export const MEMORY_SECTORS = ["episodic", "semantic", "procedural", "emotional", "reflective"] as const;
export type MemorySector = (typeof MEMORY_SECTORS)[number];

/** Items one create or add call may queue: 5,000 ids fit one request body (~200 KB) and one review season. */
export const MAX_QUEUE_BATCH = 5_000;
/** N, the reviewers per item: beyond 20 an agreement study wants sampling, not a queue. */
export const MAX_REVIEWERS_PER_ITEM = 20;
/** A claim holds its item this long; the review screen renews it every minute while it is open. */
export const LEASE_MS = 5 * 60_000;
export const HEARTBEAT_MS = 60_000;

/** Characters in a project's name: it is shown in the app bar's project picker. */
export const MAX_PROJECT_NAME_CHARS = 100;
/** Characters in an API key's name ("ci agent", "evaluator"): a label, not a description. */
export const MAX_KEY_NAME_CHARS = 100;
/** read: list and fetch; write: also record thoughts and scores; admin: also model connections and judges. */
export const KEY_SCOPES = ["read", "write", "admin"] as const;

export const MIN_PASSWORD = 8;

/** Where a judge's calls go (server/services/judges/providers.ts). */
export const MODEL_PROVIDERS = ["openai-compatible", "openai", "anthropic"] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];
/** Calls one connection may have in flight across every instance: 64 saturates a local GPU server many times over. */
export const MAX_CONNECTION_CONCURRENCY = 64;
export const DEFAULT_CONNECTION_CONCURRENCY = 4;
/** One call's time limit, in ms: from 1 s to 10 minutes (a long session on a slow local model). */
export const TIMEOUT_RANGE_MS = { min: 1_000, max: 600_000, default: 60_000 } as const;

export const COMMENT_MAX = 10_000;

export const SCORE_TYPES = ["numeric", "categorical", "boolean", "text"] as const;
/** Characters in a text score (and in a score's comment): a paragraph of judgement, not a document. */
export const MAX_TEXT_SCORE_CHARS = 10_000;

/** True when `text` still holds the anchor's words at its offsets (a thought edited since leaves it unmatched). */
export function anchorMatches(text: string, a: { start: number; end: number; text: string }): boolean {
  return a.end > a.start && a.end <= text.length && text.slice(a.start, a.end) === a.text;
}

/** Labels quoted in a message before it says "…". */
const LABELS_SHOWN = 20;

/** A number as a message writes it: 0.1 + 0.2 reads 0.3, not 0.30000000000000004. */
export const showNumber = (n: number) => String(Number(n.toPrecision(12)));

/** What a config takes, in words: "a number from 1 to 5 in steps of 1", "one of "bad", "good"", … */
export function describeScoreRule(rule: ScoreRule): string {
  const show = showNumber;
  switch (rule.type) {
    case "numeric": {
      const range =
        rule.min !== null && rule.max !== null
          ? ` from ${show(rule.min)} to ${show(rule.max)}`
          : rule.min !== null
            ? ` ≥ ${show(rule.min)}`
            : rule.max !== null
              ? ` ≤ ${show(rule.max)}`
              : "";
      const grid =
        rule.step !== null ? ` in steps of ${show(rule.step)}${rule.min === null ? " (counted from 0)" : ""}` : "";
      return `a number${range}${grid}`;
    }
    case "categorical": {
      const labels = (rule.categories ?? []).map((c) => JSON.stringify(c.label));
      const listed = labels.slice(0, LABELS_SHOWN).join(", ") + (labels.length > LABELS_SHOWN ? ", …" : "");
      return `one of the labels ${listed}`;
    }
    case "boolean":
      return "true or false";
    case "text":
      return `text of 1 to ${MAX_TEXT_SCORE_CHARS} characters`;
  }
}
