// Dashboard downloads of a session (JSON or Markdown), for the project the dashboard shows.
import { getDb } from "@/server/db/client";
import { nextRoute } from "@/server/http/door";
import { handle } from "@/server/http/respond";
import { exportResponse } from "@/server/http/routes/session-export";
import { defaultProjectIdOf } from "@/server/services/projects";

export const dynamic = "force-dynamic";

export const GET = nextRoute((req, { id }) =>
  handle(async () => exportResponse(req, id, await defaultProjectIdOf(getDb()))),
);
