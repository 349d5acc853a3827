// Vercel AI SDK 6 tools that record into thoughtgraph over its REST API (seed 001's tool, and seed 004's `think`).
// The model sees the same schema and description as the MCP tools (definitions.ts); its arguments are checked with
// the foundation's contracts before anything is sent, so a bad field comes back to the model as a tool-input error
// naming it.
import { jsonSchema, tool, type JSONSchema7 } from "ai";
import { z } from "zod";
import { coerceBoolean } from "../../../lib/contracts/coerce";
import { parseThoughtInput, ZThoughtResult, type ThoughtInput } from "../../../lib/contracts/thought";
import {
  parseToolInput,
  ZCompactThought,
  ZThinkInput,
  ZThinkResult,
  type ThinkInput,
} from "../../../lib/contracts/tools";
import { createThoughtgraphClient, ThoughtgraphError, type ThoughtgraphClientOptions } from "../client";
import { SEQUENTIAL_THINKING, THINK, type ObjectJsonSchema } from "../mcp/definitions";

export interface ThoughtgraphToolOptions extends ThoughtgraphClientOptions {
  /**
   * The session to record into (our id or a key of your own, e.g. your agent's run id). Without it the tool starts a
   * session on its first call and keeps using it: one tool instance, one session, until `clearSession`.
   */
  sessionId?: string;
}

export interface SequentialThinkingToolOptions extends ThoughtgraphToolOptions {
  /** How many of the session's latest thoughts `thoughtHistory` returns (default 100). */
  historyLimit?: number;
}

export type SequentialThinkingToolInput = ThoughtInput & { clearSession?: boolean };

export const ZThoughtHistoryEntry = ZCompactThought.pick({ thoughtNumber: true, thought: true }).extend({
  isRevision: z.boolean().optional(),
  branchId: z.string().optional(),
});

/** Seed 001's answer, built from the foundation's thought result. */
export const ZSequentialThinkingToolOutput = ZThoughtResult.pick({
  sessionId: true,
  thoughtId: true,
  thoughtNumber: true,
  totalThoughts: true,
  nextThoughtNeeded: true,
  branches: true,
  thoughtHistoryLength: true,
  should_continue: true,
  next_thought_number: true,
  stop_reason: true,
}).extend({
  thoughtHistory: z.array(ZThoughtHistoryEntry).describe("The session's thoughts so far (the latest, in order)"),
  summary: z.string().optional().describe("Set once nextThoughtNeeded is false"),
});
export type SequentialThinkingToolOutput = z.infer<typeof ZSequentialThinkingToolOutput>;

// The server enforces its configured limits; checking them here too could refuse what the server allows.
const NO_LOCAL_LIMITS = { maxThoughtChars: Number.MAX_SAFE_INTEGER, maxMetadataBytes: Number.MAX_SAFE_INTEGER };
const DEFAULT_HISTORY_LIMIT = 100;
const DEFAULT_CLIENT = "ai-sdk";
const SUMMARY_QUOTE_CHARS = 500;

/** The tool's advertised schema (one JSON type per field: sdk/src/mcp/definitions.ts), with extra properties. */
function withProperties(schema: ObjectJsonSchema, extra: Record<string, unknown> = {}): JSONSchema7 {
  return { ...schema, properties: { ...schema.properties, ...extra } } as JSONSchema7;
}

function invalid(message: string, suggestion?: string) {
  return { success: false as const, error: new Error(suggestion ? `${message} ${suggestion}` : message) };
}

function validateSequential(value: unknown) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return invalid("The arguments must be a JSON object.");
  }
  const { clearSession, clear_session, ...rest } = value as Record<string, unknown>;
  const clear = coerceBoolean(clearSession ?? clear_session);
  if (clear !== undefined && clear !== null && typeof clear !== "boolean") {
    return invalid("clearSession must be true or false.", "Leave it out unless you want to start afresh.");
  }
  const parsed = parseThoughtInput(rest, NO_LOCAL_LIMITS);
  if (!parsed.ok) return invalid(parsed.problem.message, parsed.problem.suggestion);
  const out: SequentialThinkingToolInput = { ...parsed.value, ...(clear === true ? { clearSession: true } : {}) };
  return { success: true as const, value: out };
}

function validateThink(value: unknown) {
  const parsed = parseToolInput(ZThinkInput, value);
  if (!parsed.ok) return invalid(parsed.problem.message, parsed.problem.suggestion);
  return { success: true as const, value: parsed.value };
}

/**
 * `createSequentialThinkingTool({ baseUrl, apiKey, sessionId })`: the official `sequentialthinking` tool for the AI
 * SDK, recording every step in thoughtgraph. Returns `sessionId`, the official fields, `thoughtHistory`,
 * `thoughtHistoryLength`, the continuation fields, and `summary` once the sequence completes; `clearSession: true`
 * closes the current session and records the thought in a new one.
 */
export function createSequentialThinkingTool(options: SequentialThinkingToolOptions = {}) {
  const api = createThoughtgraphClient({ ...options, client: options.client ?? DEFAULT_CLIENT });
  const historyLimit = options.historyLimit ?? DEFAULT_HISTORY_LIMIT;
  let current: string | undefined;

  return tool({
    description:
      `${SEQUENTIAL_THINKING.description}\n\n` +
      "clearSession: true closes the current session and records this thought in a new one. Each answer also " +
      "carries thoughtHistory (the session's thoughts so far) and, once nextThoughtNeeded is false, a summary.",
    inputSchema: jsonSchema<SequentialThinkingToolInput>(
      withProperties(SEQUENTIAL_THINKING.inputSchema, {
        clearSession: { type: "boolean", description: "true to close the current session and start afresh." },
      }),
      { validate: validateSequential },
    ),
    outputSchema: ZSequentialThinkingToolOutput,
    execute: async (input, { abortSignal }): Promise<SequentialThinkingToolOutput> => {
      const { clearSession, ...thought } = input;
      const signal = abortSignal ? { signal: abortSignal } : {};
      let ref = options.sessionId ?? thought.sessionId ?? current;
      if (clearSession) {
        if (ref !== undefined) {
          await api.clearSession(ref, signal).catch((error: unknown) => {
            if (!(error instanceof ThoughtgraphError && error.code === "not_found")) throw error;
          });
        }
        // A cleared session gives up its key, so the agent's own key names the new session; otherwise a fresh key.
        ref = options.sessionId ?? globalThis.crypto.randomUUID();
      }
      const result = await api.recordThought({ ...thought, ...(ref !== undefined ? { sessionId: ref } : {}) }, signal);
      current = result.sessionId;
      const history = await api.getSessionContext(result.sessionId, { format: "history", limit: historyLimit }, signal);
      const thoughtHistory = (history.thoughts ?? []).map((t) => ({
        thoughtNumber: t.thoughtNumber,
        thought: t.thought,
        ...(t.isRevision !== null ? { isRevision: t.isRevision } : {}),
        ...(t.branchId !== null ? { branchId: t.branchId } : {}),
      }));
      const output: SequentialThinkingToolOutput = {
        sessionId: result.sessionId,
        thoughtId: result.thoughtId,
        thoughtNumber: result.thoughtNumber,
        totalThoughts: result.totalThoughts,
        nextThoughtNeeded: result.nextThoughtNeeded,
        thoughtHistory,
        branches: result.branches,
        thoughtHistoryLength: result.thoughtHistoryLength,
        should_continue: result.should_continue,
        next_thought_number: result.next_thought_number,
        stop_reason: result.stop_reason,
      };
      if (!result.nextThoughtNeeded) {
        const branches = result.branches.length
          ? ` and ${result.branches.length} branch${result.branches.length === 1 ? "" : "es"} (${result.branches.join(", ")})`
          : "";
        const last =
          thought.thought.length > SUMMARY_QUOTE_CHARS
            ? `${thought.thought.slice(0, SUMMARY_QUOTE_CHARS)}…`
            : thought.thought;
        output.summary = `Sequential thinking complete: ${result.thoughtHistoryLength} thoughts${branches}. Final thought: ${last}`;
      }
      return output;
    },
  });
}

/** `createThinkTool({ baseUrl, apiKey, sessionId })`: seed 004's `think` tool, recording into thoughtgraph. */
export function createThinkTool(options: ThoughtgraphToolOptions = {}) {
  const api = createThoughtgraphClient({ ...options, client: options.client ?? DEFAULT_CLIENT });
  let current: string | undefined;
  return tool({
    description: THINK.description,
    inputSchema: jsonSchema<ThinkInput>(withProperties(THINK.inputSchema), { validate: validateThink }),
    outputSchema: ZThinkResult,
    execute: async (input, { abortSignal }) => {
      const ref = options.sessionId ?? input.sessionId ?? current;
      const result = await api.think(
        { thought: input.thought, ...(ref !== undefined ? { sessionId: ref } : {}) },
        abortSignal ? { signal: abortSignal } : {},
      );
      current = result.session_id;
      return result;
    },
  });
}
