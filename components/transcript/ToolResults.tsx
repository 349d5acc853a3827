// A tool call's results, folded under the call's row: collapsed to a line that says what came back and how long it
// is, opened on a click (or at once when the reader came for the result, e.g. from a search hit).
import type { OutlineThought } from "@/lib/contracts/dashboard";

export function ToolResults({
  results,
  texts,
  open,
}: {
  results: readonly OutlineThought[];
  /** Full texts loaded so far, by seq (the preview shows until then). */
  texts: ReadonlyMap<number, string>;
  /** The result to show opened. */
  open: string | null;
}) {
  if (results.length === 0) {
    return <p className="text-xs text-muted-foreground italic">No result yet.</p>;
  }
  return (
    <>
      {results.map((r) => (
        <details key={r.id} className="text-sm" data-testid="tool-result" data-thought-id={r.id} open={r.id === open}>
          <summary className="cursor-pointer text-xs text-muted-foreground" onClick={(e) => e.stopPropagation()}>
            {r.tool?.isError ? "Error" : "Result"} · {r.length.toLocaleString("en-US")}{" "}
            {r.length === 1 ? "character" : "characters"}
          </summary>
          <pre className="mt-1 max-h-96 overflow-auto rounded-md bg-muted px-2 py-1.5 text-xs break-words whitespace-pre-wrap">
            {texts.get(r.seq) ?? r.preview}
          </pre>
        </details>
      ))}
    </>
  );
}
