// Dashboard download of the scores of many sessions as CSV, from the signed-in person's current project: the sessions
// list's selection (`ids=`, as GET /api/v1/sessions/export takes it) or the list's own filter, in the names its URL
// uses (`q`, `agent`, `tag`, `loops`, `minCost`, …), read the way "Queue these" reads them.
import { z } from "zod";
import { queryFrom } from "@/lib/sessions/table-url";
import { ZSessionsExportQuery } from "@/lib/contracts/session";
import { resolveActor } from "@/server/auth/actor";
import { getDb } from "@/server/db/client";
import { UnauthorizedError } from "@/server/errors";
import { nextRoute } from "@/server/http/door";
import { handle, parseQuery, queryOf } from "@/server/http/respond";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { sessionsExportResponse, sessionsTableExportResponse } from "@/server/http/routes/session-export";

export const dynamic = "force-dynamic";

// The filter form checks only `format` (the filters are the list's own names); zod refuses .pick() on a refined object.
const ZFormat = z.object({ format: ZSessionsExportQuery.shape.format });

export const GET = nextRoute((req) =>
  handle(async () => {
    const actor = await resolveActor(getDb(), req.header("cookie"));
    if (!actor?.access) throw new UnauthorizedError("Sign in to the dashboard first.");
    const projectId = actor.access.projectId;
    const raw = queryOf(req);
    if (raw.ids !== undefined) return sessionsExportResponse(parseQuery(ZSessionsExportQuery, req), projectId);
    parseQuery(ZFormat, req);
    const { sort: _sort, order: _order, page: _page, pageSize: _size, ...filter } = queryFrom(new URLSearchParams(raw));
    return sessionsTableExportResponse(filter, projectId);
  }, req.method),
);

const wrongMethod = nextRoute(methodNotAllowed("GET"));
export { wrongMethod as POST, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
