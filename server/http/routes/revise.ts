// POST /api/v1/thoughts/{id}/revise — `revise_thought` (seed 000): edit a thought, keeping its previous version.
// {id} is the thought's id, or its thought number within the session named by `sessionId` in the body (default:
// the agent's most recent active session). The body holds only the fields to change (snake_case or camelCase).
import { currentLimits } from "@/server/config";
import { agentWriter } from "@/server/http/agent-writer";
import type { RouteHandler } from "@/server/http/door";
import { json, readJson } from "@/server/http/respond";
import { ValidationError } from "@/server/errors";
import { reviseThought } from "@/server/services/agent-tools";

export const postRevise: RouteHandler = async (req, { id, principal }) => {
  const body = await readJson(req, currentLimits().maxBodyBytes);
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ValidationError({
      field: "body",
      message: "The body must be a JSON object with the fields to change.",
      suggestion: 'Send e.g. {"thought": "the corrected text"}.',
    });
  }
  // The path names the thought; an id in the body as well would be ambiguous, so the path wins.
  const { thought_id: _a, thoughtId: _b, ...changes } = body as Record<string, unknown>;
  return json(await reviseThought(agentWriter(principal!, req), { ...changes, thoughtId: id }));
};
