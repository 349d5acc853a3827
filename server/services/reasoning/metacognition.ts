// ThoughtMCP's metacognitive tools (seed 003: assess_confidence, detect_bias, detect_emotion, evaluate) as services.
// Each takes its text, or a `thoughtId` to read the text from; with a thoughtId the answer is stored on that thought
// (ThoughtAssessment, one row per thought and kind, replaced by the next call of the same kind) for the detail panel
// and the graph's badges, and the answer names the thought and its session. Sending both the text and a thoughtId is
// refused: which of the two was assessed would otherwise be a guess, and a stored result must describe the thought.
import type {
  TAssessConfidenceRequest,
  TDetectBiasRequest,
  TDetectEmotionRequest,
  TEvaluateRequest,
} from "@/lib/contracts/thoughtmcp-reasoning";
import { expandBiasAnswer } from "@/lib/thoughtmcp/answer-json";
import { detectBias, type BiasAnswer } from "@/lib/thoughtmcp/bias";
import { assessConfidence, type ConfidenceAnswer } from "@/lib/thoughtmcp/confidence";
import { detectEmotion, type EmotionAnswer } from "@/lib/thoughtmcp/emotion";
import { refined } from "./llm-refiner";
import { evaluate, type EvaluateAnswer } from "@/lib/thoughtmcp/evaluate";
import type { EngineResult } from "@/lib/thoughtmcp/types";
import type { AssessmentKind, AssessmentView } from "@/lib/contracts/reasoning-health";
import { getDb, type Db } from "@/server/db/client";
import { NotFoundError, ValidationError } from "@/server/errors";
import type { Writer } from "@/server/ingest/record-thoughts";
import type { ToolAnswer } from "./tool-answer";

/** Where a stored result went; absent when the call assessed text it was sent. */
export interface StoredOn {
  thoughtId?: string;
  sessionId?: string;
}

interface Subject {
  text: string;
  thought: { id: string; sessionId: string } | null;
}

/** The text to assess: the one sent, or the named thought's (scoped to the caller's project: another's is 404). */
async function subjectOf(db: Db, who: Writer, textField: string, text: string | undefined, thoughtId?: string) {
  if (thoughtId === undefined) return { text: text!, thought: null } satisfies Subject;
  if (text !== undefined) {
    throw new ValidationError({
      field: "thoughtId",
      message: `Send either ${textField} or thoughtId, not both.`,
      suggestion: `Leave out ${textField} to assess the thought's own text (and store the result on it), or leave out thoughtId to assess the text alone.`,
    });
  }
  const thought = await db.thought.findFirst({
    where: { projectId: who.projectId, id: thoughtId },
    select: { id: true, sessionId: true, text: true },
  });
  if (!thought) throw new NotFoundError(`Thought "${thoughtId}"`, "thoughtId");
  return { text: thought.text, thought: { id: thought.id, sessionId: thought.sessionId } } satisfies Subject;
}

/** Replaces the thought's result of this kind (one row per thought and kind). */
async function store(
  db: Db,
  who: Writer,
  thought: { id: string; sessionId: string },
  kind: AssessmentKind,
  result: EngineResult<unknown>,
): Promise<void> {
  const now = new Date();
  const fields = {
    result: result.data as object,
    componentsUsed: result.componentsUsed,
    updatedAt: now,
  };
  await db.thoughtAssessment.upsert({
    where: { thoughtId_kind: { thoughtId: thought.id, kind } },
    create: {
      projectId: who.projectId,
      sessionId: thought.sessionId,
      thoughtId: thought.id,
      kind,
      createdAt: now,
      ...fields,
    },
    update: fields,
  });
}

async function assess<T>(
  who: Writer,
  kind: AssessmentKind,
  subject: (db: Db) => Promise<Subject>,
  engine: (text: string) => EngineResult<T> | Promise<EngineResult<T>>,
  confidenceOf: (data: T) => number | undefined,
): Promise<ToolAnswer<T & StoredOn>> {
  const db = getDb();
  const { text, thought } = await subject(db);
  const result = await engine(text);
  if (thought) await store(db, who, thought, kind, result);
  const confidence = confidenceOf(result.data);
  return {
    data: { ...result.data, ...(thought ? { thoughtId: thought.id, sessionId: thought.sessionId } : {}) },
    componentsUsed: result.componentsUsed,
    ...(confidence === undefined ? {} : { confidence }),
  };
}

export function assessConfidenceTool(who: Writer, input: TAssessConfidenceRequest) {
  return assess<ConfidenceAnswer>(
    who,
    "confidence",
    (db) => subjectOf(db, who, "reasoning", input.reasoning, input.thoughtId),
    (reasoning) => assessConfidence({ reasoning, evidence: input.evidence }),
    (d) => d.overallConfidence,
  );
}

export function detectBiasTool(who: Writer, input: TDetectBiasRequest) {
  return assess<BiasAnswer>(
    who,
    "bias",
    (db) => subjectOf(db, who, "reasoning", input.reasoning, input.thoughtId),
    (reasoning) => detectBias({ reasoning, monitorContinuously: input.monitorContinuously }),
    () => undefined,
  );
}

export function detectEmotionTool(who: Writer, input: TDetectEmotionRequest) {
  return assess<EmotionAnswer>(
    who,
    "emotion",
    (db) => subjectOf(db, who, "text", input.text, input.thoughtId),
    (text) => detectEmotion({ text, includeDiscrete: input.includeDiscrete }),
    (d) => d.circumplex.confidence,
  );
}

export function evaluateTool(who: Writer, input: TEvaluateRequest) {
  return assess<EvaluateAnswer>(
    who,
    "evaluation",
    (db) => subjectOf(db, who, "reasoning", input.reasoning, input.thoughtId),
    (reasoning) => {
      const rule = evaluate({
        reasoning,
        includeConfidence: input.includeConfidence,
        includeBias: input.includeBias,
        includeEmotion: input.includeEmotion,
      });
      // With a model configured (llm-refiner.ts) its text is the evaluation's summary, stored with it on a thought.
      const d = rule.data;
      return refined(
        rule,
        {
          tool: "evaluate",
          problem: reasoning,
          ruleAnswer: [
            `Quality: ${JSON.stringify(d.quality)}`,
            `Strengths: ${d.strengths.join("; ") || "none"}`,
            `Weaknesses: ${d.weaknesses.join("; ") || "none"}`,
            `Recommendations: ${d.recommendations.join("; ") || "none"}`,
          ].join("\n"),
        },
        (data, summary) => ({ ...data, summary }),
      );
    },
    (d) => d.confidence?.overallConfidence,
  );
}

/** Every stored result of a session's thoughts, oldest thought first (one query on the sessionId index). */
export async function sessionAssessments(db: Db, projectId: string, sessionId: string): Promise<AssessmentView[]> {
  const rows = await db.thoughtAssessment.findMany({
    where: { projectId, sessionId },
    orderBy: [{ thoughtId: "asc" }, { kind: "asc" }],
  });
  return rows.map((r) => ({
    thoughtId: r.thoughtId,
    kind: r.kind as AssessmentKind,
    // The detectors on every thought store their bias answers compact (lib/thoughtmcp/answer-json.ts).
    result: r.kind === "bias" ? expandBiasAnswer(r.result) : r.result,
    componentsUsed: r.componentsUsed as string[],
    updatedAt: r.updatedAt.toISOString(),
  }));
}
