// GET /api/v1/sessions/{id} — by our id or the agent's own key: { session, thoughts, branches }.
import { getDb } from "@/server/db/client";
import type { DoorHandler } from "@/server/http/door";
import { authenticate, handle, json } from "@/server/http/respond";
import { getSessionGraph } from "@/server/services/sessions/sessions";

export const getSession: DoorHandler = (req, { id }) =>
  handle(async () => {
    const who = await authenticate(req);
    return json(await getSessionGraph(getDb(), who.projectId, id));
  });
