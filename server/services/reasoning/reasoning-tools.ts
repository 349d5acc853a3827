// ThoughtMCP's reasoning tools (seed 003: think, analyze, ponder, breakdown) as services: run the engine
// (lib/thoughtmcp, pure), then write what it produced as thoughts of a thinking session (reasoning-writes.ts), so
// every call leaves something a reviewer can see in the graph. Each answer is the seed's `data` plus `sessionId` and
// the ids of the thoughts written. Doors parse with lib/contracts/thoughtmcp-reasoning.ts and wrap the answer in the
// envelope; engine failures become domain errors here (a dependency cycle → 400 validation_error, a ponder that ran
// out of time → "Timeout exceeded").
import type {
  TAnalyzeRequest,
  TBreakdownRequest,
  TPonderRequest,
  TThinkRequest,
} from "@/lib/contracts/thoughtmcp-reasoning";
import { analyze, type AnalyzeAnswer } from "@/lib/thoughtmcp/analyze";
import { breakdown, DependencyCycleError, type BreakdownAnswer, type SubProblem } from "@/lib/thoughtmcp/breakdown";
import { THOUGHTMCP_ERRORS } from "@/lib/thoughtmcp/envelope";
import { ponder, PonderTimeoutError, type PonderAnswer } from "@/lib/thoughtmcp/ponder";
import { think, type ThinkAnswer } from "@/lib/thoughtmcp/think";
import type { EngineResult, ReasoningContext } from "@/lib/thoughtmcp/types";
import { DomainError, ValidationError } from "@/server/errors";
import type { Writer } from "@/server/ingest/record-thoughts";
import { refined } from "./llm-refiner";
import { writeReasoning, type ReasoningThought } from "./reasoning-writes";
import type { ToolAnswer } from "./tool-answer";

/** Where a call's thoughts went, added to every reasoning answer. */
export interface SessionPlacement {
  sessionId: string;
  thoughtIds: string[];
}

const bullets = (title: string, items: readonly string[]) =>
  items.length === 0 ? "" : `\n\n${title}:\n${items.map((i) => `- ${i}`).join("\n")}`;

function contextLines(context: ReasoningContext | undefined): string {
  if (!context) return "";
  return (
    (context.background ? `\n\nBackground: ${context.background}` : "") +
    bullets("Constraints", context.constraints ?? []) +
    bullets("Goals", context.goals ?? [])
  );
}

/** The domain error for an engine's failure (a dependency cycle, a ponder out of time), or null for any other error. */
export function engineFailure(error: unknown): DomainError | null {
  if (error instanceof DependencyCycleError) {
    return new ValidationError({
      field: "problem",
      message: `The sub-problems' dependencies form a cycle (${error.cycle.join(" → ")}), so no execution order exists.`,
      suggestion: "Rephrase the problem or lower maxDepth; an execution order needs dependencies without a cycle.",
    });
  }
  if (error instanceof PonderTimeoutError) {
    return new DomainError(
      "limit_exceeded",
      422,
      `${THOUGHTMCP_ERRORS.timeout}: no reasoning stream finished within ${error.timeout} ms.`,
      "timeout",
      "Raise timeout (up to 60000 ms) or simplify the problem.",
    );
  }
  return null;
}

/** Runs an engine; its known failures become the domain errors every door maps (nothing is written then). */
function run<T>(engine: () => EngineResult<T>): EngineResult<T> {
  try {
    return engine();
  } catch (error) {
    throw engineFailure(error) ?? error;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// think: one thought, its mode as the thought's stage.

export type ThinkToolData = ThinkAnswer & SessionPlacement & { thoughtId: string };

function thinkText(problem: string, answer: ThinkAnswer): string {
  if (answer.mode === "parallel") {
    return (
      `${problem}\n\n${answer.conclusion}` +
      bullets(
        "Insights",
        answer.insights.map((i) => `${i.content} (${i.sources.join(", ")})`),
      ) +
      bullets(
        "Conflicts",
        answer.conflicts.map((c) => c.description),
      )
    );
  }
  return (
    `${problem}\n\n${answer.conclusion}` + bullets("Reasoning", answer.reasoning) + bullets("Insights", answer.insights)
  );
}

export async function thinkTool(who: Writer, input: TThinkRequest, raw: unknown): Promise<ToolAnswer<ThinkToolData>> {
  const rule = run(() => think({ problem: input.problem, mode: input.mode, context: input.context }));
  // With a model configured (llm-refiner.ts) its text replaces the conclusion, in the answer and the thought.
  const result = await refined(
    rule,
    { tool: "think", problem: input.problem, ruleAnswer: thinkText("", rule.data).trim(), context: input.context },
    (data, conclusion) => ({ ...data, conclusion }),
  );
  const answer = result.data;
  const written = await writeReasoning(
    who,
    "think",
    input.sessionId,
    [
      {
        text: thinkText(input.problem, answer) + contextLines(input.context),
        number: 1,
        stage: input.mode,
        mark: { role: "thought", mode: input.mode, confidence: answer.confidence },
      },
    ],
    raw,
  );
  return {
    data: {
      ...answer,
      sessionId: written.sessionId,
      thoughtId: written.thoughtIds[0]!,
      thoughtIds: written.thoughtIds,
    },
    componentsUsed: result.componentsUsed,
    confidence: answer.confidence,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// analyze: the problem with the selected framework, one thought per step, then the conclusion; stage = framework id.

export type AnalyzeToolData = AnalyzeAnswer & SessionPlacement;

export async function analyzeTool(
  who: Writer,
  input: TAnalyzeRequest,
  raw: unknown,
): Promise<ToolAnswer<AnalyzeToolData>> {
  const result = run(() =>
    analyze({ problem: input.problem, preferredFramework: input.preferredFramework, context: input.context }),
  );
  const a = result.data;
  const stage = a.framework.id;
  const thoughts: ReasoningThought[] = [
    {
      text:
        `${input.problem}\n\nFramework: ${a.framework.name} (selection confidence ${a.selection.confidence}). ` +
        `${a.selection.reason}.` +
        bullets(
          "Alternatives",
          a.alternatives.map((x) => `${x.framework.name}: ${x.reason}`),
        ) +
        contextLines(input.context),
      number: 1,
      stage,
      mark: { role: "problem", framework: a.framework.id, selectionConfidence: a.selection.confidence },
    },
    ...a.result.steps.map((step, i): ReasoningThought => ({
      text: `Step ${i + 1} of ${a.result.steps.length} (${a.framework.name}): ${step}`,
      number: i + 2,
      stage,
      mark: { role: "step", framework: a.framework.id, step: i + 1 },
    })),
    {
      text: `${a.result.conclusion}` + bullets("Insights", a.result.insights),
      number: a.result.steps.length + 2,
      stage,
      mark: { role: "conclusion", framework: a.framework.id, confidence: a.result.confidence },
    },
  ];
  const written = await writeReasoning(who, "analyze", input.sessionId, thoughts, raw);
  return {
    data: { ...a, sessionId: written.sessionId, thoughtIds: written.thoughtIds },
    componentsUsed: result.componentsUsed,
    confidence: a.selection.confidence,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// ponder: the problem, one branch per stream that ran (its steps, insights and conclusion), then a synthesis thought
// on the main path with the recommendations and the conflicts kept.

export type PonderToolData = PonderAnswer &
  SessionPlacement & {
    /** The thought of each stream that ran, by stream name; the problem's and the synthesis's thoughts. */
    thoughts: { problem: string; streams: Partial<Record<string, string>>; synthesis: string };
  };

/** `clock` is ponder's (performance.now by default): a test makes time pass with it to reach the timeout. */
export async function ponderTool(
  who: Writer,
  input: TPonderRequest,
  raw: unknown,
  clock?: () => number,
): Promise<ToolAnswer<PonderToolData>> {
  const rule = run(() => ponder({ problem: input.problem, timeout: input.timeout, context: input.context }, clock));
  // With a model configured (llm-refiner.ts) its text replaces the synthesis's conclusion.
  const result = await refined(
    rule,
    {
      tool: "ponder",
      problem: input.problem,
      ruleAnswer:
        rule.data.conclusion +
        bullets(
          "Insights",
          rule.data.insights.map((i) => `${i.content} (${i.sources.join(", ")})`),
        ),
      context: input.context,
    },
    (data, conclusion) => ({ ...data, conclusion }),
  );
  const p = result.data;
  const ran = p.streams.filter((s) => s.status === "completed").map((s) => s.stream);
  const thoughts: ReasoningThought[] = [
    {
      text: input.problem + contextLines(input.context),
      number: 1,
      stage: "ponder",
      mark: { role: "problem", streams: p.streams },
    },
    ...ran.map((stream): ReasoningThought => ({
      text:
        `${stream[0]!.toUpperCase()}${stream.slice(1)} stream: ${p.insights.find((i) => i.sources.includes(stream))?.content ?? "no insight from this stream's templates"}` +
        bullets(
          "Insights",
          p.insights.filter((i) => i.sources.includes(stream)).map((i) => `${i.content} (importance ${i.importance})`),
        ),
      number: 2,
      branch: { name: stream, from: 1 },
      stage: stream,
      mark: {
        role: "stream",
        stream,
        insights: p.insights.filter((i) => i.sources.includes(stream)).length,
      },
    })),
    {
      text:
        `Synthesis: ${p.conclusion}` +
        bullets(
          "Recommendations",
          p.recommendations.map((r) => `${r.description} (${r.sources.join(", ")}; priority ${r.priority})`),
        ) +
        bullets(
          "Conflicts kept",
          p.conflicts.map((c) => `${c.description} (${c.sourceStreams.join(" vs ")}; severity ${c.severity})`),
        ),
      number: 3,
      stage: "synthesis",
      mark: { role: "synthesis", confidence: p.confidence, quality: p.quality, conflicts: p.conflicts.length },
    },
  ];
  const written = await writeReasoning(who, "ponder", input.sessionId, thoughts, raw);
  const ids = written.thoughtIds;
  return {
    data: {
      ...p,
      sessionId: written.sessionId,
      thoughtIds: ids,
      thoughts: {
        problem: ids[0]!,
        streams: Object.fromEntries(ran.map((s, i) => [s, ids[i + 1]!])),
        synthesis: ids[ids.length - 1]!,
      },
    },
    componentsUsed: result.componentsUsed,
    confidence: p.confidence,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// breakdown: one thought per sub-problem in execution order. The root is on the main path; each top-level
// sub-problem starts a branch from it and its descendants continue that branch, so the graph draws the tree as lanes.
// Every thought's metadata names its node and the nodes it depends on (hierarchical and sequential), from which the
// graph draws the dependency edges.

export type BreakdownToolData = BreakdownAnswer &
  SessionPlacement & {
    /** The thought written for each sub-problem, by sub-problem id. */
    thoughtOf: Record<string, string>;
  };

export async function breakdownTool(
  who: Writer,
  input: TBreakdownRequest,
  raw: unknown,
): Promise<ToolAnswer<BreakdownToolData>> {
  const result = run(() => breakdown({ problem: input.problem, maxDepth: input.maxDepth }));
  const b = result.data;
  const byId = new Map(b.subProblems.map((s) => [s.id, s]));
  const topOf = (s: SubProblem): SubProblem => {
    let node = s;
    while (node.depth > 2 && node.parent) node = byId.get(node.parent)!;
    return node;
  };
  const thoughts = b.executionOrder.map((id, i): ReasoningThought => {
    const s = byId.get(id)!;
    const dependsOn = b.dependencies.filter((d) => d.to === id).map((d) => ({ node: d.from, type: d.type }));
    return {
      text:
        s.depth === 1
          ? s.description + contextLines(input.context)
          : `Sub-problem ${s.id} (depth ${s.depth}): ${s.description}`,
      number: i + 1,
      ...(s.depth === 1 ? {} : { branch: { name: topOf(s).id, from: 1 } }),
      stage: `depth-${s.depth}`,
      mark: { role: s.depth === 1 ? "problem" : "subproblem", node: s.id, depth: s.depth, dependsOn },
    };
  });
  const written = await writeReasoning(who, "breakdown", input.sessionId, thoughts, raw);
  const thoughtOf = Object.fromEntries(b.executionOrder.map((id, i) => [id, written.thoughtIds[i]!]));
  return {
    data: { ...b, sessionId: written.sessionId, thoughtIds: written.thoughtIds, thoughtOf },
    componentsUsed: result.componentsUsed,
  };
}
