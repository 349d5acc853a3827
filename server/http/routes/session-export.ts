// GET /api/v1/sessions/{id}/export?format=json|markdown — a download; the JSON imports back losslessly.
import { getDb } from "@/server/db/client";
import { ValidationError } from "@/server/errors";
import type { DoorHandler, DoorRequest, DoorResponse } from "@/server/http/door";
import { authenticate, handle, json, queryOf } from "@/server/http/respond";
import { exportSessionJson, renderMarkdown } from "@/server/services/sessions/session-transfer";

/** The export of one session of a project, in the format the query asks for. */
export async function exportResponse(req: DoorRequest, id: string, projectId: string): Promise<DoorResponse> {
  const format = queryOf(req).format ?? "json";
  if (format !== "json" && format !== "markdown") {
    throw new ValidationError({
      field: "format",
      message: `format must be json or markdown, not "${format}".`,
      suggestion: "Use ?format=json (re-importable) or ?format=markdown (for reading).",
    });
  }
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

export const getSessionExport: DoorHandler = (req, { id }) =>
  handle(async () => {
    const who = await authenticate(req);
    return exportResponse(req, id, who.projectId);
  });
