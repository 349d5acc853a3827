// A session's reasoning health, the metacognitive results on its thoughts and breakdown's dependency edges, for the
// dashboard's session header, detail panel and graph (GET /api/v1/sessions/{id} carries health and results through
// getSessionGraph). Health is folded on read (lib/health/reasoning-health.ts): O(words) per thought, the same load the
// session view's outline already makes.
import type { AssessmentView } from "@/lib/contracts/reasoning-health";
import { dependencyEdges, type DependencyEdge } from "@/lib/graph/dependency-edges";
import { HealthAccumulator, type ReasoningHealth } from "@/lib/health/reasoning-health";
import type { Db } from "@/server/db/client";
import { inPages } from "@/server/db/in-pages";
import { stringArray } from "../sessions/sessions";
import { sessionAssessments } from "./metacognition";
import { HEALTH_COLUMNS } from "./session-health";

export interface SessionReasoning {
  health: ReasoningHealth;
  assessments: AssessmentView[];
  /** Breakdown's dependencies between the session's thoughts, for the graph's dependency edges. */
  dependencies: DependencyEdge[];
  /** Where the health problems are, for the session overview: loops' later thoughts and thoughts after a stall (by
   *  seq), and the abandoned branches' ids. */
  marks: { loops: number[]; stalls: number[]; abandonedBranches: string[] };
}

/** The columns health and dependency edges read. Whole rows cost ~3× as much to read through Prisma, on the server's
 *  event loop (dashboard.ts OUTLINE_COLUMNS has the measurement). */
const REASONING_COLUMNS = { ...HEALTH_COLUMNS, id: true, seq: true, metadata: true } as const;

export async function sessionReasoning(db: Db, projectId: string, sessionId: string): Promise<SessionReasoning> {
  const [rows, assessments] = await Promise.all([
    inPages((after, take) =>
      db.thought.findMany({
        where: { projectId, sessionId, seq: { gt: after } },
        orderBy: { seq: "asc" },
        take,
        select: REASONING_COLUMNS,
      }),
    ),
    sessionAssessments(db, projectId, sessionId),
  ]);
  const thoughts = rows.map((t) => ({ ...t, flags: stringArray(t.flags) }));
  const fold = new HealthAccumulator();
  for (const t of thoughts) fold.add(t);
  const marks = fold.marks();
  return {
    health: fold.summary(),
    assessments,
    dependencies: dependencyEdges(thoughts),
    marks: {
      loops: marks.loopAt.map((i) => thoughts[i]!.seq),
      stalls: marks.stallAt.map((i) => thoughts[i]!.seq),
      abandonedBranches: marks.abandonedBranches,
    },
  };
}
