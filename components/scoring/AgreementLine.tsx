"use client";
// How far the team agrees on one config, shown where people score it (the detail panel), so a reviewer sees at once
// whether the rubric is read the same way by everyone. The full breakdown per pair is on /agreement.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { alphaWords, reading } from "./agreement-words";

export function AgreementLine({ configId }: { configId: string }) {
  const trpc = useTRPC();
  const agreement = useQuery({ ...trpc.scores.agreement.queryOptions({ configId }), staleTime: 30_000 });
  const report = agreement.data?.report;
  if (!report || report.raters.length < 2) return null;
  return (
    <p className="muted tg-small" data-testid="agreement-line">
      Team agreement (α, {report.raters.length} reviewers):{" "}
      {reading(report.alpha, alphaWords, ["item scored by two or more", "items scored by two or more"])} ·{" "}
      <Link href={`/agreement?config=${encodeURIComponent(configId)}`}>details</Link>
    </p>
  );
}
