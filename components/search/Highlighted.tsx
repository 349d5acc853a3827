// Text with its search matches marked. The ranges come from the server (lib/search/highlight.ts); the marks are React
// elements around slices of the plain text, so stored text is never parsed as HTML.
import { Fragment } from "react";

export interface TextRange {
  start: number;
  end: number;
}

export function Highlighted({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [i, r] of ranges.entries()) {
    if (r.start < at || r.end > text.length || r.end <= r.start) continue;
    if (r.start > at) parts.push(<Fragment key={`t${i}`}>{text.slice(at, r.start)}</Fragment>);
    parts.push(
      <mark key={`m${i}`} className="rounded-sm bg-warning-muted px-0.5 text-foreground">
        {text.slice(r.start, r.end)}
      </mark>,
    );
    at = r.end;
  }
  if (at < text.length) parts.push(<Fragment key="rest">{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
