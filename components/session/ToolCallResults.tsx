"use client";
// The detail panel's section for a tool call: the results folded into it (lib/graph/tool-results.ts), each collapsed
// to a line saying what came back, opened to its full text.
import { useQuery } from "@tanstack/react-query";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import { useTRPC } from "@/components/trpc/TrpcProvider";

export function ToolCallResults({ results }: { results: readonly OutlineThought[] }) {
  return (
    <section className="flex flex-col gap-2" aria-label="Tool result">
      <h3 className="text-sm font-semibold text-muted-foreground">Result</h3>
      {results.length === 0 ? (
        <p className="text-sm text-muted-foreground italic">No result yet.</p>
      ) : (
        results.map((r) => <OneResult key={r.id} result={r} />)
      )}
    </section>
  );
}

function OneResult({ result }: { result: OutlineThought }) {
  const trpc = useTRPC();
  const full = useQuery(trpc.sessions.thoughtDetail.queryOptions({ id: result.id }));
  return (
    <details className="text-sm" data-testid="detail-tool-result">
      <summary className="cursor-pointer text-muted-foreground">
        {result.tool?.isError ? "Error" : "Result"} · {result.length.toLocaleString("en-US")}{" "}
        {result.length === 1 ? "character" : "characters"}
      </summary>
      <pre className="mt-1 max-h-[32rem] overflow-auto rounded-md bg-muted px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap">
        {full.data?.thought.text ?? result.preview}
      </pre>
    </details>
  );
}
