"use client";
// The agreement page's judges: for the chosen config, each judge against the people's consensus and against each
// person, with the statistics the page shows for people and their 95 % intervals, beside the people's own α (the bar
// a judge should reach before it is trusted), and its agreement with the consensus over time.
import { useQuery } from "@tanstack/react-query";
import { Gavel } from "lucide-react";
import type { JudgeAgreementView } from "@/lib/contracts/judges";
import type { Stat } from "@/lib/stats/agreement";
import { alphaWords, correlationWords, kappaWords, reading, readingWhy } from "@/lib/stats/agreement-words";
import type { Interval, PairComparison, TrendPoint } from "@/lib/stats/judge-agreement";
import { formatCount } from "@/lib/words/count-of";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";

const card = "flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-5 shadow-xs";
const fmt = (v: number) => v.toFixed(2);

function StatWithInterval({
  stat,
  words,
  ci,
}: {
  stat: Stat;
  words: (v: number) => string;
  ci: Interval | null | undefined;
}) {
  const why = readingWhy(stat);
  return (
    <span title={why ?? undefined} className={why ? "text-muted-foreground" : undefined}>
      {reading(stat, words)}
      {ci && stat.value !== null ? (
        <span className="text-muted-foreground" data-testid="ci">
          {" "}
          (95% CI {fmt(ci.low)} to {fmt(ci.high)})
        </span>
      ) : null}
    </span>
  );
}

/** The comparison's statistics, one per line: κ and α, or r, ρ and α. */
function Comparison({ c }: { c: PairComparison }) {
  return (
    <div className="flex flex-col gap-0.5 text-sm">
      {c.configType === "numeric" ? (
        <>
          <span>
            <span className="text-muted-foreground">Pearson r:</span>{" "}
            <StatWithInterval stat={c.pearson} words={correlationWords} ci={c.pearson.ci} />
          </span>
          <span>
            <span className="text-muted-foreground">Spearman ρ:</span>{" "}
            <StatWithInterval stat={c.spearman} words={correlationWords} ci={c.spearman.ci} />
          </span>
        </>
      ) : (
        <span>
          <span className="text-muted-foreground">Cohen&apos;s κ:</span>{" "}
          <StatWithInterval stat={c.kappa} words={kappaWords} ci={c.kappa.ci} />
        </span>
      )}
      <span>
        <span className="text-muted-foreground">Krippendorff&apos;s α:</span>{" "}
        <StatWithInterval stat={c.alpha} words={alphaWords} ci={c.alpha.ci} />
      </span>
    </div>
  );
}

/** The trend as a row of bars: one per day or week, its height the agreement (κ or r; 0 at the baseline). */
function Trend({ points, numeric }: { points: TrendPoint[]; numeric: boolean }) {
  if (points.length === 0) return <p className="text-sm text-muted-foreground">No judgments yet.</p>;
  return (
    <ol className="flex items-end gap-1" aria-label="Agreement with the consensus over time" data-testid="trend">
      {points.map((p) => {
        const v = p.value ?? 0;
        const label = `${p.from}: ${p.value === null ? "not enough data" : fmt(p.value)} (${numeric ? "r" : "κ"}), ${formatCount(p.n)} compared`;
        return (
          <li key={p.from} className="flex flex-col items-center gap-1" title={label}>
            <span className="text-[10px] tabular-nums text-muted-foreground">{p.value === null ? "–" : fmt(v)}</span>
            <span
              className={p.value === null ? "w-6 rounded-sm bg-muted" : "w-6 rounded-sm bg-primary/70"}
              style={{ height: `${Math.max(4, Math.round(Math.max(0, v) * 48))}px` }}
              aria-label={label}
              role="img"
            />
            <span className="text-[10px] text-muted-foreground">{p.from.slice(5)}</span>
          </li>
        );
      })}
    </ol>
  );
}

export function JudgeAgreementSection({ configId }: { configId: string }) {
  const trpc = useTRPC();
  const report = useQuery(trpc.judges.agreement.queryOptions({ configId }));
  if (report.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not compare judges: {report.error.message}
      </p>
    );
  }
  if (report.isPending) return <SkeletonRows rows={3} label="Loading judges' agreement" />;
  const data = report.data;
  if (!data || data.judges.length === 0) return null;
  return <Judges data={data} />;
}

function Judges({ data }: { data: JudgeAgreementView }) {
  const name = (key: string) => data.raterLabels[key] ?? key;
  const numeric = data.configType === "numeric";
  return (
    <section aria-labelledby="judges-agreement-heading" className="flex flex-col gap-4" data-testid="judge-agreement">
      <div className="flex flex-col gap-1">
        <h3 id="judges-agreement-heading" className="flex items-center gap-2 text-base font-semibold">
          <Gavel className="size-4 text-muted-foreground" aria-hidden />
          Judges against people
        </h3>
        <p className="text-sm text-muted-foreground">
          The people&apos;s consensus is the label most of them gave (ties left out) or their mean;{" "}
          {formatCount(data.consensusTargets)} thoughts and sessions have one.{" "}
          {data.peopleAlpha ? (
            <>
              Among the people themselves, α is{" "}
              <StatWithInterval stat={data.peopleAlpha} words={alphaWords} ci={data.peopleAlpha.ci} />: a judge that
              agrees with them about as well can stand in for one of them.
            </>
          ) : (
            "With fewer than two people scoring, there is no people's α to compare with."
          )}
        </p>
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        {data.judges.map((j) => (
          <article key={j.key} className={card} data-testid="judge-agreement-card" aria-label={name(j.key)}>
            <h4 className="font-semibold">
              {name(j.key)} <span className="font-normal text-muted-foreground">· {formatCount(j.scored)} scored</span>
            </h4>
            <div className="flex flex-col gap-1">
              <p className="text-sm font-medium">Against the people&apos;s consensus</p>
              <Comparison c={j.vsConsensus} />
            </div>
            {j.vsPeople.length > 0 ? (
              <div className="overflow-x-auto rounded-md border">
                <Table aria-label={`${name(j.key)} against each person`}>
                  <TableHeader>
                    <TableRow className="hover:bg-transparent">
                      <TableHead>Person</TableHead>
                      <TableHead className="text-right">n</TableHead>
                      <TableHead>Agreement</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {j.vsPeople.map((p) => (
                      <TableRow key={p.person}>
                        <TableCell className="font-medium">{name(p.person)}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatCount(p.comparison.n)}</TableCell>
                        <TableCell>
                          <Comparison c={p.comparison} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            ) : null}
            <div className="flex flex-col gap-1">
              <p className="text-sm font-medium">
                Over time ({numeric ? "Pearson r" : "Cohen's κ"} with the consensus)
              </p>
              <Trend points={j.trend} numeric={numeric} />
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
