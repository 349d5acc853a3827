// Imported tool calls in the Markdown export: each result under the call it answers (as the session view shows it),
// not as a step of its own, in a code block its text cannot close, so it reads as the output it was and needs no
// escaping. A result whose call is not in the session stays a step of its own.
import type { ThoughtView } from "@/lib/contracts/session";
import { toolOf } from "@/lib/graph/outline";
import { foldToolResults } from "@/lib/graph/tool-results";
import { fenced } from "@/lib/markdown/fence";

/** The steps to write (all but folded results, in order) and the results folded into each call, by its id. */
export function withToolResults<T extends ThoughtView>(thoughts: readonly T[]) {
  const folded = foldToolResults(thoughts.map((t) => ({ ...t, tool: toolOf(t.kind, t.detail) })));
  return { rows: folded.rows, resultsOf: folded.resultsOf };
}

export function toolResultLines(results: readonly Pick<ThoughtView, "text" | "detail">[] | undefined): string[] {
  if (!results) return [];
  return results.flatMap((r) => {
    const failed = (r.detail as { isError?: boolean } | null)?.isError === true;
    const n = r.text.length;
    return [
      `**${failed ? "Error" : "Result"}** (${n.toLocaleString("en-US")} ${n === 1 ? "character" : "characters"}):`,
      "",
      fenced(r.text),
      "",
    ];
  });
}
