// The handlers of ThoughtMCP's reasoning and metacognition tools; see handlers.ts for the handler contract. Each parses
// with its contract (lib/contracts/thoughtmcp-reasoning.ts), calls one service (server/services/reasoning/) and wraps
// its answer in the envelope with the methods that produced it (metadata.componentsUsed) and its confidence. Their
// advertised schemas are in sdk/src/mcp/thoughtmcp/reasoning-definitions.ts, the engines in lib/thoughtmcp/.
import type { z } from "zod";

import { parseArguments } from "@/lib/contracts/parse";
import { scopeMayWrite } from "@/server/auth/api-keys";
import {
  ZAnalyzeRequest,
  ZAssessConfidenceRequest,
  ZBreakdownRequest,
  ZDetectBiasRequest,
  ZDetectEmotionRequest,
  ZEvaluateRequest,
  ZPonderRequest,
  ZThinkRequest,
} from "@/lib/contracts/thoughtmcp-reasoning";
import { problemFromField } from "@/lib/thoughtmcp/envelope";
import {
  assessConfidenceTool,
  detectBiasTool,
  detectEmotionTool,
  evaluateTool,
} from "@/server/services/reasoning/metacognition";
import { analyzeTool, breakdownTool, ponderTool, thinkTool } from "@/server/services/reasoning/reasoning-tools";
import type { ToolAnswer } from "@/server/services/reasoning/tool-answer";
import type { ThoughtMcpCaller, ThoughtMcpHandler } from "./handlers";

/** A handler from a contract and a service; `example` is the suggestion when the arguments are not an object. */
function handler<S extends z.ZodType>(
  schema: S,
  example: string,
  service: (caller: ThoughtMcpCaller, input: z.infer<S>, raw: unknown) => Promise<ToolAnswer<unknown>>,
): ThoughtMcpHandler {
  return async (caller, args, envelope) => {
    const parsed = parseArguments(schema, args, example);
    if (!parsed.ok) return envelope.failure(problemFromField(parsed.problem));
    const answer = await service(caller, parsed.value, args);
    envelope.use(...answer.componentsUsed);
    return envelope.success(answer.data, answer.confidence === undefined ? {} : { confidence: answer.confidence });
  };
}

/**
 * A metacognitive tool: anyone may assess text, but storing the result on a thought (a thoughtId) changes the
 * thought's record, so it takes a key with write scope, as every other write does.
 */
function metacognitive<S extends z.ZodType<{ thoughtId?: string }>>(
  schema: S,
  example: string,
  service: (caller: ThoughtMcpCaller, input: z.infer<S>) => Promise<ToolAnswer<unknown>>,
): ThoughtMcpHandler {
  const inner = handler(schema, example, (caller, input) => service(caller, input));
  return async (caller, args, envelope) => {
    const parsed = parseArguments(schema, args, example);
    if (parsed.ok && parsed.value.thoughtId !== undefined && !scopeMayWrite(caller.scope)) {
      return envelope.failure({
        message: "Storing a result on a thought needs an API key with write scope; this key may only read.",
        suggestion: "Send the text instead of thoughtId to assess it without storing, or use a key with write scope.",
        code: "forbidden",
        field: "thoughtId",
      });
    }
    return inner(caller, args, envelope);
  };
}

const send = (example: Record<string, unknown>) => `Send e.g. ${JSON.stringify(example)}.`;

export const REASONING_HANDLERS: Readonly<Record<string, ThoughtMcpHandler>> = {
  think: handler(
    ZThinkRequest,
    send({ problem: "How to optimize database query performance?", mode: "analytical" }),
    thinkTool,
  ),
  analyze: handler(
    ZAnalyzeRequest,
    send({ problem: "Why is the system experiencing intermittent failures?" }),
    analyzeTool,
  ),
  ponder: handler(
    ZPonderRequest,
    send({ problem: "How should we approach the product roadmap for Q1?", timeout: 30000 }),
    (caller, input, raw) => ponderTool(caller, input, raw),
  ),
  breakdown: handler(
    ZBreakdownRequest,
    send({ problem: "Build a scalable web application", maxDepth: 3 }),
    breakdownTool,
  ),
  assess_confidence: metacognitive(
    ZAssessConfidenceRequest,
    send({ reasoning: "Based on benchmark results, throughput improves by 40%", evidence: ["Load test data"] }),
    assessConfidenceTool,
  ),
  detect_bias: metacognitive(
    ZDetectBiasRequest,
    send({ reasoning: "All the data I've seen supports my hypothesis" }),
    detectBiasTool,
  ),
  detect_emotion: metacognitive(
    ZDetectEmotionRequest,
    send({ text: "I'm really excited about this new project!", includeDiscrete: true }),
    detectEmotionTool,
  ),
  evaluate: metacognitive(
    ZEvaluateRequest,
    send({ reasoning: "The proposed solution is optimal because it meets all requirements" }),
    evaluateTool,
  ),
};
