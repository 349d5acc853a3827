// How each kind of imported thought is named to people: the transcript, the graph, the detail panel and the
// Markdown export say the same words.
import type { ItemKind } from "./model";

export const KIND_WORDS: Record<ItemKind, string> = {
  prompt: "prompt",
  reasoning: "reasoning",
  placeholder: "reasoning withheld",
  tool_call: "tool call",
  tool_result: "tool result",
  answer: "answer",
};

/** The words for a stored thought's kind; null for an agent's own thought (no kind). */
export function kindWords(kind: string | null): string | null {
  if (kind === null) return null;
  return (KIND_WORDS as Record<string, string>)[kind] ?? kind;
}

/** A tool result's state in words, as its call shows it folded ("result", "error", or "running" while none came). */
export function resultWords(results: readonly { tool: { isError: boolean } | null }[]): string {
  if (results.length === 0) return "no result yet";
  return results.some((r) => r.tool?.isError) ? "error" : "result";
}
