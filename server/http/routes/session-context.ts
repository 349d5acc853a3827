// GET /api/v1/sessions/{id}/context?format=history|context&limit=N — a session's latest thoughts as compact history
// or as seed 004's formatted context. {id}: our id, the agent's key, or `current` (the most recent active session).
// The query is parsed by the route table's dispatch (ZSessionContextQuery: get_thinking_session's own arguments).
import type { SessionContextQuery } from "@/lib/contracts/tools";
import { agentWriter, sessionRef } from "@/server/http/agent-writer";
import type { RouteHandler } from "@/server/http/door";
import { json } from "@/server/http/respond";
import { getThinkingSession } from "@/server/services/agent-tools";

export const getSessionContext: RouteHandler<SessionContextQuery> = async (req, { id, principal, query }) =>
  json(await getThinkingSession(agentWriter(principal!, req), { ...query, sessionId: sessionRef(id) }));
