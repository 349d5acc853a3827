// POST /api/v1/think — the `think` tool (seed 004): append one thought to the session log; 201 with its step. The
// service parses the arguments (MCP's `think` shares it).
import { currentLimits } from "@/server/config";
import { agentWriter } from "@/server/http/agent-writer";
import type { RouteHandler } from "@/server/http/door";
import { json, readJson } from "@/server/http/respond";
import { think } from "@/server/services/agent-tools";

export const postThink: RouteHandler = async (req, { principal }) => {
  const body = await readJson(req, currentLimits().maxBodyBytes);
  return json(await think(agentWriter(principal!, req), body), 201);
};
