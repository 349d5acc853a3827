// The thoughtgraph mark, the same drawing as app/icon.svg (two thoughts in a line, one branching off) in the
// theme's brand colour.
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={className}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <g className="fill-primary-foreground">
        <circle cx="10" cy="9" r="3" />
        <circle cx="10" cy="23" r="3" />
        <circle cx="22" cy="16" r="3" />
      </g>
      <path d="M10 12v8M12.5 10.5l7 4" className="stroke-primary-foreground" strokeWidth="2" />
    </svg>
  );
}
