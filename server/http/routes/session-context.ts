// GET /api/v1/sessions/{id}/context?format=history|context&limit=N — a session's latest thoughts as compact history
// or as seed 004's formatted context. {id}: our id, the agent's key, or `current` (the most recent active session).
import { agentWriter, sessionRef } from "@/server/http/agent-writer";
import type { DoorHandler } from "@/server/http/door";
import { authenticate, handle, json, queryOf } from "@/server/http/respond";
import { getThinkingSession } from "@/server/services/agent-tools";

export const getSessionContext: DoorHandler = (req, { id }) =>
  handle(async () => {
    const principal = await authenticate(req);
    const { format, limit } = queryOf(req);
    return json(
      await getThinkingSession(agentWriter(principal, req), {
        sessionId: sessionRef(id),
        ...(format !== undefined ? { format } : {}),
        ...(limit !== undefined ? { limit } : {}),
      }),
    );
  });
