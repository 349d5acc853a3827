// What one span says, whatever convention it follows: its role in the agent's structure, the agent and model it
// names, and its items (parts.ts). Each convention module reads spans into this; ../assemble.ts places the items.
import "@/server/server-only";
import type { Usage } from "@/lib/normalised/model";
import { costOf } from "@/lib/pricing/prices";
import type { OtlpSpan } from "../spans";
import type { SpanItem } from "./parts";

/**
 * - `model`: one call of a model (its output is reasoning, answers and tool calls).
 * - `tool`: one tool's execution (a call and its result).
 * - `agent`: an agent run around model calls and tools; an agent run inside another is a sub-agent, a branch.
 * - `other`: anything else (HTTP, database, a chain step): no items, but it still links children to parents.
 */
export type SpanRole = "model" | "tool" | "agent" | "other";

export interface SpanReading {
  role: SpanRole;
  /** The agent this span names (an agent span's own name). */
  agent?: string;
  model?: string;
  items: SpanItem[];
  /** What the items take from the span (./reading.ts stamp). */
  stamp?: SpanStamp;
  /** Items of an agent span, used only when no model span of its trace gave any (the model spans hold the same). */
  fallback?: true;
  /** An explicit parent in the agent's graph (OpenInference graph.node.parent_id), taking over from parentSpanId. */
  graphNode?: { id: string; parentId: string | null };
}

export const EMPTY: SpanReading = { role: "other", items: [] };

/** The ISO 8601 text of the last whole second isoOf met, up to its fraction ("2026-01-01T12:00:00."): the spans of
 *  an export mostly start within a few seconds of each other, and a Date per span (Next wraps the constructor) was
 *  ~1.2 µs, a quarter of the span's stamp. */
let lastSecond = -1;
let lastSecondIso = "";

/** Nanoseconds since the epoch (decimal text) as ISO 8601, or undefined for 0. */
export function isoOf(ns: string): string | undefined {
  if (ns === "0" || ns === "") return undefined;
  // Whole milliseconds are the digits before the last six (decoding leaves plain decimal digits); a uint64 of
  // nanoseconds is at most 1.8e13 ms, exact as a number, within Date's range and before the year 10000.
  const ms = ns.length > 6 ? Number(ns.slice(0, -6)) : 0;
  if (!Number.isFinite(ms)) return undefined;
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastSecondIso = new Date(second * 1000).toISOString().slice(0, 20);
    lastSecond = second;
  }
  const fraction = ms - second * 1000;
  return `${lastSecondIso}${fraction < 10 ? "00" : fraction < 100 ? "0" : ""}${fraction}Z`;
}

/** Decimal nanoseconds as [whole milliseconds, the nanoseconds past them], both exact numbers. */
const msAndRest = (ns: string): [number, number] =>
  ns.length > 6 ? [Number(ns.slice(0, -6)), Number(ns.slice(-6))] : [0, Number(ns)];

/** A span's duration in whole milliseconds (undefined when it has no end). Whole milliseconds and the rest apart:
 *  two BigInts per span cost more than the rest of its duration's reading. */
export function durationMs(span: Pick<OtlpSpan, "startTimeUnixNano" | "endTimeUnixNano">): number | undefined {
  if (span.endTimeUnixNano === "0" || span.startTimeUnixNano === "0") return undefined;
  const [endMs, endRest] = msAndRest(span.endTimeUnixNano);
  const [startMs, startRest] = msAndRest(span.startTimeUnixNano);
  const ms = endMs - startMs - (endRest < startRest ? 1 : 0);
  return ms < 0 ? undefined : ms;
}

/** The counts a source reported (those given as undefined left out), or undefined when it reported none. */
function reported(u: Usage | undefined): Usage | undefined {
  if (u === undefined) return undefined;
  let usage: Usage | undefined;
  if (u.input !== undefined) (usage ??= {}).input = u.input;
  if (u.output !== undefined) (usage ??= {}).output = u.output;
  if (u.reasoning !== undefined) (usage ??= {}).reasoning = u.reasoning;
  if (u.cachedInput !== undefined) (usage ??= {}).cachedInput = u.cachedInput;
  return usage;
}

/**
 * What a span's items take from the span, put on them as ../assemble.ts builds each session item (once: setting the
 * fields on the span's items first, and copying them again, was ~1 µs per span, a quarter of a chat span's reading
 * besides its JSON): every item the span's time and, but a prompt, its model; the call's usage and cost its first
 * output, the latency its first output or, for a tool, its result, which is also placed at the span's end.
 */
export interface SpanStamp {
  at?: string;
  model?: string;
  usage?: Usage;
  costUsd?: number;
  latencyMs?: number;
  /** The item taking usage and cost (-1: none). */
  first: number;
  /** The item taking the latency (-1: none). */
  latencyAt: number;
  /** Whether tool results are placed at the span's end. */
  resultsAtEnd: boolean;
}

/** A span's items with their stamp (none when there are no items). */
export function stamp(
  items: SpanItem[],
  span: Pick<OtlpSpan, "startTimeUnixNano" | "endTimeUnixNano">,
  facts: { model?: string; usage?: Usage; costUsd?: number; latencyOn?: "first" | "result" },
): { items: SpanItem[]; stamp?: SpanStamp } {
  if (items.length === 0) return { items };
  const at = isoOf(span.startTimeUnixNano);
  const usage = reported(facts.usage);
  // A cost the source reports wins; else the list price of the model on the call's day, where the table has it.
  const cost = facts.costUsd ?? (usage ? costOf(facts.model, usage, at) : undefined);
  // The call's figures go on its first output; what it was sent (the prompt, results of earlier calls) is not its work.
  let first = -1;
  let firstResult = -1;
  for (let i = 0; i < items.length && (first === -1 || firstResult === -1); i++) {
    const kind = items[i]!.kind;
    if (kind === "tool_result") {
      if (firstResult === -1) firstResult = i;
    } else if (kind !== "prompt" && first === -1) first = i;
  }
  const result = facts.latencyOn === "result";
  const s: SpanStamp = { first, latencyAt: result ? firstResult : first, resultsAtEnd: result };
  if (at) s.at = at;
  if (facts.model) s.model = facts.model;
  if (usage) s.usage = usage;
  if (cost !== undefined) s.costUsd = cost;
  const latency = durationMs(span);
  if (latency !== undefined) s.latencyMs = latency;
  return { items, stamp: s };
}
