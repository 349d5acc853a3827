// The seed's enums and bounds for the reasoning tools, in a file without engine code or data, so the contracts
// (lib/contracts/thoughtmcp-reasoning.ts) can import them without pulling the lexicons into a client bundle.

export const THINK_MODES = ["analytical", "creative", "critical", "synthetic", "parallel"] as const;
export type ThinkMode = (typeof THINK_MODES)[number];

export const STREAMS = ["analytical", "creative", "critical", "synthetic"] as const;
export type StreamName = (typeof STREAMS)[number];

export const FRAMEWORK_IDS = [
  "scientific-method",
  "design-thinking",
  "systems-thinking",
  "critical-thinking",
  "creative-problem-solving",
  "root-cause-analysis",
  "first-principles",
  "scenario-planning",
] as const;
export type FrameworkId = (typeof FRAMEWORK_IDS)[number];

export const BIAS_TYPES = [
  "confirmation",
  "anchoring",
  "availability",
  "recency",
  "representativeness",
  "framing",
  "sunk_cost",
  "attribution",
] as const;
export type BiasType = (typeof BIAS_TYPES)[number];

export const DISCRETE_EMOTIONS = [
  "joy",
  "sadness",
  "anger",
  "fear",
  "disgust",
  "surprise",
  "pride",
  "shame",
  "guilt",
  "gratitude",
  "awe",
] as const;
export type DiscreteEmotion = (typeof DISCRETE_EMOTIONS)[number];

/** breakdown's maxDepth (seed: 1–5, default 3). */
export const BREAKDOWN_DEPTH = { min: 1, max: 5, default: 3 } as const;
/** ponder's timeout in ms (seed: 1000–60000, default 30000). */
export const PONDER_TIMEOUT = { min: 1000, max: 60000, default: 30000 } as const;
