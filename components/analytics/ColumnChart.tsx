// A column chart in plain SVG for the analytics page: one column per item, heights against `max`, each with
// its own tooltip, labels in HTML under it (an SVG stretched to the card's width would stretch its text too). Plain
// SVG rather than a chart library: four small charts of at most 90 columns need no axes engine, and the page ships
// no chart code beyond this file. Colours are design tokens, so dark mode follows.
export interface Column {
  label: string;
  /** null: no data (drawn as a gap, not as zero). */
  value: number | null;
  title: string;
}

const HEIGHT = 100;

export function ColumnChart({
  columns,
  max,
  label,
  every = 1,
}: {
  columns: readonly Column[];
  max: number;
  /** What the chart shows, for screen readers. */
  label: string;
  /** Label every n-th column only (a 90-day trend labels every 14th day). */
  every?: number;
}) {
  const width = 100 / Math.max(1, columns.length);
  return (
    <figure className="flex flex-col gap-1">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 100 ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-32 w-full"
      >
        {columns.map((c, i) => {
          const h = c.value === null || max <= 0 ? 0 : (Math.max(0, c.value) / max) * HEIGHT;
          return (
            <rect
              key={`${c.label}-${i}`}
              x={i * width + width * 0.12}
              y={HEIGHT - h}
              width={width * 0.76}
              height={h}
              fill="var(--chart-1)"
              data-testid="chart-column"
            >
              <title>{c.title}</title>
            </rect>
          );
        })}
        <line x1="0" x2="100" y1={HEIGHT} y2={HEIGHT} stroke="var(--border)" vectorEffect="non-scaling-stroke" />
      </svg>
      <div
        className="grid text-center text-xs text-muted-foreground"
        style={{ gridTemplateColumns: `repeat(${Math.max(1, columns.length)}, minmax(0, 1fr))` }}
        aria-hidden
      >
        {columns.map((c, i) => (
          <span key={`${c.label}-${i}`} className="overflow-visible whitespace-nowrap">
            {i % every === 0 ? c.label : ""}
          </span>
        ))}
      </div>
    </figure>
  );
}
