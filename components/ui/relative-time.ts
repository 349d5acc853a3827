// "3 min ago" / "in 2 days" from two instants, and the absolute form for the hover title. Pure (the caller passes
// `now`), so a list renders the same words for every row of one render.
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

// Built on first use, not at module scope: every dashboard page imports this through the shell, and constructing an
// Intl formatter loads its locale data during script evaluation, before the page's first paint.
let relativeFormat: Intl.RelativeTimeFormat | undefined;
let absoluteFormat: Intl.DateTimeFormat | undefined;
const relative = () => (relativeFormat ??= new Intl.RelativeTimeFormat("en", { numeric: "auto", style: "short" }));
const absolute = () => (absoluteFormat ??= new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium" }));

export function relativeTimeText(at: Date, now: Date): string {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative().format(Math.round(seconds / size), unit);
  }
  return relative().format(Math.round(seconds / 60), "minute");
}

export function absoluteTimeText(at: Date): string {
  return absolute().format(at);
}
