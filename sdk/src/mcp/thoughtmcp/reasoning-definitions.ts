// ThoughtMCP's reasoning and metacognition tools (think, analyze, ponder, breakdown, assess_confidence, detect_bias,
// detect_emotion, evaluate) as advertised to MCP clients: seed 003's names, input schemas, defaults and bounds.
// Served through THOUGHTMCP_TOOLS (./definitions.ts); their handlers are in server/thoughtmcp/reasoning-handlers.ts.
import {
  BIAS_TYPES,
  BREAKDOWN_DEPTH,
  DISCRETE_EMOTIONS,
  FRAMEWORK_IDS,
  PONDER_TIMEOUT,
  THINK_MODES,
} from "../../../../lib/thoughtmcp/vocabulary";
import type { ThoughtMcpToolDefinition } from "./definitions";
import { ADDS_RECORDS, booleanOption, stringArray } from "./json-schema";

/** A metacognitive tool changes nothing unless given a thoughtId, and then replaces that thought's result of its kind. */
const STORES_ON_THOUGHT = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

// The seed's bounds and enums, from the contracts' vocabulary so the advertised schema and the parser agree.
const CONTEXT_ITEMS = 50;
const stringList = (description: string) => stringArray(description, CONTEXT_ITEMS);
const reasoningContext = (goals: boolean) => ({
  type: "object",
  description: "Additional context for reasoning (optional).",
  properties: {
    background: { type: "string", description: "Background information." },
    constraints: stringList("Constraints to consider."),
    ...(goals ? { goals: stringList("Goals to achieve.") } : {}),
  },
});
const sessionId = {
  type: "string",
  description:
    "thoughtgraph: the thinking session to record this call in (an id a previous call returned, or your own key). " +
    "Without one, the call starts a new session. The answer returns sessionId and the ids of the thoughts written.",
};
const thoughtId = {
  type: "string",
  description:
    "thoughtgraph: instead of the text, the id of a thought to read it from; the result is then stored on that " +
    "thought (shown in the dashboard's detail panel and as a badge on its graph node). Send the text or a thoughtId.",
};
const SESSION_NOTE =
  " Every call is recorded as a thinking session that people can review in the thoughtgraph dashboard.";

export const DETECT_EMOTION: ThoughtMcpToolDefinition = {
  name: "detect_emotion",
  title: "Detect emotion",
  description:
    "Detect the emotions in a text with the Circumplex model (valence −1 to +1, arousal 0 to 1, dominance −1 to +1) " +
    `and classify 11 discrete emotions: ${DISCRETE_EMOTIONS.join(", ")}. Computed from word lists (AFINN-165 and ` +
    "thoughtgraph's own lexicon), never by a model; metadata.componentsUsed says so.",
  inputSchema: {
    type: "object",
    properties: {
      text: { type: "string", description: "Text to analyze for emotions (required unless thoughtId is given)." },
      includeDiscrete: booleanOption(true, "Include discrete emotion classification (default: true)."),
      context: { type: "string", description: "Context for emotion detection (optional)." },
      thoughtId,
    },
  },
  annotations: STORES_ON_THOUGHT,
  writes: false,
  example: {
    text: "I'm really excited about this new project! It's going to be amazing!",
    includeDiscrete: true,
    context: "Work communication",
  },
};

export const THINK: ThoughtMcpToolDefinition = {
  name: "think",
  title: "Think",
  description:
    "Perform reasoning with a specified mode: analytical (logical), creative (innovative), critical (skeptical), " +
    "synthetic (holistic), or parallel (all four streams, answered as ponder answers). Produced from templates and " +
    "rules, never by a model unless the server is configured with one; metadata.componentsUsed says which." +
    SESSION_NOTE +
    " The thought carries its mode.",
  inputSchema: {
    type: "object",
    properties: {
      problem: { type: "string", description: "Problem or question to reason about (required)." },
      mode: { type: "string", enum: [...THINK_MODES], description: "Reasoning mode (required)." },
      context: reasoningContext(true),
      sessionId,
    },
    required: ["problem", "mode"],
  },
  annotations: ADDS_RECORDS, // records its reasoning as new thoughts
  writes: true,
  example: {
    problem: "How to optimize database query performance?",
    mode: "analytical",
    context: {
      background: "PostgreSQL database with 1M records",
      constraints: ["No schema changes", "Minimal downtime"],
      goals: ["Reduce p95 latency to <100ms"],
    },
  },
};

export const ANALYZE: ThoughtMcpToolDefinition = {
  name: "analyze",
  title: "Analyze with a framework",
  description:
    "Analyze a problem with a systematic thinking framework, selected from the problem's features (with the " +
    "selection's confidence, reason and alternatives) or given as preferredFramework. Frameworks: " +
    `${FRAMEWORK_IDS.join(", ")}. Selection by rules, steps from templates.` +
    SESSION_NOTE +
    " The framework's steps become the session's thoughts.",
  inputSchema: {
    type: "object",
    properties: {
      problem: { type: "string", description: "Problem to analyze systematically (required)." },
      preferredFramework: {
        type: "string",
        enum: [...FRAMEWORK_IDS],
        description: "Preferred framework (optional, overrides automatic selection).",
      },
      context: reasoningContext(true),
      sessionId,
    },
    required: ["problem"],
  },
  annotations: ADDS_RECORDS, // records its reasoning as new thoughts
  writes: true,
  example: {
    problem: "Why is the system experiencing intermittent failures?",
    context: { background: "Production system with 99.9% SLA", constraints: ["Cannot take system offline"] },
  },
};

export const PONDER: ThoughtMcpToolDefinition = {
  name: "ponder",
  title: "Ponder in parallel streams",
  description:
    "Run the analytical, creative, critical and synthetic reasoning streams within a timeout, keep their conflicts, " +
    "attribute every insight to its stream and synthesise recommendations. Templates and rules." +
    SESSION_NOTE +
    " Each stream is a branch from the problem, followed by a synthesis thought.",
  inputSchema: {
    type: "object",
    properties: {
      problem: { type: "string", description: "Problem to analyze with parallel reasoning (required)." },
      timeout: {
        type: "number",
        minimum: PONDER_TIMEOUT.min,
        maximum: PONDER_TIMEOUT.max,
        default: PONDER_TIMEOUT.default,
        description: "Total timeout in milliseconds (default: 30000ms, max: 60000ms).",
      },
      context: reasoningContext(true),
      sessionId,
    },
    required: ["problem"],
  },
  annotations: ADDS_RECORDS, // records its reasoning as new thoughts
  writes: true,
  example: {
    problem: "How should we approach the product roadmap for Q1?",
    timeout: 30000,
    context: { background: "SaaS product with growing user base", goals: ["Increase retention", "Launch mobile app"] },
  },
};

export const BREAKDOWN: ThoughtMcpToolDefinition = {
  name: "breakdown",
  title: "Break down into sub-problems",
  description:
    "Decompose a problem into hierarchical sub-problems with dependencies and an execution order by topological " +
    "sort (a dependency cycle is an error, never a hang). Templates." +
    SESSION_NOTE +
    " Each sub-problem is a thought; the dependencies are drawn as edges in the graph.",
  inputSchema: {
    type: "object",
    properties: {
      problem: { type: "string", description: "Problem to decompose (required)." },
      maxDepth: {
        type: "number",
        minimum: BREAKDOWN_DEPTH.min,
        maximum: BREAKDOWN_DEPTH.max,
        default: BREAKDOWN_DEPTH.default,
        description: "Maximum decomposition depth (default: 3, max: 5).",
      },
      context: reasoningContext(false),
      sessionId,
    },
    required: ["problem"],
  },
  annotations: ADDS_RECORDS, // records its reasoning as new thoughts
  writes: true,
  example: { problem: "Build a scalable web application", maxDepth: 3 },
};

export const ASSESS_CONFIDENCE: ThoughtMcpToolDefinition = {
  name: "assess_confidence",
  title: "Assess confidence",
  description:
    "Assess confidence in reasoning on five dimensions (evidence quality, reasoning coherence, completeness, " +
    "uncertainty level, bias freedom), with an interpretation, warnings and recommendations. Counted signals and " +
    "rules, never a model.",
  inputSchema: {
    type: "object",
    properties: {
      reasoning: { type: "string", description: "Reasoning to assess (required unless thoughtId is given)." },
      evidence: stringList("Supporting evidence (optional)."),
      context: { type: "string", description: "Context for assessment (optional)." },
      thoughtId,
    },
  },
  annotations: STORES_ON_THOUGHT,
  writes: false,
  example: {
    reasoning: "Based on benchmark results, the optimization will improve throughput by 40%",
    evidence: ["Benchmark results showing 40% improvement", "Load test data", "Production metrics"],
    context: "Production deployment decision",
  },
};

export const DETECT_BIAS: ThoughtMcpToolDefinition = {
  name: "detect_bias",
  title: "Detect cognitive biases",
  description:
    `Detect cognitive biases in reasoning: ${BIAS_TYPES.join(", ")}. Each finding has a severity, the evidence ` +
    "it matched (with offsets), a correction and a confidence. Phrase rules, never a model.",
  inputSchema: {
    type: "object",
    properties: {
      reasoning: {
        type: "string",
        description: "Reasoning to analyze for biases (required unless thoughtId is given).",
      },
      context: { type: "string", description: "Context for bias detection (optional)." },
      monitorContinuously: booleanOption(false, "Enable continuous monitoring (default: false)."),
      thoughtId,
    },
  },
  annotations: STORES_ON_THOUGHT,
  writes: false,
  example: {
    reasoning: "All the data I've seen supports my hypothesis that users prefer feature A",
    context: "Product research analysis",
  },
};

export const EVALUATE: ThoughtMcpToolDefinition = {
  name: "evaluate",
  title: "Evaluate reasoning quality",
  description:
    "Evaluate reasoning quality (coherence, completeness, logical validity, evidence support) with strengths, " +
    "weaknesses and recommendations; optionally the confidence, bias and emotion answers too. Rules and lexicons.",
  inputSchema: {
    type: "object",
    properties: {
      reasoning: { type: "string", description: "Reasoning to analyze (required unless thoughtId is given)." },
      context: { type: "string", description: "Context for analysis (optional)." },
      includeConfidence: booleanOption(true, "Include the confidence assessment (default: true)."),
      includeBias: booleanOption(true, "Include bias detection (default: true)."),
      includeEmotion: booleanOption(false, "Include emotion detection (default: false)."),
      thoughtId,
    },
  },
  annotations: STORES_ON_THOUGHT,
  writes: false,
  example: {
    reasoning: "The proposed solution is optimal because it meets all requirements",
    context: "Architecture decision review",
    includeConfidence: true,
    includeBias: true,
    includeEmotion: false,
  },
};

/** In the seed's order: reasoning tools, then metacognitive tools. */
export const REASONING_TOOL_DEFINITIONS: readonly ThoughtMcpToolDefinition[] = [
  THINK,
  ANALYZE,
  PONDER,
  BREAKDOWN,
  ASSESS_CONFIDENCE,
  DETECT_BIAS,
  DETECT_EMOTION,
  EVALUATE,
];
