// ponder: runs the four streams within `timeout` ms, keeps their conflicts, attributes every insight to its stream and
// synthesises a conclusion and recommendations. The streams are templates taking well under a millisecond each, so
// they run one after another; a stream that would start after the deadline is reported as timed out, not run. The
// clock is a parameter so a test can make time pass. Method: template (+ rules when the critical stream finds a bias).
import { conflictsBetween, runStream, type Conflict, type StreamInsight } from "./streams";
import { clamp, round2 } from "./text";
import type { EngineResult, ReasoningContext } from "./types";
import { PONDER_TIMEOUT, STREAMS, type StreamName } from "./vocabulary";

export interface Recommendation {
  description: string;
  sources: StreamName[];
  priority: number;
  confidence: number;
  rationale: string;
}

export interface PonderAnswer {
  conclusion: string;
  insights: StreamInsight[];
  recommendations: Recommendation[];
  conflicts: Conflict[];
  confidence: number;
  quality: number;
  streams: { stream: StreamName; status: "completed" | "timeout"; insightCount: number }[];
}

export interface PonderInput {
  problem: string;
  timeout?: number;
  context?: ReasoningContext;
}

export class PonderTimeoutError extends Error {
  constructor(readonly timeout: number) {
    super(`Timeout exceeded: no reasoning stream finished within ${timeout} ms`);
    this.name = "PonderTimeoutError";
  }
}

export function ponder(input: PonderInput, clock: () => number = () => performance.now()): EngineResult<PonderAnswer> {
  const timeout = input.timeout ?? PONDER_TIMEOUT.default;
  const deadline = clock() + timeout;
  const outputs = [];
  const streams: PonderAnswer["streams"] = [];
  // Synthetic runs last because it combines what the other three said.
  for (const stream of STREAMS) {
    if (clock() >= deadline) {
      streams.push({ stream, status: "timeout", insightCount: 0 });
      continue;
    }
    const out = runStream(stream, input.problem, input.context);
    outputs.push(out);
    streams.push({ stream, status: "completed", insightCount: out.insights.length });
  }
  if (outputs.length === 0) throw new PonderTimeoutError(timeout);

  const ran = new Set(outputs.map((o) => o.stream));
  const insights = outputs.flatMap((o) => o.insights).sort((a, b) => b.importance - a.importance);
  const conflicts = conflictsBetween(ran, input.problem, input.context);
  const recommendations: Recommendation[] = [];
  const synthetic = outputs.find((o) => o.stream === "synthetic");
  if (synthetic) {
    recommendations.push({
      description: synthetic.conclusion,
      sources: ["synthetic"],
      priority: 1,
      confidence: 0.8,
      rationale: `Combines ${[...ran].filter((s) => s !== "synthetic").join(", ")} while keeping ${conflicts.length} conflict(s) visible`,
    });
  }
  for (const o of outputs.filter((x) => x.stream !== "synthetic")) {
    const top = o.insights[0];
    if (!top) continue;
    recommendations.push({
      description: top.content,
      sources: [o.stream],
      priority: recommendations.length + 1,
      confidence: top.confidence,
      rationale: `Strongest point of the ${o.stream} stream`,
    });
  }
  const mean = insights.reduce((s, i) => s + i.confidence, 0) / Math.max(1, insights.length);
  // Each open conflict and each missing stream lowers confidence; quality rewards coverage by all four streams.
  const confidence = round2(clamp(mean - 0.05 * conflicts.length - 0.1 * (STREAMS.length - ran.size), 0.1, 0.95));
  const quality = round2(clamp((ran.size / STREAMS.length) * 0.6 + Math.min(1, insights.length / 10) * 0.35, 0, 0.95));
  return {
    data: {
      conclusion: (synthetic ?? outputs[outputs.length - 1]!).conclusion,
      insights,
      recommendations,
      conflicts,
      confidence,
      quality,
      streams,
    },
    componentsUsed: outputs.some((o) => o.usedBiasRules) ? ["template", "rules"] : ["template"],
  };
}
