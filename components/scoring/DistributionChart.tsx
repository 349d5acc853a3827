"use client";
// A config's distribution of scores as an inline SVG bar chart (no chart library). Every bar carries its label and
// count for screen readers, and the same numbers follow as a table.
import type { Distribution } from "@/lib/stats/agreement";
import { countOf, formatCount } from "@/lib/words/count-of";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/Table";

const WIDTH = 560;
const BAR_AREA = 160;
const LABEL_ROOM = 36;

export function DistributionChart({ distribution, title }: { distribution: Distribution; title: string }) {
  const rows =
    distribution.kind === "counts"
      ? distribution.counts.map((c) => ({ label: String(c.label), count: c.count }))
      : distribution.bins.map((b) => ({ label: b.label, count: b.count }));
  // A config with no scores has its steps but all counts 0: a flat axis of zeros reads as broken, so say it.
  if (rows.every((r) => r.count === 0)) return <p className="text-sm text-muted-foreground">No scores to draw yet.</p>;
  const max = Math.max(1, ...rows.map((r) => r.count));
  const slot = WIDTH / rows.length;
  const bar = Math.max(4, slot * 0.7);
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${BAR_AREA + LABEL_ROOM}`}
        role="img"
        aria-label={`${title}: ${rows.map((r) => `${r.label} ${r.count}`).join(", ")}`}
        data-testid="distribution-chart"
        className="h-auto w-full max-w-xl"
      >
        <line x1={0} x2={WIDTH} y1={BAR_AREA} y2={BAR_AREA} className="stroke-border" strokeWidth={1} />
        {rows.map((r, i) => {
          const h = (r.count / max) * (BAR_AREA - 16);
          const x = i * slot + (slot - bar) / 2;
          return (
            <g key={r.label} aria-label={`${r.label}: ${r.count}`}>
              <rect x={x} y={BAR_AREA - h} width={bar} height={h} className="fill-chart-1" rx={3} />
              <text
                x={x + bar / 2}
                y={BAR_AREA - h - 4}
                textAnchor="middle"
                className="fill-foreground text-xs font-medium tabular-nums"
              >
                {formatCount(r.count)}
              </text>
              <text x={x + bar / 2} y={BAR_AREA + 16} textAnchor="middle" className="fill-muted-foreground text-xs">
                {r.label.length > 14 ? `${r.label.slice(0, 13)}…` : r.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <details className="group text-sm">
          <summary className="cursor-pointer text-muted-foreground select-none hover:text-foreground">
            {title} as a table
          </summary>
          <div className="mt-2 overflow-hidden rounded-md border">
            <Table aria-label={`${title} (table)`}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Value</TableHead>
                  <TableHead className="text-right">Scores</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.label}>
                    <TableCell>{r.label}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatCount(r.count)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {distribution.kind === "histogram" && distribution.outOfRange > 0 ? (
            <p className="mt-2 text-xs text-muted-foreground">
              {countOf(distribution.outOfRange, "score")} fall outside the config&apos;s range.
            </p>
          ) : null}
        </details>
      </figcaption>
    </figure>
  );
}
