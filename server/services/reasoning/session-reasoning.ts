// A session's reasoning health, the metacognitive results on its thoughts and breakdown's dependency edges, for the
// dashboard's session header, detail panel and graph (GET /api/v1/sessions/{id} carries health and results through
// getSessionGraph). Health is folded on read (lib/health/reasoning-health.ts): O(words) per thought, the same load the
// session view's outline already makes.
import type { AssessmentView } from "@/lib/contracts/reasoning-health";
import { dependencyEdges, type DependencyEdge } from "@/lib/graph/dependency-edges";
import { sessionHealth, type ReasoningHealth } from "@/lib/health/reasoning-health";
import type { Db } from "@/server/db/client";
import { toThoughtView } from "../sessions/sessions";
import { sessionAssessments } from "./metacognition";

export interface SessionReasoning {
  health: ReasoningHealth;
  assessments: AssessmentView[];
  /** Breakdown's dependencies between the session's thoughts, for the graph's dependency edges. */
  dependencies: DependencyEdge[];
}

export async function sessionReasoning(db: Db, projectId: string, sessionId: string): Promise<SessionReasoning> {
  const [thoughts, assessments] = await Promise.all([
    db.thought.findMany({ where: { projectId, sessionId }, orderBy: { seq: "asc" } }),
    sessionAssessments(db, projectId, sessionId),
  ]);
  const views = thoughts.map(toThoughtView);
  return { health: sessionHealth(views), assessments, dependencies: dependencyEdges(views) };
}
