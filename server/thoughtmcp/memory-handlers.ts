// The handlers of ThoughtMCP's memory tools (remember, recall, update_memory, forget, search); see handlers.ts for the
// handler contract. Their advertised schemas are in sdk/src/mcp/thoughtmcp/memory-definitions.ts, the services in
// server/services/memory/. Each parses with the tool's contract (a bad field answers the failure envelope naming it),
// calls one service with the caller's project, and answers the envelope naming the components that ran.
import { parseMemoryInput, type MemoryToolName } from "@/lib/contracts/thoughtmcp-memory";
import { problemFromField, type Envelope, type EnvelopeBuilder } from "@/lib/thoughtmcp/envelope";
import { getDb, type Db } from "@/server/db/client";
import { forget, remember, updateMemory, type Answer } from "@/server/services/memory/memories";
import { recall, searchMemories } from "@/server/services/memory/memory-queries";
import type { ThoughtMcpHandler } from "./handlers";

type Service<N extends MemoryToolName> = (
  db: Db,
  projectId: string,
  input: Extract<ReturnType<typeof parseMemoryInput<N>>, { ok: true }>["value"],
) => Promise<Answer<unknown>>;

function memoryHandler<N extends MemoryToolName>(tool: N, service: Service<N>): ThoughtMcpHandler {
  return async (caller, args, envelope: EnvelopeBuilder): Promise<Envelope<unknown>> => {
    const parsed = parseMemoryInput(tool, args);
    if (!parsed.ok) return envelope.failure(problemFromField(parsed.problem));
    const answer = await service(getDb(), caller.projectId, parsed.value);
    envelope.use(...answer.componentsUsed);
    return envelope.success(answer.data);
  };
}

export const MEMORY_HANDLERS: Readonly<Record<string, ThoughtMcpHandler>> = {
  remember: memoryHandler("remember", remember),
  recall: memoryHandler("recall", recall),
  update_memory: memoryHandler("update_memory", updateMemory),
  forget: memoryHandler("forget", forget),
  search: memoryHandler("search", searchMemories),
};
