// The badges a graph node shows for the metacognitive results stored on its thought: the most severe bias
// detect_bias found and assess_confidence's overall confidence. Built once per session read from the assessments the
// session view already loads, so each node costs one map lookup.
import type { AssessmentView } from "../contracts/reasoning-health";

export interface NodeBadge {
  /** The most severe bias's type in words ("sunk cost"), or null when none was stored or none found. */
  bias: string | null;
  /** How many biases detect_bias found (the badge's title lists them). */
  biases: string[];
  /** assess_confidence's overall confidence, 0–1, or null. */
  confidence: number | null;
}

interface BiasFinding {
  type: string;
  severity: number;
}

const words = (type: string) => type.replace(/_/g, " ");

function biasesOf(result: unknown): BiasFinding[] {
  const list = (result as { biases?: unknown } | null)?.biases;
  if (!Array.isArray(list)) return [];
  return list.flatMap((b: unknown) => {
    const { type, severity } = (b ?? {}) as Record<string, unknown>;
    return typeof type === "string" ? [{ type, severity: typeof severity === "number" ? severity : 0 }] : [];
  });
}

function confidenceOf(result: unknown): number | null {
  const c = (result as { overallConfidence?: unknown } | null)?.overallConfidence;
  return typeof c === "number" && Number.isFinite(c) ? c : null;
}

/** Badges by thought id; thoughts with neither a bias nor a confidence get none. */
export function nodeBadges(
  assessments: readonly (Pick<AssessmentView, "thoughtId" | "kind"> & { result?: unknown })[],
) {
  const out = new Map<string, NodeBadge>();
  const of = (id: string) => {
    let b = out.get(id);
    if (!b) {
      b = { bias: null, biases: [], confidence: null };
      out.set(id, b);
    }
    return b;
  };
  for (const a of assessments) {
    if (a.kind === "bias") {
      const found = biasesOf(a.result).sort((x, y) => y.severity - x.severity);
      if (found.length === 0) continue;
      const b = of(a.thoughtId);
      b.bias = words(found[0]!.type);
      b.biases = found.map((f) => words(f.type));
    } else if (a.kind === "confidence") {
      const c = confidenceOf(a.result);
      if (c !== null) of(a.thoughtId).confidence = c;
    }
  }
  return out;
}

/** The badge's identity for the graph's node cache: equal text, no re-render. */
export function badgeKey(b: NodeBadge | null): string {
  return b ? `${b.biases.join(",")}|${b.confidence ?? ""}` : "";
}
