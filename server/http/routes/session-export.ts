// GET /api/v1/sessions/{id}/export?format=json|markdown — a download; the JSON imports back losslessly. The query is
// parsed by the route table's dispatch (ZExportQuery); the dashboard's download route parses it with the same schema.
import type { ExportQuery } from "@/lib/contracts/session";
import { getDb } from "@/server/db/client";
import type { DoorResponse, RouteHandler } from "@/server/http/door";
import { json } from "@/server/http/respond";
import { exportSessionJson, renderMarkdown } from "@/server/services/sessions/session-transfer";

/** The export of one session of a project, in the given format. */
export async function exportResponse(
  format: ExportQuery["format"],
  id: string,
  projectId: string,
): Promise<DoorResponse> {
  const data = await exportSessionJson(getDb(), projectId, id);
  const filename = `session-${data.session.id}.${format === "json" ? "json" : "md"}`;
  const disposition = { "content-disposition": `attachment; filename="${filename}"` };
  if (format === "json") return json(data, 200, disposition);
  return {
    status: 200,
    headers: { "content-type": "text/markdown; charset=utf-8", ...disposition },
    body: renderMarkdown(data),
  };
}

export const getSessionExport: RouteHandler<ExportQuery> = (_req, { id, principal, query }) =>
  exportResponse(query.format, id, principal!.projectId);
