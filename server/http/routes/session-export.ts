// GET /api/v1/sessions/{id}/export?format=json|markdown|csv — a download; the JSON imports back losslessly, the CSV
// holds the scores. GET /api/v1/sessions/export?format=csv — the scores of many sessions. The queries are parsed by
// the route table's dispatch (ZExportQuery, ZSessionsExportQuery); the dashboard's download routes parse them with
// the same schemas.
import type { ExportQuery, SessionsExportQuery } from "@/lib/contracts/session";
import { getDb } from "@/server/db/client";
import type { DoorResponse, RouteHandler } from "@/server/http/door";
import { json } from "@/server/http/respond";
import {
  sessionScoresCsv,
  sessionsScoresCsv,
  sessionsTableScoresCsv,
  type SessionTableFilter,
} from "@/server/services/sessions/scores-csv";
import { renderMarkdown } from "@/server/services/sessions/session-markdown";
import { exportSessionJson } from "@/server/services/sessions/session-transfer";

const attachment = (filename: string) => ({ "content-disposition": `attachment; filename="${filename}"` });

function csv(body: string, filename: string): DoorResponse {
  return { status: 200, headers: { "content-type": "text/csv; charset=utf-8", ...attachment(filename) }, body };
}

/** The export of one session of a project, in the given format. */
export async function exportResponse(
  format: ExportQuery["format"],
  id: string,
  projectId: string,
): Promise<DoorResponse> {
  if (format === "csv") {
    const scores = await sessionScoresCsv(getDb(), projectId, id);
    return csv(scores.csv, `session-${scores.sessionId}-scores.csv`);
  }
  const data = await exportSessionJson(getDb(), projectId, id);
  const filename = `session-${data.session.id}.${format === "json" ? "json" : "md"}`;
  if (format === "json") return json(data, 200, attachment(filename));
  return {
    status: 200,
    headers: { "content-type": "text/markdown; charset=utf-8", ...attachment(filename) },
    body: renderMarkdown(data),
  };
}

/** The scores of many sessions of a project, as CSV. */
export async function sessionsExportResponse(query: SessionsExportQuery, projectId: string): Promise<DoorResponse> {
  return csv(await sessionsScoresCsv(getDb(), projectId, query), "sessions-scores.csv");
}

/** The scores of the sessions passing the dashboard list's filter, as a CSV download. */
export async function sessionsTableExportResponse(
  filter: SessionTableFilter,
  projectId: string,
): Promise<DoorResponse> {
  return csv(await sessionsTableScoresCsv(getDb(), projectId, filter), "sessions-scores.csv");
}

export const getSessionExport: RouteHandler<ExportQuery> = (_req, { id, principal, query }) =>
  exportResponse(query.format, id, principal!.projectId);

export const getSessionsExport: RouteHandler<SessionsExportQuery> = (_req, { principal, query }) =>
  sessionsExportResponse(query, principal!.projectId);
