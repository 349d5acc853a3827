// GET /api/v1/sessions/{id}/export?format=json|markdown — a download; the JSON imports back losslessly.
import { getDb } from "@/server/db/client";
import { ValidationError } from "@/server/errors";
import type { DoorHandler } from "@/server/http/door";
import { authenticate, handle, json, queryOf } from "@/server/http/respond";
import { exportSessionJson, renderMarkdown } from "@/server/services/session-transfer";

export const getSessionExport: DoorHandler = (req, { id }) =>
  handle(async () => {
    const who = await authenticate(req);
    const format = queryOf(req).format ?? "json";
    if (format !== "json" && format !== "markdown") {
      throw new ValidationError({
        field: "format",
        message: `format must be json or markdown, not "${format}".`,
        suggestion: "Use ?format=json (re-importable) or ?format=markdown (for reading).",
      });
    }
    const data = await exportSessionJson(getDb(), who.projectId, id);
    const filename = `session-${data.session.id}.${format === "json" ? "json" : "md"}`;
    const disposition = { "content-disposition": `attachment; filename="${filename}"` };
    if (format === "json") return json(data, 200, disposition);
    return {
      status: 200,
      headers: { "content-type": "text/markdown; charset=utf-8", ...disposition },
      body: renderMarkdown(data),
    };
  });
