"use client";
// The session header's sums of what its models did: tokens in and out (reasoning among them) and the cost, for
// sessions from traces and transcripts; nothing for a session whose thoughts carry no model call's figures.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { formatTokens, formatUsd } from "@/lib/words/usage-text";
import { formatCount } from "@/lib/words/count-of";

export function SessionUsage({ sessionId, upTo }: { sessionId: string; upTo: number }) {
  const trpc = useTRPC();
  const usage = useQuery(trpc.usage.session.queryOptions({ sessionId, upTo }, { placeholderData: (p) => p }));
  const u = usage.data;
  if (!u) return null;
  const title =
    `${formatCount(u.calls)} model calls: ${formatCount(u.tokensIn)} tokens in, ${formatCount(u.tokensOut)} out` +
    (u.tokensReasoning > 0 ? ` (${formatCount(u.tokensReasoning)} of them reasoning)` : "") +
    (u.costUsd === null ? "; no cost known" : `; $${u.costUsd.toFixed(6)}`);
  return (
    <>
      <span aria-hidden>·</span>
      <span data-testid="session-usage" title={title} className="tabular-nums">
        {formatTokens(u.tokensIn)} in · {formatTokens(u.tokensOut)} out
        {u.tokensReasoning > 0 ? ` (${formatTokens(u.tokensReasoning)} reasoning)` : ""}
        {u.costUsd === null ? "" : ` · ${formatUsd(u.costUsd)}`}
      </span>
    </>
  );
}
