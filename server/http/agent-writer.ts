// Who writes through the agent tool routes: the API key's project and key, and the agent's client name from the
// X-Thoughtgraph-Client header (the stdio bridge sends the MCP client's name), so "your most recent session" means
// the same thing over REST as over MCP, and the agent from X-Thoughtgraph-Agent when the body names none (the bridge
// sends the MCP client's clientInfo as "name/version").
import type { ApiPrincipal } from "@/server/auth/api-keys";
import type { Writer } from "@/server/ingest/record-thoughts";
import type { DoorRequest } from "./door";

const MAX_CLIENT_CHARS = 200;

export function agentWriter(principal: ApiPrincipal, req: DoorRequest): Writer {
  const client = req.header("x-thoughtgraph-client")?.trim().slice(0, MAX_CLIENT_CHARS);
  const agent = req.header("x-thoughtgraph-agent")?.trim().slice(0, MAX_CLIENT_CHARS);
  return { projectId: principal.projectId, apiKeyId: principal.apiKeyId, client: client || null, agent: agent || null };
}

/** `current` in a session route names the agent's most recent active session. */
export const CURRENT_SESSION = "current";

export function sessionRef(id: string): string | undefined {
  return id === CURRENT_SESSION ? undefined : id;
}
