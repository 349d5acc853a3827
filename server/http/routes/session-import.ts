// POST /api/v1/sessions/import — a JSON export becomes a new session with the same thoughts, branches and links (the
// service parses the export: the dashboard's import uses it too).
import { currentLimits } from "@/server/config";
import type { RouteHandler } from "@/server/http/door";
import { json, readJson } from "@/server/http/respond";
import { importSession } from "@/server/services/sessions/session-transfer";

export const postSessionImport: RouteHandler = async (req, { principal }) => {
  const limits = currentLimits();
  const body = await readJson(req, limits.maxBodyBytes);
  return json(await importSession(principal!.projectId, body, limits), 201);
};
