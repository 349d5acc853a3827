// Dashboard downloads of a session (JSON, Markdown or its scores as CSV), from the signed-in person's current project.
import { ZExportQuery } from "@/lib/contracts/session";
import { resolveActor } from "@/server/auth/actor";
import { getDb } from "@/server/db/client";
import { UnauthorizedError } from "@/server/errors";
import { nextRoute } from "@/server/http/door";
import { handle, parseQuery } from "@/server/http/respond";
import { methodNotAllowed } from "@/server/http/routes/not-found";
import { exportResponse } from "@/server/http/routes/session-export";

export const dynamic = "force-dynamic";

export const GET = nextRoute((req, { id }) =>
  handle(async () => {
    const actor = await resolveActor(getDb(), req.header("cookie"));
    if (!actor?.access) throw new UnauthorizedError("Sign in to the dashboard first.");
    return exportResponse(parseQuery(ZExportQuery, req).format, id, actor.access.projectId);
  }, req.method),
);

const wrongMethod = nextRoute(methodNotAllowed("GET"));
export { wrongMethod as POST, wrongMethod as PUT, wrongMethod as PATCH, wrongMethod as DELETE };
