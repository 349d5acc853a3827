// GET /api/v1/score-configs?includeArchived=true — the project's scoring rubrics (active ones unless asked).
// POST /api/v1/score-configs — create one (write scope); 409 when an active config already has the name.
// Query and body are parsed by the route table's dispatch.
import type { ListScoreConfigsQuery, ScoreConfigInput } from "@/lib/contracts/scores";
import { getDb } from "@/server/db/client";
import type { RouteHandler } from "@/server/http/door";
import { json } from "@/server/http/respond";
import { createScoreConfig, listScoreConfigs } from "@/server/services/scores/score-configs";

export const getScoreConfigs: RouteHandler<ListScoreConfigsQuery> = async (_req, { principal, query }) =>
  json({ configs: await listScoreConfigs(getDb(), principal!.projectId, query) });

export const postScoreConfig: RouteHandler<undefined, ScoreConfigInput> = async (_req, { principal, body }) =>
  json(await createScoreConfig(getDb(), principal!.projectId, body), 201);
