// GET /api/v1/sessions — newest activity first, keyset-paginated; filters: status, updatedSince.
import { firstProblem } from "@/lib/contracts/errors";
import { ZListSessionsQuery } from "@/lib/contracts/session";
import { getDb } from "@/server/db/client";
import { ValidationError } from "@/server/errors";
import type { DoorHandler } from "@/server/http/door";
import { authenticate, handle, json, queryOf } from "@/server/http/respond";
import { listSessions } from "@/server/services/sessions/sessions";

export const getSessions: DoorHandler = (req) =>
  handle(async () => {
    const who = await authenticate(req);
    const query = ZListSessionsQuery.safeParse(queryOf(req));
    if (!query.success) throw new ValidationError(firstProblem(query.error));
    return json(await listSessions(getDb(), who.projectId, query.data));
  });
