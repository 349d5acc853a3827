// A compact, readable form of the thoughts a transcript becomes (fixture tests and `thoughtgraph import --dry-run`).
import { planThoughts, type ThoughtEvent } from "../normalised/plan-thoughts";
import type { NormalisedSession } from "../normalised/model";

/** One line per thought: number, lane (and fork), kind, source ref, and the text's first line. */
export function graphLines(events: readonly ThoughtEvent[]): string[] {
  return events.map((e) => {
    const b = e.body;
    const lane = b.branchId
      ? ` [${b.branchId}${b.branchFromThought !== undefined ? ` from ${b.branchFromThought}` : ""}]`
      : "";
    const first = b.thought.split("\n", 1)[0]!;
    return `${b.thoughtNumber}${lane} ${b.detail.kind} ${b.detail.sourceRef}: ${first.length > 60 ? `${first.slice(0, 59)}…` : first}`;
  });
}

export function graphOf(session: NormalisedSession): string[] {
  return graphLines(planThoughts(session, { maxThoughtChars: 100_000 }));
}
