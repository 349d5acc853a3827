// GET /api/v1/sessions — newest activity first, keyset-paginated; filters: status, updatedSince (the query is parsed
// by the route table's dispatch).
import type { ListSessionsQuery } from "@/lib/contracts/session";
import { getDb } from "@/server/db/client";
import type { RouteHandler } from "@/server/http/door";
import { json } from "@/server/http/respond";
import { listSessions } from "@/server/services/sessions/sessions";

export const getSessions: RouteHandler<ListSessionsQuery> = async (_req, { principal, query }) =>
  json(await listSessions(getDb(), principal!.projectId, query));
