"use client";
// How far reviewers agree, per score config (?config= in the URL): κ per reviewer pair and α over everyone for
// categorical and boolean configs, Pearson and Spearman per pair and interval α for numeric ones, each with its
// sample count and a reading in words, and the distribution of scores as a chart.
import { useQuery } from "@tanstack/react-query";
import { usePathname, useSearchParams } from "next/navigation";
import type { Stat } from "@/lib/stats/agreement";
import { alphaWords, correlationWords, kappaWords, reading, readingWhy } from "@/lib/stats/agreement-words";
import { countOf, formatCount } from "@/lib/words/count-of";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { NativeSelect } from "@/components/ui/Select";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";
import { DistributionChart } from "./DistributionChart";
import { JudgeAgreementSection } from "@/components/judges/JudgeAgreementSection";

/** A statistic in words; when there is too little data, the reason is on hover. */
function Reading({
  stat,
  words,
  unit,
}: {
  stat: Stat;
  words: (v: number) => string;
  unit?: readonly [string, string];
}) {
  const why = readingWhy(stat);
  return (
    <span title={why ?? undefined} className={why ? "text-muted-foreground" : undefined}>
      {reading(stat, words, unit)}
    </span>
  );
}

const card = "flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-5 shadow-xs";

export function AgreementView() {
  const trpc = useTRPC();
  const pathname = usePathname();
  const params = useSearchParams();
  const configs = useQuery(trpc.scores.configs.queryOptions({ includeArchived: true }));
  const usable = (configs.data ?? []).filter((c) => c.type !== "text");
  const chosen = params.get("config") ?? usable[0]?.id ?? null;
  const agreement = useQuery({
    ...trpc.scores.agreement.queryOptions({ configId: chosen ?? "" }),
    enabled: chosen !== null,
  });
  const choose = (id: string) => {
    const next = new URLSearchParams(params.toString());
    next.set("config", id);
    window.history.replaceState(null, "", `${pathname}?${next.toString()}`);
  };

  const data = agreement.data;
  const name = (key: string) => data?.raterLabels[key] ?? key;
  const report = data?.report ?? null;
  return (
    <section aria-labelledby="agreement-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="agreement-heading" className="text-lg font-semibold">
          Agreement
        </h2>
        {configs.data && usable.length > 0 ? (
          // The label beside the picker, on the heading's line: above it, "Config" floated over the row's right end.
          <label className="flex min-w-0 items-center gap-2 text-sm font-medium">
            Config
            <NativeSelect
              value={chosen ?? ""}
              onChange={(e) => choose(e.target.value)}
              aria-label="Score config"
              // As wide as the longest config name (a fixed 288 px cut long names off), never wider than the row.
              className="max-w-full min-w-72"
            >
              {usable.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.type}
                  {c.archivedAt ? ", archived" : ""})
                </option>
              ))}
            </NativeSelect>
          </label>
        ) : null}
      </div>
      {configs.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load configs: {configs.error.message}
        </p>
      ) : null}
      {configs.data && usable.length === 0 ? (
        <p className="rounded-lg border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
          No numeric, categorical or boolean config yet; create one below.
        </p>
      ) : null}
      {agreement.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not compute agreement: {agreement.error.message}
        </p>
      ) : null}
      {data && report ? (
        <div data-testid="agreement" className="flex flex-col gap-4">
          <p className="text-sm text-muted-foreground">
            {countOf(data.scoreCount, "score")} by {countOf(report.raters.length, "reviewer")}
            {report.raters.length > 0 ? ` (${report.raters.map(name).join(", ")})` : ""} on{" "}
            {countOf(report.targets, "thought or session", "thoughts and sessions")}
            {report.ignored > 0 ? `; ${countOf(report.ignored, "non-numeric value")} left out` : ""}.
          </p>
          <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <div className="flex min-w-0 flex-col gap-4">
              <section className={card} aria-labelledby="alpha-heading">
                <h3 id="alpha-heading" className="text-base font-semibold">
                  All reviewers
                </h3>
                <p data-testid="alpha" className="text-base">
                  <span className="text-muted-foreground">Krippendorff&apos;s α ({report.alpha.metric}):</span>{" "}
                  <Reading
                    stat={report.alpha}
                    words={alphaWords}
                    unit={["item scored by two or more", "items scored by two or more"]}
                  />
                </p>
              </section>
              <section className={card} aria-labelledby="distribution-heading">
                <h3 id="distribution-heading" className="text-base font-semibold">
                  Distribution
                </h3>
                {data.distribution ? (
                  <DistributionChart distribution={data.distribution} title={`Scores of ${data.config.name}`} />
                ) : (
                  <p className="text-sm text-muted-foreground">No scores to draw yet.</p>
                )}
              </section>
            </div>
            <section className={card} aria-labelledby="pairs-heading">
              <h3 id="pairs-heading" className="text-base font-semibold">
                Reviewer pairs
              </h3>
              {report.pairs.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No two reviewers have scored the same thought or session yet.
                </p>
              ) : (
                <div className="overflow-hidden rounded-md border">
                  <Table aria-label="Agreement per reviewer pair">
                    <TableHeader>
                      <TableRow className="hover:bg-transparent">
                        <TableHead>Reviewers</TableHead>
                        <TableHead className="text-right">Shared items (n)</TableHead>
                        {report.configType === "numeric" ? (
                          <>
                            <TableHead>Pearson r</TableHead>
                            <TableHead>Spearman ρ</TableHead>
                          </>
                        ) : (
                          <TableHead>Cohen&apos;s κ</TableHead>
                        )}
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {report.configType === "numeric"
                        ? report.pairs.map((p) => (
                            <TableRow key={p.raters.join("|")} data-testid="pair-row">
                              <TableCell className="font-medium">
                                {name(p.raters[0])} · {name(p.raters[1])}
                              </TableCell>
                              <TableCell className="text-right tabular-nums">{formatCount(p.n)}</TableCell>
                              <TableCell>
                                <Reading stat={p.pearson} words={correlationWords} />
                              </TableCell>
                              <TableCell>
                                <Reading stat={p.spearman} words={correlationWords} />
                              </TableCell>
                            </TableRow>
                          ))
                        : report.pairs.map((p) => (
                            <TableRow key={p.raters.join("|")} data-testid="pair-row">
                              <TableCell className="font-medium">
                                {name(p.raters[0])} · {name(p.raters[1])}
                              </TableCell>
                              <TableCell className="text-right tabular-nums">{formatCount(p.n)}</TableCell>
                              <TableCell>
                                <Reading stat={p.kappa} words={kappaWords} />
                              </TableCell>
                            </TableRow>
                          ))}
                    </TableBody>
                  </Table>
                </div>
              )}
            </section>
          </div>
          {chosen ? <JudgeAgreementSection configId={chosen} /> : null}
        </div>
      ) : agreement.isPending && chosen !== null ? (
        <SkeletonRows rows={4} label="Loading agreement" />
      ) : null}
    </section>
  );
}
