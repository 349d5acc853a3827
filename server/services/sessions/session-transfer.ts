// Export a session as JSON (the agent's record, which imports back losslessly, with the review beside it) and import
// a JSON export as a new session with fresh ids and every link between thoughts preserved. The import keeps the
// agent's record and leaves the review out: a score names a rubric of the exporting project and a comment an account
// there, and neither exists where the file is imported (attributing them to the importer would forge authorship).
import { firstProblem } from "@/lib/contracts/errors";
import { EXPORT_FORMAT, ZSessionExport, type SessionExport } from "@/lib/contracts/session";
import type { ScoreView } from "@/lib/contracts/scores";
import { STORED_THOUGHT, type StoredKind, type StoredRegistry } from "@/lib/contracts/stored-thought";
import { uuidv7 } from "@/lib/ids";
import type { Limits } from "@/lib/limits";
import type { Db } from "@/server/db/client";
import type { Row } from "@/server/ingest/write-store";
import { LimitError, ValidationError } from "@/server/errors";
import { publish } from "@/server/events/bus";
import { commitRows } from "../../ingest/commit";
import { getSessionGraph } from "./sessions";
import { exportedThreads, labelScores } from "./session-review";

/** The session with its review: every score with its author in words, and the comment threads. */
export async function exportSessionJson(db: Db, projectId: string, idOrKey: string): Promise<SessionExport> {
  const graph = await getSessionGraph(db, projectId, idOrKey);
  const [scores, comments] = await Promise.all([
    labelScores(db, projectId, [...graph.scores, ...graph.thoughts.flatMap((t) => t.scores)]),
    exportedThreads(db, projectId, graph.session.id),
  ]);
  const byId = new Map(scores.map((s) => [s.id, s]));
  const labelled = (list: ScoreView[]) => list.map((s) => byId.get(s.id) ?? s);
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    ...graph,
    thoughts: graph.thoughts.map((t) => ({ ...t, scores: labelled(t.scores) })),
    scores: labelled(graph.scores),
    comments,
  };
}

/** Imports a JSON export as a new session; returns its id. Validates everything before writing anything. */
export async function importSession(
  projectId: string,
  body: unknown,
  limits: Limits,
): Promise<{ sessionId: string; thoughts: number }> {
  const parsed = ZSessionExport.safeParse(body);
  if (!parsed.success) throw new ValidationError(firstProblem(parsed.error));
  const data = parsed.data;
  if (data.thoughts.length > limits.maxThoughtsPerSession) {
    throw new LimitError(
      `The export holds ${data.thoughts.length} thoughts; a session may hold ${limits.maxThoughtsPerSession}.`,
      "thoughts",
      "Raise THOUGHTGRAPH_MAX_THOUGHTS_PER_SESSION or split the session.",
    );
  }
  const idMap = new Map<string, string>();
  const seqs = new Set<number>();
  data.thoughts.forEach((t, i) => {
    if (idMap.has(t.id)) invalid(`thoughts[${i}].id`, `thought id ${t.id} appears twice.`);
    if (seqs.has(t.seq)) invalid(`thoughts[${i}].seq`, `seq ${t.seq} appears twice.`);
    if (t.text.length > limits.maxThoughtChars) {
      invalid(`thoughts[${i}].text`, `thought text is longer than ${limits.maxThoughtChars} characters.`);
    }
    seqs.add(t.seq);
    idMap.set(t.id, uuidv7());
  });
  const link = (id: string | null, field: string): string | null => {
    if (id === null) return null;
    const mapped = idMap.get(id);
    if (!mapped) invalid(field, `${field} refers to thought ${id}, which is not in the export.`);
    return mapped;
  };

  const sessionId = uuidv7();
  const s = data.session;
  const thoughts: Row[] = data.thoughts.map((t, i) =>
    importedThought(t, {
      id: idMap.get(t.id)!,
      projectId,
      sessionId,
      link: (id, field) => link(id, `thoughts[${i}].${field}`),
    }),
  );
  const branches: Row[] = data.branches.map((b, i) => ({
    id: uuidv7(),
    projectId,
    sessionId,
    key: b.key,
    ordinal: b.ordinal,
    forkThought: b.forkThought,
    forkThoughtId: link(b.forkThoughtId, `branches[${i}].forkThoughtId`),
    createdAt: new Date(b.createdAt),
  }));
  if (new Set(data.branches.map((b) => b.key)).size !== branches.length) {
    invalid("branches", "a branch key appears twice.");
  }

  const maxSeq = Math.max(0, ...seqs);
  const now = new Date();
  await commitRows({
    sessions: [
      {
        id: sessionId,
        projectId,
        key: null,
        title: s.title,
        status: s.status,
        apiKeyId: null,
        agent: s.agent,
        client: s.client,
        model: s.model,
        metadata: s.metadata ?? null,
        thoughtCount: maxSeq,
        branchCount: branches.length,
        revisionCount: data.thoughts.filter((t) => t.isRevision === true).length,
        flagCount: data.thoughts.filter((t) => t.flags.length > 0).length,
        thinkStep: 0,
        createdAt: new Date(s.createdAt),
        updatedAt: now,
        lastActivityAt: new Date(s.lastActivityAt),
      },
    ],
    thoughts,
    branches,
    events: [
      {
        id: uuidv7(),
        projectId,
        kind: "import",
        body,
        status: 201,
        result: { sessionId, thoughts: thoughts.length },
        createdAt: now,
      },
    ],
    keys: [],
    sessionUpdates: [],
  });
  publish([{ projectId, sessionId, seq: maxSeq }]);
  return { sessionId, thoughts: thoughts.length };
}

/** Where an imported thought goes: its new id, project and session, and the new id of a thought it refers to. */
export interface ImportTarget {
  id: string;
  projectId: string;
  sessionId: string;
  link: (id: string | null, column: string) => string | null;
}

/** Each kind of stored column from its exported value (the read shape) back to its row value; null: as it is. */
const ROW_OF_KIND: Record<StoredKind, ((value: unknown) => unknown) | null> = {
  text: null,
  int: null,
  real: null,
  bool: null,
  json: (v) => v ?? null,
  strings: (v) => ((v as unknown[]).length > 0 ? v : null),
  date: (v) => new Date(v as string),
};

/** An exported thought of a stored-column registry back to a row: the thought's own id, project and session are the
 *  target's, ids of other thoughts are mapped through `link`, every other column is converted by its kind. */
export function thoughtImporter(registry: StoredRegistry): (thought: object, to: ImportTarget) => Row {
  const columns = Object.entries(registry);
  return (thought, to) => {
    const t = thought as Record<string, unknown>;
    const row: Row = {};
    for (const [name, column] of columns) {
      if (name === "id" || name === "projectId" || name === "sessionId") row[name] = to[name];
      else if (column.thoughtRef) row[name] = to.link(t[name] as string | null, name);
      else {
        const convert = ROW_OF_KIND[column.kind];
        row[name] = convert ? convert(t[name]) : t[name];
      }
    }
    return row;
  };
}

const importedThought = thoughtImporter(STORED_THOUGHT);

function invalid(field: string, message: string): never {
  throw new ValidationError({ field, message, suggestion: "Import a file made by the JSON export, unchanged." });
}
