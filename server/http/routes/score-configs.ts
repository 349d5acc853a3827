// GET /api/v1/score-configs?includeArchived=true — the project's scoring rubrics (active ones unless asked).
// POST /api/v1/score-configs — create one (write scope); 409 when an active config already has the name.
import { firstProblem } from "@/lib/contracts/errors";
import { parseArguments } from "@/lib/contracts/parse";
import { ZListScoreConfigsQuery, ZScoreConfigInput } from "@/lib/contracts/scores";
import { currentLimits } from "@/server/config";
import { getDb } from "@/server/db/client";
import { ValidationError } from "@/server/errors";
import type { DoorHandler } from "@/server/http/door";
import { authenticate, handle, json, queryOf, readJson } from "@/server/http/respond";
import { createScoreConfig, listScoreConfigs } from "@/server/services/scores/scores";

const EXAMPLE = 'Send e.g. {"name": "correctness", "type": "numeric", "min": 1, "max": 5, "step": 1}.';

export const getScoreConfigs: DoorHandler = (req) =>
  handle(async () => {
    const who = await authenticate(req);
    const query = ZListScoreConfigsQuery.safeParse(queryOf(req));
    if (!query.success) throw new ValidationError(firstProblem(query.error));
    return json({ configs: await listScoreConfigs(getDb(), who.projectId, query.data) });
  });

export const postScoreConfig: DoorHandler = (req) =>
  handle(async () => {
    const who = await authenticate(req, "write");
    const input = parseArguments(ZScoreConfigInput, await readJson(req, currentLimits().maxBodyBytes), EXAMPLE);
    if (!input.ok) throw new ValidationError(input.problem);
    return json(await createScoreConfig(getDb(), who.projectId, input.value), 201);
  });
