// Tokens and dollars as people read them in a header or a table: 12,345 → "12.3k", 0.0421 → "$0.042".

/** A token count, short: 950, 12.3k, 4.1M. */
export function formatTokens(n: number): string {
  if (n < 1_000) return String(Math.round(n));
  if (n < 999_500) return `${(n / 1_000).toFixed(n < 10_000 ? 1 : 0).replace(/\.0$/, "")}k`;
  return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, "")}M`;
}

/** US dollars with two significant digits below a cent, cents above: $0.00042, $0.042, $1.27, $1,234. */
export function formatUsd(n: number | null): string {
  if (n === null) return "—";
  if (n === 0) return "$0";
  if (n < 0.01) return `$${n.toPrecision(2)}`;
  if (n < 1_000) return `$${n.toFixed(n < 1 ? 3 : 2)}`;
  return `$${Math.round(n).toLocaleString("en")}`;
}
