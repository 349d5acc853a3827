"use client";
// A config's distribution of scores as an inline SVG bar chart (no chart library). Every bar carries its label and
// count for screen readers, and the same numbers follow as a table.
import type { Distribution } from "@/lib/stats/agreement";

const WIDTH = 560;
const BAR_AREA = 160;
const LABEL_ROOM = 36;

export function DistributionChart({ distribution, title }: { distribution: Distribution; title: string }) {
  const rows =
    distribution.kind === "counts"
      ? distribution.counts.map((c) => ({ label: String(c.label), count: c.count }))
      : distribution.bins.map((b) => ({ label: b.label, count: b.count }));
  if (rows.length === 0) return <p className="muted">No scores to draw yet.</p>;
  const max = Math.max(1, ...rows.map((r) => r.count));
  const slot = WIDTH / rows.length;
  const bar = Math.max(4, slot * 0.7);
  return (
    <figure className="tg-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${BAR_AREA + LABEL_ROOM}`}
        role="img"
        aria-label={`${title}: ${rows.map((r) => `${r.label} ${r.count}`).join(", ")}`}
        data-testid="distribution-chart"
      >
        {rows.map((r, i) => {
          const h = (r.count / max) * (BAR_AREA - 16);
          const x = i * slot + (slot - bar) / 2;
          return (
            <g key={r.label} aria-label={`${r.label}: ${r.count}`}>
              <rect x={x} y={BAR_AREA - h} width={bar} height={h} className="tg-bar" rx={2} />
              <text x={x + bar / 2} y={BAR_AREA - h - 4} textAnchor="middle" className="tg-bar-count">
                {r.count}
              </text>
              <text x={x + bar / 2} y={BAR_AREA + 16} textAnchor="middle" className="tg-bar-label">
                {r.label.length > 14 ? `${r.label.slice(0, 13)}…` : r.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <details>
          <summary>{title} as a table</summary>
          <table aria-label={`${title} (table)`}>
            <thead>
              <tr>
                <th>Value</th>
                <th>Scores</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.label}>
                  <td>{r.label}</td>
                  <td>{r.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {distribution.kind === "histogram" && distribution.outOfRange > 0 ? (
            <p className="muted tg-small">{distribution.outOfRange} scores fall outside the config&apos;s range.</p>
          ) : null}
        </details>
      </figcaption>
    </figure>
  );
}
