// POST /api/v1/scores — an evaluator or LLM judge scores a thought or a session: {thoughtId | sessionId, name, value,
// comment?}. 201 for a new score, 200 when this key had already scored the same target with the same config (the
// score is updated). The body is parsed by the route table's dispatch; a value the config does not allow is a 400
// naming `value`; an unknown name a 404 naming `name`.
import type { ScoreInput } from "@/lib/contracts/scores";
import { getDb } from "@/server/db/client";
import type { RouteHandler } from "@/server/http/door";
import { json } from "@/server/http/respond";
import { upsertScore } from "@/server/services/scores/scores";

export const postScore: RouteHandler<undefined, ScoreInput> = async (_req, { principal, body }) => {
  const author = { kind: "key", apiKeyId: principal!.apiKeyId } as const;
  const { score, created } = await upsertScore(getDb(), principal!.projectId, author, body);
  return json(score, created ? 201 : 200);
};
