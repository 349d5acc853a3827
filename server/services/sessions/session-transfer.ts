// Export a session (JSON that imports back losslessly, or Markdown for people) and import a JSON export as a new
// session with fresh ids and every link between thoughts preserved.
import { firstProblem } from "@/lib/contracts/errors";
import { EXPORT_FORMAT, ZSessionExport, type SessionExport, type SessionGraph } from "@/lib/contracts/session";
import { STORED_THOUGHT, type StoredKind, type StoredRegistry } from "@/lib/contracts/stored-thought";
import { describeFlag } from "@/lib/domain/flags";
import type { ReasoningHealth } from "@/lib/health/reasoning-health";
import { uuidv7 } from "@/lib/ids";
import { escapeMarkdownText } from "@/lib/markdown/escape";
import { kindWords } from "@/lib/normalised/kind-words";
import { toolResultLines, withToolResults } from "./markdown-tools";
import type { Limits } from "@/lib/limits";
import type { Db } from "@/server/db/client";
import type { Row } from "@/server/ingest/write-store";
import { LimitError, ValidationError } from "@/server/errors";
import { publish } from "@/server/events/bus";
import { commitRows } from "../../ingest/commit";
import { getSessionGraph } from "./sessions";

export async function exportSessionJson(db: Db, projectId: string, idOrKey: string): Promise<SessionExport> {
  const graph = await getSessionGraph(db, projectId, idOrKey);
  return { format: EXPORT_FORMAT, exportedAt: new Date().toISOString(), ...graph };
}

/** The session for people to read. Every string an agent wrote goes through escapeMarkdownText: the export may be
 *  opened in a viewer that renders inline HTML (issue 13). The REST export and the dashboard download both use this. */
export function renderMarkdown(
  graph: Pick<SessionGraph, "session" | "thoughts"> & { health?: ReasoningHealth },
): string {
  const s = graph.session;
  const safe = escapeMarkdownText;
  const lines = [
    `# ${safe(s.title ?? "Untitled session")}`,
    "",
    `- Session: \`${s.id}\`${s.key ? ` (agent key \`${safe(s.key)}\`)` : ""}`,
    `- Status: ${s.status}; ${s.thoughtCount} thoughts, ${s.branchCount} branches, ${s.revisionCount} revisions`,
    ...(s.agent || s.model ? [`- Agent: ${safe([s.agent, s.model].filter(Boolean).join(", "))}`] : []),
    `- Started ${s.createdAt}, last activity ${s.lastActivityAt}`,
    ...(graph.health ? [`- Reasoning health: ${healthLine(graph.health)}`] : []),
    "",
  ];
  const { rows, resultsOf } = withToolResults(graph.thoughts);
  for (const t of rows) {
    const where = [
      kindWords(t.kind),
      t.branchId ? `branch \`${safe(t.branchId)}\`${t.branchFromThought ? ` from ${t.branchFromThought}` : ""}` : null,
      t.isRevision ? `revises ${t.revisesThought ?? "?"}` : null,
      t.stage ? `stage: ${safe(t.stage)}` : null,
      t.score !== null ? `self-score ${t.score}` : null,
    ].filter(Boolean);
    lines.push(`## ${t.thoughtNumber}/${t.totalThoughts}${where.length ? ` · ${where.join(" · ")}` : ""}`, "");
    lines.push(safe(t.text), "");
    lines.push(...toolResultLines(resultsOf.get(t.id)));
    if (t.tags.length > 0) lines.push(`Tags: ${safe(t.tags.join(", "))}`, "");
    for (const f of t.flags) lines.push(`> ⚠ ${describeFlag(f)}`, "");
  }
  return lines.join("\n");
}

/** The health figures in one line, in the order of the session header. */
export function healthLine(h: ReasoningHealth): string {
  const drift = h.totalThoughts.drift;
  return [
    `revision rate ${h.revisionRate}`,
    `${h.branchCount} branches (${h.abandonedBranches} abandoned, depth ${h.maxBranchDepth})`,
    `linearity ${h.linearity}`,
    `${h.stalls} stalls`,
    `${h.loops} loops`,
    `totalThoughts drift ${drift > 0 ? `+${drift}` : drift}`,
    `${h.unresolvedFlags} unresolved flags`,
  ].join("; ");
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
