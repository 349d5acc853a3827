"use client";
// How far reviewers agree, per score config (?config= in the URL): κ per reviewer pair and α over everyone for
// categorical and boolean configs, Pearson and Spearman per pair and interval α for numeric ones, each with its
// sample count and a reading in words, and the distribution of scores as a chart.
import { useQuery } from "@tanstack/react-query";
import { usePathname, useSearchParams } from "next/navigation";
import { useTRPC } from "@/components/trpc/TrpcProvider";
import { alphaWords, correlationWords, kappaWords, reading } from "./agreement-words";
import { DistributionChart } from "./DistributionChart";

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
    <section aria-labelledby="agreement-heading">
      <h2 id="agreement-heading">Agreement</h2>
      {configs.isError ? <p role="alert">Could not load configs: {configs.error.message}</p> : null}
      {configs.data && usable.length === 0 ? (
        <p className="muted">No numeric, categorical or boolean config yet; create one below.</p>
      ) : (
        <label>
          Config{" "}
          <select value={chosen ?? ""} onChange={(e) => choose(e.target.value)} aria-label="Score config">
            {usable.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.type}
                {c.archivedAt ? ", archived" : ""})
              </option>
            ))}
          </select>
        </label>
      )}
      {agreement.isError ? <p role="alert">Could not compute agreement: {agreement.error.message}</p> : null}
      {data && report ? (
        <div data-testid="agreement">
          <p className="muted">
            {data.scoreCount} scores by {report.raters.length} reviewer{report.raters.length === 1 ? "" : "s"} (
            {report.raters.map(name).join(", ") || "none"}) on {report.targets} thoughts and sessions
            {report.ignored > 0 ? `; ${report.ignored} non-numeric values left out` : ""}.
          </p>
          <h3>All reviewers</h3>
          <p data-testid="alpha">
            Krippendorff&apos;s α ({report.alpha.metric}):{" "}
            {reading(report.alpha, alphaWords, ["item scored by two or more", "items scored by two or more"])}
          </p>
          <h3>Reviewer pairs</h3>
          {report.pairs.length === 0 ? (
            <p className="muted">No two reviewers have scored the same thought or session yet.</p>
          ) : (
            <table aria-label="Agreement per reviewer pair">
              <thead>
                <tr>
                  <th>Reviewers</th>
                  <th>Shared items (n)</th>
                  {report.configType === "numeric" ? (
                    <>
                      <th>Pearson r</th>
                      <th>Spearman ρ</th>
                    </>
                  ) : (
                    <th>Cohen&apos;s κ</th>
                  )}
                </tr>
              </thead>
              <tbody>
                {report.configType === "numeric"
                  ? report.pairs.map((p) => (
                      <tr key={p.raters.join("|")} data-testid="pair-row">
                        <td>
                          {name(p.raters[0])} · {name(p.raters[1])}
                        </td>
                        <td>{p.n}</td>
                        <td>{reading(p.pearson, correlationWords)}</td>
                        <td>{reading(p.spearman, correlationWords)}</td>
                      </tr>
                    ))
                  : report.pairs.map((p) => (
                      <tr key={p.raters.join("|")} data-testid="pair-row">
                        <td>
                          {name(p.raters[0])} · {name(p.raters[1])}
                        </td>
                        <td>{p.n}</td>
                        <td>{reading(p.kappa, kappaWords)}</td>
                      </tr>
                    ))}
              </tbody>
            </table>
          )}
          <h3>Distribution</h3>
          {data.distribution ? (
            <DistributionChart distribution={data.distribution} title={`Scores of ${data.config.name}`} />
          ) : null}
        </div>
      ) : agreement.isPending && chosen !== null ? (
        <p className="muted">Loading…</p>
      ) : null}
    </section>
  );
}
