// A session's reasoning health and the metacognitive results on its thoughts, for the dashboard's session header and
// detail panel (GET /api/v1/sessions/{id} carries the same through getSessionGraph). Health is folded on read
// (lib/health/reasoning-health.ts): O(words) per thought, the same load the session view's outline already makes.
import type { AssessmentView } from "@/lib/contracts/reasoning-health";
import { sessionHealth, type ReasoningHealth } from "@/lib/health/reasoning-health";
import type { Db } from "@/server/db/client";
import { toThoughtView } from "../sessions/sessions";
import { sessionAssessments } from "./metacognition";

export interface SessionReasoning {
  health: ReasoningHealth;
  assessments: AssessmentView[];
}

export async function sessionReasoning(db: Db, projectId: string, sessionId: string): Promise<SessionReasoning> {
  const [thoughts, assessments] = await Promise.all([
    db.thought.findMany({ where: { projectId, sessionId }, orderBy: { seq: "asc" } }),
    sessionAssessments(db, projectId, sessionId),
  ]);
  return { health: sessionHealth(thoughts.map(toThoughtView)), assessments };
}
