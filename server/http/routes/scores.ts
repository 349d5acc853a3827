// POST /api/v1/scores — an evaluator or LLM judge scores a thought or a session: {thoughtId | sessionId, name, value,
// comment?}. 201 for a new score, 200 when this key had already scored the same target with the same config (the
// score is updated). A value the config does not allow is a 400 naming `value`; an unknown name a 404 naming `name`.
import { parseArguments } from "@/lib/contracts/parse";
import { ZScoreInput } from "@/lib/contracts/scores";
import { currentLimits } from "@/server/config";
import { getDb } from "@/server/db/client";
import { ValidationError } from "@/server/errors";
import type { DoorHandler } from "@/server/http/door";
import { authenticate, handle, json, readJson } from "@/server/http/respond";
import { upsertScore } from "@/server/services/scores/scores";

const EXAMPLE = 'Send e.g. {"thoughtId": "…", "name": "correctness", "value": 4, "comment": "…"}.';

export const postScore: DoorHandler = (req) =>
  handle(async () => {
    const who = await authenticate(req, "write");
    const input = parseArguments(ZScoreInput, await readJson(req, currentLimits().maxBodyBytes), EXAMPLE);
    if (!input.ok) throw new ValidationError(input.problem);
    const author = { kind: "key", apiKeyId: who.apiKeyId } as const;
    const { score, created } = await upsertScore(getDb(), who.projectId, author, input.value);
    return json(score, created ? 201 : 200);
  });
