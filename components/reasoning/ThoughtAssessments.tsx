"use client";
// The detail panel's "Metacognition" section: the results ThoughtMCP's assess_confidence, detect_bias,
// detect_emotion and evaluate stored on this thought, each with the method that produced it (rules, lexicon).
import type { AssessmentView } from "@/lib/contracts/reasoning-health";
import { Badge } from "@/components/ui/Badge";
import { useSessionReasoning } from "./useSessionReasoning";

interface BiasResult {
  biases: { type: string; severity: number; evidence: string[]; correction: string }[];
}
interface ConfidenceResult {
  overallConfidence: number;
  interpretation: string;
}
interface EmotionResult {
  circumplex: { valence: number; arousal: number };
  discrete?: { primary: string | null };
}
interface EvaluationResult {
  quality: Record<string, number>;
  weaknesses: string[];
}

const words = (type: string) => type.replace(/_/g, " ");

function Result({ a }: { a: Pick<AssessmentView, "kind"> & { result?: unknown } }) {
  switch (a.kind) {
    case "bias": {
      const r = a.result as BiasResult;
      if (r.biases.length === 0) return <span>no bias found</span>;
      return (
        <ul className="flex flex-col gap-1">
          {r.biases.map((b) => (
            <li key={b.type}>
              <Badge variant="warning">{words(b.type)}</Badge> severity {b.severity}: “{b.evidence[0]}”. {b.correction}
            </li>
          ))}
        </ul>
      );
    }
    case "confidence": {
      const r = a.result as ConfidenceResult;
      return (
        <span>
          {Math.round(r.overallConfidence * 100)}%: {r.interpretation}
        </span>
      );
    }
    case "emotion": {
      const r = a.result as EmotionResult;
      return (
        <span>
          {r.discrete?.primary ?? "no discrete emotion"}; valence {r.circumplex.valence}, arousal {r.circumplex.arousal}
        </span>
      );
    }
    case "evaluation": {
      const r = a.result as EvaluationResult;
      const q = Object.entries(r.quality).map(([k, v]) => `${k} ${v}`);
      return (
        <span>
          {q.join(", ")}
          {r.weaknesses.length ? `; weak: ${r.weaknesses.join(", ")}` : ""}
        </span>
      );
    }
  }
}

const TITLES = { confidence: "Confidence", bias: "Bias", emotion: "Emotion", evaluation: "Evaluation" } as const;

export function ThoughtAssessments({ sessionId, thoughtId }: { sessionId: string; thoughtId: string }) {
  const reasoning = useSessionReasoning(sessionId);
  const mine = reasoning.data?.assessments.filter((a) => a.thoughtId === thoughtId) ?? [];
  if (mine.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" data-testid="thought-assessments">
      <h3 className="text-sm font-semibold text-muted-foreground">Metacognition</h3>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1.5 text-sm">
        {mine.map((a) => (
          <div key={a.kind} className="contents">
            <dt className="text-muted-foreground">
              {TITLES[a.kind]} <span className="text-xs">({a.componentsUsed.join(", ")})</span>
            </dt>
            <dd>
              <Result a={a} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
