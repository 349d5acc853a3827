// Vercel AI SDK 6 tools for ThoughtMCP's reasoning and metacognition tools (seed 003: think, analyze, ponder,
// breakdown, assess_confidence, detect_bias, detect_emotion, evaluate), calling thoughtgraph's REST routes
// (POST /api/v1/thoughtmcp/{tool}) through the typed client. The model sees the same names, schemas and descriptions
// as on /api/mcp/thoughtmcp (reasoning-definitions.ts); the arguments are checked with the server's own contracts
// before anything is sent, so a bad field comes back to the model as a tool-input error naming it. Each tool answers
// ThoughtMCP's envelope as the MCP tools do, failures included, so the model can read `error` and `suggestion`.
import { jsonSchema, tool, type JSONSchema7, type Tool } from "ai";
import type { z } from "zod";
import { parseArguments } from "../../../lib/contracts/parse";
import { THOUGHTMCP_REASONING_INPUTS } from "../../../lib/contracts/thoughtmcp-reasoning";
import { ZAnyEnvelope, type Envelope } from "../../../lib/thoughtmcp/envelope";
import { createThoughtgraphClient } from "../client";
import { REASONING_TOOL_DEFINITIONS } from "../mcp/thoughtmcp/reasoning-definitions";
import type { ThoughtgraphToolOptions } from "./tools";

export type ThoughtMcpReasoningToolName = keyof typeof THOUGHTMCP_REASONING_INPUTS;

/** The reasoning tools record into a session; the metacognitive ones take text or a thoughtId instead. */
const RECORDING: ReadonlySet<string> = new Set(["think", "analyze", "ponder", "breakdown"]);
const DEFAULT_CLIENT = "ai-sdk";

/**
 * `createThoughtMcpReasoningTools({ baseUrl, apiKey, sessionId })`: the eight tools by their seed names, ready for
 * `generateText({ tools })`. The reasoning tools of one set record into one session: `sessionId` if given, else the
 * session their first call starts (an explicit `sessionId` argument from the model wins for that call).
 */
export function createThoughtMcpReasoningTools(
  options: ThoughtgraphToolOptions = {},
): Record<ThoughtMcpReasoningToolName, Tool<Record<string, unknown>, Envelope<unknown>>> {
  const api = createThoughtgraphClient({ ...options, client: options.client ?? DEFAULT_CLIENT });
  let current: string | undefined = options.sessionId;

  const make = (name: ThoughtMcpReasoningToolName) => {
    const definition = REASONING_TOOL_DEFINITIONS.find((d) => d.name === name);
    if (!definition) throw new Error(`no definition for ${name}`);
    const contract: z.ZodType = THOUGHTMCP_REASONING_INPUTS[name];
    return tool({
      description: definition.description,
      inputSchema: jsonSchema<Record<string, unknown>>(definition.inputSchema as JSONSchema7, {
        validate: (value) => {
          const parsed = parseArguments(contract, value);
          if (parsed.ok) return { success: true as const, value: value as Record<string, unknown> };
          const p = parsed.problem;
          return {
            success: false as const,
            error: new Error(p.suggestion ? `${p.message} ${p.suggestion}` : p.message),
          };
        },
      }),
      outputSchema: ZAnyEnvelope,
      execute: async (input, { abortSignal }) => {
        const records = RECORDING.has(name);
        const args = records && input.sessionId === undefined && current ? { ...input, sessionId: current } : input;
        const envelope = await api.callThoughtMcpTool(name, args, abortSignal ? { signal: abortSignal } : {});
        if (records && envelope.success) {
          const sessionId = (envelope.data as { sessionId?: unknown }).sessionId;
          if (typeof sessionId === "string") current ??= sessionId;
        }
        return envelope;
      },
    });
  };

  return {
    think: make("think"),
    analyze: make("analyze"),
    ponder: make("ponder"),
    breakdown: make("breakdown"),
    assess_confidence: make("assess_confidence"),
    detect_bias: make("detect_bias"),
    detect_emotion: make("detect_emotion"),
    evaluate: make("evaluate"),
  };
}
