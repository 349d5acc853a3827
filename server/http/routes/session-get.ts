// GET /api/v1/sessions/{id} — by our id or the agent's own key: { session, thoughts, branches }.
import { getDb } from "@/server/db/client";
import type { RouteHandler } from "@/server/http/door";
import { json } from "@/server/http/respond";
import { getSessionGraph } from "@/server/services/sessions/sessions";

export const getSession: RouteHandler = async (_req, { id, principal }) =>
  json(await getSessionGraph(getDb(), principal!.projectId, id));
