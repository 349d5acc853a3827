// The four reasoning streams (analytical, creative, critical, synthetic) as template engines over data/streams.json,
// shared by think (one stream) and ponder (all four). Method: template; the critical stream adds the bias rules.
import { detectBias } from "./bias";
import streamsJson from "./data/streams.json";
import type { ReasoningContext } from "./types";
import type { StreamName } from "./vocabulary";

interface TemplateInsight {
  text: string;
  importance: number;
  confidence: number;
}

export interface StreamInsight {
  content: string;
  sources: StreamName[];
  importance: number;
  confidence: number;
}

export interface StreamOutput {
  stream: StreamName;
  steps: string[];
  insights: StreamInsight[];
  conclusion: string;
  usedBiasRules: boolean;
}

type Values = Record<string, string | undefined>;

/** Fills {name} placeholders; null when a placeholder has no value, so the template is skipped. */
export function fill(template: string, values: Values): string | null {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === "") missing = true;
    return value ?? "";
  });
  return missing ? null : text;
}

export function valuesOf(problem: string, context?: ReasoningContext): Values {
  const numbers = problem.match(/\d+(?:\.\d+)?\s?%?/g);
  return {
    problem: problem.trim().replace(/[.?!]+$/, ""),
    constraint: context?.constraints?.[0],
    goal: context?.goals?.[0],
    goal2: context?.goals?.[1],
    numbers: numbers ? numbers.map((n) => n.trim()).join(", ") : undefined,
  };
}

export function runStream(stream: StreamName, problem: string, context?: ReasoningContext): StreamOutput {
  const template = streamsJson.streams[stream];
  const values = valuesOf(problem, context);
  const insights: StreamInsight[] = [];
  for (const t of template.insights as TemplateInsight[]) {
    const content = fill(t.text, values);
    if (content) insights.push({ content, sources: [stream], importance: t.importance, confidence: t.confidence });
  }
  let usedBiasRules = false;
  if (stream === "critical") {
    // The critical stream also reads the problem and background for biased phrasing.
    const text = [problem, context?.background ?? ""].join("\n");
    for (const bias of detectBias({ reasoning: text }).data.biases) {
      usedBiasRules = true;
      insights.push({
        content: `The framing shows possible ${bias.type.replace("_", " ")} bias ("${bias.evidence[0]}"): ${bias.correction}`,
        sources: ["critical"],
        importance: bias.severity,
        confidence: bias.confidence,
      });
    }
  }
  return {
    stream,
    steps: template.steps.map((s) => fill(s, values) ?? s),
    insights,
    conclusion: fill(template.conclusion, values) ?? template.conclusion,
    usedBiasRules,
  };
}

export interface Conflict {
  id: string;
  type: string;
  description: string;
  severity: number;
  sourceStreams: StreamName[];
}

/** The conflicts between the streams that ran; a conflict needing a value (a constraint, a second goal) needs it given. */
export function conflictsBetween(
  ran: ReadonlySet<StreamName>,
  problem: string,
  context?: ReasoningContext,
): Conflict[] {
  const values = valuesOf(problem, context);
  const conflicts: Conflict[] = [];
  for (const c of streamsJson.conflicts) {
    const between = c.between as StreamName[];
    if (!between.every((s) => ran.has(s))) continue;
    if (c.needs && !values[c.needs]) continue;
    const description = fill(c.description, values);
    if (!description) continue;
    conflicts.push({
      id: `conflict-${conflicts.length + 1}`,
      type: c.type,
      description,
      severity: c.severity,
      sourceStreams: between,
    });
  }
  return conflicts;
}
