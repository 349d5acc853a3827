// The write path's queries on PostgreSQL, inside a Prisma interactive transaction. Existing sessions are locked
// (row locks until commit) before their counters are read, so writers in other processes cannot hand out the same
// seq. Inserts are multi-row statements: Prisma's createMany costs about 1 ms of client work per row here.
import type { Prisma } from "../db/generated/sqlite/client";
import {
  jsonColumn,
  replaysOf,
  TABLES,
  type BatchWrites,
  type ColumnKind,
  type FirstLoad,
  type FirstLoadResult,
  type Row,
  type SecondLoadResult,
  type SessionCounters,
  type SessionRow,
  type TableName,
  type WriteStore,
} from "./write-store";
import { isUuid } from "@/lib/ids";

type Tx = Prisma.TransactionClient;

const SESSION_SELECT = {
  id: true,
  projectId: true,
  key: true,
  status: true,
  title: true,
  apiKeyId: true,
  client: true,
  lastActivityAt: true,
  thoughtCount: true,
  thinkStep: true,
} as const;

// PostgreSQL allows 65,535 bound parameters per statement; stay well under.
const MAX_PARAMS = 30_000;

function encode(value: unknown, kind: ColumnKind): unknown {
  if (value === null || value === undefined) return null;
  if (kind === "json") return jsonColumn(value);
  if (kind === "date") return (value as Date).toISOString();
  return value;
}

function placeholder(i: number, kind: ColumnKind): string {
  if (kind === "json") return `$${i}::jsonb`;
  if (kind === "date") return `($${i}::timestamptz AT TIME ZONE 'UTC')`;
  return `$${i}`;
}

async function insertRows(tx: Tx, table: TableName, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns: Record<string, ColumnKind> = TABLES[table];
  const names = Object.keys(columns);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / names.length));
  const head = `INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(", ")}) VALUES `;
  for (let start = 0; start < rows.length; start += perStatement) {
    const params: unknown[] = [];
    const tuples = rows.slice(start, start + perStatement).map((row) => {
      const marks = names.map((n) => {
        params.push(encode(row[n], columns[n]!));
        return placeholder(params.length, columns[n]!);
      });
      return `(${marks.join(", ")})`;
    });
    await tx.$executeRawUnsafe(head + tuples.join(", "), ...params);
  }
}

/** One UPDATE … FROM (VALUES …) for all sessions of a batch. */
async function updateSessions(tx: Tx, rows: SessionCounters[]): Promise<void> {
  if (rows.length === 0) return;
  const params: unknown[] = [];
  const tuples = rows.map((r) => {
    const at = params.length;
    params.push(r.id, r.thoughtCount, r.branchCount, r.revisionDelta, r.flagDelta, r.status, r.title, r.thinkStep);
    params.push(r.lastActivityAt.toISOString());
    const p = (k: number) => `$${at + k}`;
    return `(${p(1)}, ${p(2)}::int, ${p(3)}::int, ${p(4)}::int, ${p(5)}::int, ${p(6)}, ${p(7)}, ${p(8)}::int, (${p(9)}::timestamptz AT TIME ZONE 'UTC'))`;
  });
  await tx.$executeRawUnsafe(
    `UPDATE "ThinkingSession" AS s SET "thoughtCount" = v.tc, "branchCount" = v.bc,
       "revisionCount" = s."revisionCount" + v.rd, "flagCount" = s."flagCount" + v.fd, "status" = v.st,
       "title" = v.ti, "thinkStep" = v.ts, "lastActivityAt" = v.la, "updatedAt" = v.la
     FROM (VALUES ${tuples.join(", ")}) AS v(id, tc, bc, rd, fd, st, ti, ts, la) WHERE s."id" = v.id`,
    ...params,
  );
}

export function prismaWriteStore(tx: Tx): WriteStore<"async"> {
  return {
    async firstLoad(q: FirstLoad): Promise<FirstLoadResult> {
      const replays: FirstLoadResult["replays"] = [];
      for (const [projectId, keys] of q.replayKeys) {
        const found = await tx.ingestKey.findMany({
          where: { projectId, key: { in: keys } },
          select: { key: true, eventId: true, position: true },
        });
        if (found.length === 0) continue;
        const rows = await tx.ingestEvent.findMany({
          where: { id: { in: [...new Set(found.map((k) => k.eventId))] } },
          select: { id: true, result: true, body: true },
        });
        replays.push(...replaysOf(projectId, found, new Map(rows.map((r) => [r.id, r]))));
      }
      const sessions: SessionRow[] = [];
      for (const [projectId, refs] of q.sessionRefs) {
        const ids = refs.filter(isUuid);
        sessions.push(
          ...(await tx.thinkingSession.findMany({
            where: { projectId, OR: [{ key: { in: refs } }, ...(ids.length > 0 ? [{ id: { in: ids } }] : [])] },
            select: SESSION_SELECT,
          })),
        );
      }
      const recent: (SessionRow | null)[] = [];
      for (const a of q.agents) {
        recent.push(
          await tx.thinkingSession.findFirst({
            where: {
              projectId: a.projectId,
              apiKeyId: a.apiKeyId,
              client: a.client,
              status: "active",
              lastActivityAt: { gte: q.idleSince },
            },
            orderBy: { lastActivityAt: "desc" },
            select: SESSION_SELECT,
          }),
        );
      }
      return { replays, sessions, recent };
    },

    async secondLoad(sessionIds: string[], numbers: number[]): Promise<SecondLoadResult> {
      if (sessionIds.length === 0) return { locked: null, branches: [], thoughts: [] };
      // Lock in id order (the ids arrive sorted) so two processes cannot deadlock on each other's sessions.
      await tx.$executeRawUnsafe(
        `SELECT 1 FROM "ThinkingSession" WHERE "id" = ANY($1::text[]) ORDER BY "id" FOR UPDATE`,
        sessionIds,
      );
      const locked = await tx.thinkingSession.findMany({ where: { id: { in: sessionIds } }, select: SESSION_SELECT });
      const branches = await tx.branch.findMany({
        where: { sessionId: { in: sessionIds } },
        orderBy: [{ sessionId: "asc" }, { ordinal: "asc" }],
        select: { sessionId: true, key: true, forkThought: true, forkThoughtId: true },
      });
      const thoughts =
        numbers.length === 0
          ? []
          : await tx.thought.findMany({
              where: { sessionId: { in: sessionIds }, thoughtNumber: { in: numbers } },
              orderBy: { seq: "asc" },
              select: { id: true, sessionId: true, thoughtNumber: true, branchId: true },
            });
      return { locked, branches, thoughts };
    },

    async write(w: BatchWrites): Promise<void> {
      await insertRows(tx, "ThinkingSession", w.sessions);
      await insertRows(tx, "Thought", w.thoughts);
      await insertRows(tx, "Branch", w.branches);
      await insertRows(tx, "IngestEvent", w.events);
      await insertRows(tx, "IngestKey", w.keys);
      await updateSessions(tx, w.sessionUpdates);
    },
  };
}
