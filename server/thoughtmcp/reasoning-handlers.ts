// The handlers of ThoughtMCP's reasoning and metacognition tools; see handlers.ts for the handler contract. Their
// advertised schemas are in sdk/src/mcp/thoughtmcp/reasoning-definitions.ts, the engines in lib/thoughtmcp/.
import { parseArguments } from "@/lib/contracts/parse";
import { ZDetectEmotionRequest } from "@/lib/contracts/thoughtmcp-reasoning";
import { problemFromField } from "@/lib/thoughtmcp/envelope";
import { detectEmotion } from "@/lib/thoughtmcp/emotion";
import { ValidationError } from "@/server/errors";
import type { ThoughtMcpHandler } from "./handlers";

const EMOTION_EXAMPLE = 'Send {"text": "I\'m really excited about this new project!", "includeDiscrete": true}.';

const detectEmotionHandler: ThoughtMcpHandler = async (_caller, args, envelope) => {
  const parsed = parseArguments(ZDetectEmotionRequest, args, EMOTION_EXAMPLE);
  if (!parsed.ok) return envelope.failure(problemFromField(parsed.problem));
  const { text, includeDiscrete } = parsed.value;
  if (text === undefined) {
    // Reading the text of a thought (thoughtId) comes with the storage of metacognitive results (issue 16).
    throw new ValidationError({
      field: "text",
      message: "text is required.",
      suggestion: "Send the text to analyze.",
    });
  }
  const result = detectEmotion({ text, includeDiscrete });
  envelope.use(...result.componentsUsed);
  return envelope.success(result.data, { confidence: result.data.circumplex.confidence });
};

export const REASONING_HANDLERS: Readonly<Record<string, ThoughtMcpHandler>> = {
  detect_emotion: detectEmotionHandler,
};
