// Tokens and cost summed from the thoughts that carry a model call's figures (Thought.detail: tokensIn, tokensOut,
// tokensReasoning, costUsd; thoughts from traces and transcripts, Thought.kind set): per session for the session
// header and the sessions list, per agent and per model for the analytics page. Read in SQL from the JSON column of
// the thoughts with a kind only (an agent's own sequential thoughts carry none).
import "@/server/server-only";
import type { UsageFleet, UsageGroup, UsageTotals } from "@/lib/contracts/usage";
import { providerOfDb, type Db } from "@/server/db/client";
import { sqliteDate } from "@/server/ingest/write-store";

interface Row {
  key: string | null;
  sessions?: number | bigint;
  calls: number | bigint;
  tokensIn: number | bigint | string | null;
  tokensOut: number | bigint | string | null;
  tokensReasoning: number | bigint | string | null;
  costUsd: number | string | null;
  costed: number | bigint;
}

/** The sums' SQL: JSON fields of Thought.detail (alias t) as numbers, per provider. */
function sums(db: Db): string {
  const field = (f: string) =>
    providerOfDb(db) === "sqlite" ? `json_extract(t."detail", '$.${f}')` : `(t."detail"->>'${f}')::double precision`;
  const any = ["tokensIn", "tokensOut", "costUsd"].map((f) => `${field(f)} IS NOT NULL`).join(" OR ");
  return `COUNT(CASE WHEN ${any} THEN 1 END) AS "calls",
    SUM(${field("tokensIn")}) AS "tokensIn", SUM(${field("tokensOut")}) AS "tokensOut",
    SUM(${field("tokensReasoning")}) AS "tokensReasoning", SUM(${field("costUsd")}) AS "costUsd",
    COUNT(${field("costUsd")}) AS "costed"`;
}

const n = (v: number | bigint | string | null | undefined) => (v === null || v === undefined ? 0 : Number(v));

function totals(r: Row | undefined): UsageTotals {
  return {
    calls: n(r?.calls),
    tokensIn: n(r?.tokensIn),
    tokensOut: n(r?.tokensOut),
    tokensReasoning: n(r?.tokensReasoning),
    costUsd: r && n(r.costed) > 0 ? n(r.costUsd) : null,
  };
}

const group = (r: Row): UsageGroup => ({ key: r.key ?? "unknown", sessions: n(r.sessions), ...totals(r) });

/** Every session of the project with figures, and its sums (for sorting and filtering the sessions table). */
export async function usageOfProject(db: Db, projectId: string): Promise<Map<string, UsageTotals>> {
  const sqlite = providerOfDb(db) === "sqlite";
  const rows = await db.$queryRawUnsafe<Row[]>(
    `SELECT t."sessionId" AS "key", ${sums(db)} FROM "Thought" t
      WHERE t."projectId" = ${sqlite ? "?" : "$1"} AND t."kind" IS NOT NULL GROUP BY t."sessionId"`,
    projectId,
  );
  return new Map(rows.filter((r) => n(r.calls) > 0).map((r) => [r.key ?? "", totals(r)]));
}

/** Each listed session's sums (sessions without figures are left out). */
export async function usageOfSessions(
  db: Db,
  projectId: string,
  sessionIds: string[],
): Promise<Map<string, UsageTotals>> {
  if (sessionIds.length === 0) return new Map();
  const sqlite = providerOfDb(db) === "sqlite";
  const ids = sqlite ? sessionIds.map(() => "?").join(", ") : "SELECT unnest($2::text[])";
  const rows = await db.$queryRawUnsafe<Row[]>(
    `SELECT t."sessionId" AS "key", ${sums(db)} FROM "Thought" t
      WHERE t."projectId" = ${sqlite ? "?" : "$1"} AND t."kind" IS NOT NULL AND t."sessionId" IN (${ids})
      GROUP BY t."sessionId"`,
    projectId,
    ...(sqlite ? sessionIds : [sessionIds]),
  );
  return new Map(rows.filter((r) => n(r.calls) > 0).map((r) => [r.key ?? "", totals(r)]));
}

/** The project's sums over sessions created in the last `days` days: in all, per agent, per model. */
export async function usageFleet(db: Db, projectId: string, days: number): Promise<UsageFleet> {
  const sqlite = providerOfDb(db) === "sqlite";
  const since = new Date(Date.now() - days * 86_400_000);
  const model = sqlite ? `json_extract(t."detail", '$.model')` : `t."detail"->>'model'`;
  const query = (key: string | null) =>
    db.$queryRawUnsafe<Row[]>(
      `SELECT ${key ?? "NULL"} AS "key", COUNT(DISTINCT t."sessionId") AS "sessions", ${sums(db)}
        FROM "Thought" t JOIN "ThinkingSession" s ON s."id" = t."sessionId"
        WHERE t."projectId" = ${sqlite ? "?" : "$1"} AND t."kind" IS NOT NULL AND s."createdAt" >= ${sqlite ? "?" : "$2"}
        ${key ? `GROUP BY ${key}` : ""}`,
      projectId,
      // SQLite keeps times as ISO text with an offset (server/ingest/write-store.ts sqliteDate): compared as text.
      sqlite ? sqliteDate(since) : since,
    );
  const [all, byAgent, byModel] = await Promise.all([query(null), query(`s."agent"`), query(model)]);
  const ranked = (rows: Row[]) =>
    rows
      .filter((r) => n(r.calls) > 0)
      .map(group)
      .sort((a, b) => (b.costUsd ?? 0) - (a.costUsd ?? 0) || b.tokensIn + b.tokensOut - (a.tokensIn + a.tokensOut));
  return { days, total: totals(all[0]), byAgent: ranked(byAgent), byModel: ranked(byModel) };
}
