"use client";
// How far the team agrees on one config, shown where people score it (the detail panel), so a reviewer sees at once
// whether the rubric is read the same way by everyone. The full breakdown per pair is on /agreement.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { alphaWords, reading } from "@/lib/stats/agreement-words";
import { countOf } from "@/lib/words/count-of";

export function AgreementLine({ configId }: { configId: string }) {
  const trpc = useTRPC();
  const agreement = useQuery({ ...trpc.scores.agreement.queryOptions({ configId }), staleTime: 30_000 });
  const report = agreement.data?.report;
  if (!report || report.raters.length < 2) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="agreement-line">
      Team agreement (α, {countOf(report.raters.length, "reviewer")}):{" "}
      {reading(report.alpha, alphaWords, ["item scored by two or more", "items scored by two or more"])} ·{" "}
      {/* No prefetch (as the app bar's links): the page is dynamic, and its server work would run during this one's. */}
      <Link
        className="font-medium text-primary hover:underline"
        href={`/agreement?config=${encodeURIComponent(configId)}`}
        prefetch={false}
      >
        details
      </Link>
    </p>
  );
}
