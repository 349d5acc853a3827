// ThoughtMCP's reasoning and metacognition tools (think, analyze, ponder, breakdown, assess_confidence, detect_bias,
// detect_emotion, evaluate) as advertised to MCP clients: seed 003's names, input schemas, defaults and bounds.
// Served through THOUGHTMCP_TOOLS (./definitions.ts); their handlers are in server/thoughtmcp/reasoning-handlers.ts.
import type { ThoughtMcpToolDefinition } from "./definitions";

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const DETECT_EMOTION: ThoughtMcpToolDefinition = {
  name: "detect_emotion",
  title: "Detect emotion",
  description:
    "Detect the emotions in a text with the Circumplex model (valence −1 to +1, arousal 0 to 1, dominance −1 to +1) " +
    "and classify 11 discrete emotions: joy, sadness, anger, fear, disgust, surprise, pride, shame, guilt, " +
    "gratitude, awe. Computed from word lists (AFINN-165 and thoughtgraph's own lexicon), never by a model; " +
    "metadata.componentsUsed says so.",
  inputSchema: {
    type: "object",
    properties: {
      text: { type: "string", description: "Text to analyze for emotions (required)." },
      includeDiscrete: {
        type: "boolean",
        default: true,
        description: "Include discrete emotion classification (default: true).",
      },
      context: { type: "string", description: "Context for emotion detection (optional)." },
    },
    required: ["text"],
  },
  annotations: READ_ONLY,
  writes: false,
  example: {
    text: "I'm really excited about this new project! It's going to be amazing!",
    includeDiscrete: true,
    context: "Work communication",
  },
};

export const REASONING_TOOL_DEFINITIONS: readonly ThoughtMcpToolDefinition[] = [DETECT_EMOTION];
