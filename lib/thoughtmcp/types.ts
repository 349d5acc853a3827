// Shapes shared by every ThoughtMCP engine: the method tag each answer carries and the optional LLM refinement hook.
// The engines are pure; the HTTP call behind `Refiner` lives in server wiring (a later session), never in lib/.

/** How an answer was produced; goes into the envelope's metadata.componentsUsed. */
export type Method = "lexicon" | "rules" | "template" | "llm";

export interface EngineResult<T> {
  data: T;
  componentsUsed: string[];
}

export interface ReasoningContext {
  background?: string;
  constraints?: string[];
  goals?: string[];
}

/**
 * Optional refinement of think/ponder/evaluate by an OpenAI-compatible model. Server wiring implements it when
 * THOUGHTMCP_LLM_URL (and THOUGHTMCP_LLM_MODEL) are set; without it every engine answers from rules and templates.
 * A refiner gets the rule answer and returns text that replaces the conclusion, or null to keep the rule answer.
 */
export interface Refiner {
  refine(request: RefineRequest, signal: AbortSignal): Promise<string | null>;
}

export interface RefineRequest {
  tool: "think" | "ponder" | "evaluate";
  problem: string;
  ruleAnswer: string;
  context?: ReasoningContext;
}
