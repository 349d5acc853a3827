// GET /api/v1/sessions — newest activity first, keyset-paginated; filters: status, updatedSince.
import { firstProblem } from "@/lib/contracts/errors";
import { ZListSessionsQuery } from "@/lib/contracts/session";
import { getDb } from "@/server/db/client";
import { ValidationError } from "@/server/errors";
import { authenticate, handle, json } from "@/server/http/respond";
import { listSessions } from "@/server/services/sessions";

export async function GET(req: Request): Promise<Response> {
  return handle(async () => {
    const who = await authenticate(req);
    const params = Object.fromEntries(new URL(req.url).searchParams);
    const query = ZListSessionsQuery.safeParse(params);
    if (!query.success) throw new ValidationError(firstProblem(query.error));
    return json(await listSessions(getDb(), who.projectId, query.data));
  });
}
