// POST /api/v1/think — the `think` tool (seed 004): append one thought to the session log; 201 with its step.
import { currentLimits } from "@/server/config";
import { agentWriter } from "@/server/http/agent-writer";
import type { DoorHandler } from "@/server/http/door";
import { authenticate, handle, json, readJson } from "@/server/http/respond";
import { think } from "@/server/services/agent-tools";

export const postThink: DoorHandler = (req) =>
  handle(async () => {
    const principal = await authenticate(req, "write");
    const body = await readJson(req, currentLimits().maxBodyBytes);
    return json(await think(agentWriter(principal, req), body), 201);
  });
