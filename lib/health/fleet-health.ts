// Fleet figures of reasoning health for the analytics page: how the sessions' health scores are spread,
// how they moved day by day, and how agents and models compare. Pure, O(sessions): the server folds the stored
// SessionHealth rows of a time window (server/services/reasoning/session-health.ts fleetHealth).
import type { FleetHealth } from "../contracts/session-health";

export interface FleetRow {
  score: number;
  loops: number;
  stalls: number;
  abandonedBranches: number;
  revisionRate: number;
  agent: string | null;
  model: string | null;
  createdAt: Date;
}

/** Score buckets of ten points; the last holds 90–100. */
const BUCKETS = 10;
/** Agents or models listed by session count; the rest are summed as "other". */
export const TOP_GROUPS = 8;
const DAY_MS = 86_400_000;

const round1 = (v: number) => Math.round(v * 10) / 10;
const round3 = (v: number) => Math.round(v * 1000) / 1000;

interface Group {
  sessions: number;
  scoreSum: number;
  withLoops: number;
}

function groups(rows: readonly FleetRow[], keyOf: (r: FleetRow) => string | null): FleetHealth["byAgent"] {
  const by = new Map<string, Group>();
  for (const r of rows) {
    const key = keyOf(r) ?? "unknown";
    const g = by.get(key) ?? { sessions: 0, scoreSum: 0, withLoops: 0 };
    g.sessions++;
    g.scoreSum += r.score;
    if (r.loops > 0) g.withLoops++;
    by.set(key, g);
  }
  const sorted = [...by.entries()].sort((a, b) => b[1].sessions - a[1].sessions || a[0].localeCompare(b[0]));
  const top = sorted.slice(0, TOP_GROUPS);
  const rest = sorted.slice(TOP_GROUPS);
  if (rest.length > 0) {
    const other = rest.reduce(
      (o, [, g]) => ({
        sessions: o.sessions + g.sessions,
        scoreSum: o.scoreSum + g.scoreSum,
        withLoops: o.withLoops + g.withLoops,
      }),
      { sessions: 0, scoreSum: 0, withLoops: 0 },
    );
    top.push([`${rest.length} others`, other]);
  }
  return top.map(([name, g]) => ({
    name,
    sessions: g.sessions,
    meanScore: round1(g.scoreSum / g.sessions),
    withLoops: g.withLoops,
  }));
}

/** The window's figures; `days` UTC days ending with the one holding `now`, every day listed (empty days as 0). */
export function fleetHealth(rows: readonly FleetRow[], days: number, now: Date): FleetHealth {
  const distribution = Array.from({ length: BUCKETS }, (_, i) => ({
    from: i * 10,
    to: i === BUCKETS - 1 ? 100 : i * 10 + 9,
    count: 0,
  }));
  const today = Math.floor(now.getTime() / DAY_MS);
  const first = today - days + 1;
  const perDay = Array.from({ length: days }, () => ({ sessions: 0, scoreSum: 0 }));
  let withLoops = 0;
  let withStalls = 0;
  let withAbandoned = 0;
  let revisionSum = 0;
  let scoreSum = 0;
  for (const r of rows) {
    distribution[Math.min(BUCKETS - 1, Math.floor(r.score / 10))]!.count++;
    if (r.loops > 0) withLoops++;
    if (r.stalls > 0) withStalls++;
    if (r.abandonedBranches > 0) withAbandoned++;
    revisionSum += r.revisionRate;
    scoreSum += r.score;
    const day = Math.floor(r.createdAt.getTime() / DAY_MS) - first;
    if (day >= 0 && day < days) {
      perDay[day]!.sessions++;
      perDay[day]!.scoreSum += r.score;
    }
  }
  const n = rows.length;
  return {
    days,
    sessions: n,
    meanScore: n ? round1(scoreSum / n) : null,
    meanRevisionRate: n ? round3(revisionSum / n) : null,
    withLoops,
    withStalls,
    withAbandoned,
    distribution,
    trend: perDay.map((d, i) => ({
      day: new Date((first + i) * DAY_MS).toISOString().slice(0, 10),
      sessions: d.sessions,
      meanScore: d.sessions ? round1(d.scoreSum / d.sessions) : null,
    })),
    byAgent: groups(rows, (r) => r.agent),
    byModel: groups(rows, (r) => r.model),
  };
}
