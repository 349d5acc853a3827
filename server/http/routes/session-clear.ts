// POST /api/v1/sessions/{id}/clear — close a session as `cleared` (kept for review; the agent's next thought starts
// a new session). {id}: our id, the agent's key, or `current` (the most recent active session). No body needed.
import { agentWriter, sessionRef } from "@/server/http/agent-writer";
import type { RouteHandler } from "@/server/http/door";
import { json } from "@/server/http/respond";
import { clearThinkingSession } from "@/server/services/agent-tools";

export const postSessionClear: RouteHandler = async (req, { id, principal }) =>
  json(await clearThinkingSession(agentWriter(principal!, req), { sessionId: sessionRef(id) }));
