// How a ThoughtMCP reasoning call becomes thoughts a reviewer can see: the tool's thoughts go through the one write
// path (server/ingest/thought-writer.ts) as a single request, so they commit together in one transaction (one
// request's events are never split across batches) or not at all.
//
// Numbering: a call into a new session starts at thought 1 and the rest of its thoughts join the session that thought
// made (the writer assigns a batch's requests in order, and a new session is joinable by the next request of the same
// agent). A call with a `sessionId` appends after the highest thought number the session holds, read just before the
// write. Calls into one session queue behind each other in this process (from the read to the commit), so two at the
// same instant get consecutive numbers; two server instances writing one session at the same instant could still
// read the same number (shown as two thoughts with one number, never a lost write). An unknown `sessionId` is adopted
// as the session's key, as every other door does (lib/domain/session-rule.ts). The thoughts' `source` is "thoughtmcp".
//
// Each thought carries `metadata.thoughtmcp` (the tool, one id per call, the thought's role and, for breakdown, its
// sub-problem node and the nodes it depends on), which is how the graph finds a breakdown's dependency edges: they live
// in the same rows as the thoughts, committed with them and carried by export and import, and need no second table.
import type { ThoughtInput } from "@/lib/contracts/thought";
import { uuidv7 } from "@/lib/ids";
import { currentLimits } from "@/server/config";
import { getDb } from "@/server/db/client";
import { DomainError } from "@/server/errors";
import type { Writer } from "@/server/ingest/record-thoughts";
import { submitThoughts } from "@/server/ingest/thought-writer";
import type { WriteRequest } from "@/server/ingest/write-batch";

export type ReasoningTool = "think" | "analyze" | "ponder" | "breakdown";

/** What a reasoning thought records about its call, under `metadata.thoughtmcp`. */
export interface ReasoningMark {
  tool: ReasoningTool;
  /** One id per tool call, shared by all the thoughts it wrote. */
  call: string;
  /** e.g. "problem", "step", "conclusion", "stream", "synthesis", "subproblem". */
  role: string;
  [extra: string]: unknown;
}

/** One thought of a call, numbered relative to the call (1 = its first thought). */
export interface ReasoningThought {
  text: string;
  /** Position in the call: 1, 2, …; thoughts on parallel branches may share one. */
  number: number;
  /** Starts or continues a branch forked from the call's thought `from`; `name` is unique within the call (the
   *  stored key adds the call's root thought number, so a second call into the same session gets its own branches). */
  branch?: { name: string; from: number };
  stage?: string;
  /** The role and tool-specific facts; `tool` and `call` are filled in. */
  mark: Omit<ReasoningMark, "tool" | "call">;
}

export interface WrittenReasoning {
  sessionId: string;
  /** In the order the thoughts were given. */
  thoughtIds: string[];
  /** Added to every relative number: the session's highest thought number before the call (0 for a new session). */
  base: number;
  /** The call's id in metadata.thoughtmcp.call. */
  call: string;
}

/** A branch's key in the session: its name within the call and the call's root thought number, e.g. "critical#1". */
export const branchKey = (name: string, rootNumber: number) => `${name}#${rootNumber}`;

async function highestNumber(projectId: string, ref: string): Promise<number> {
  const db = getDb();
  const session =
    (await db.thinkingSession.findFirst({ where: { projectId, id: ref }, select: { id: true } })) ??
    (await db.thinkingSession.findFirst({ where: { projectId, key: ref }, select: { id: true } }));
  if (!session) return 0;
  const top = await db.thought.aggregate({ where: { sessionId: session.id }, _max: { thoughtNumber: true } });
  return top._max.thoughtNumber ?? 0;
}

/** Thought text is the agent's problem plus generated lines: kept within the thought limit every door enforces. */
function clip(text: string): string {
  const max = currentLimits().maxThoughtChars;
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Writes a call's thoughts into `sessionId` (or a new session) and returns where they went. `raw` (the call's
 * arguments) is logged with the first thought; the others log only which call they belong to.
 */
export function writeReasoning(
  who: Writer,
  tool: ReasoningTool,
  sessionId: string | undefined,
  thoughts: ReasoningThought[],
  raw: unknown,
): Promise<WrittenReasoning> {
  if (sessionId === undefined) return write(who, tool, sessionId, thoughts, raw);
  // Queue behind the calls into the same session reference (the id or the key the caller sent).
  const key = `${who.projectId}\u0000${sessionId}`;
  const run = (writing.get(key) ?? Promise.resolve()).then(
    () => write(who, tool, sessionId, thoughts, raw),
    () => write(who, tool, sessionId, thoughts, raw),
  );
  const tail = run.catch(() => undefined);
  writing.set(key, tail);
  void tail.then(() => {
    if (writing.get(key) === tail) writing.delete(key);
  });
  return run;
}

/** The last call queued per session reference; removed when it settles with nothing queued behind it. */
const writing = new Map<string, Promise<unknown>>();

async function write(
  who: Writer,
  tool: ReasoningTool,
  sessionId: string | undefined,
  thoughts: ReasoningThought[],
  raw: unknown,
): Promise<WrittenReasoning> {
  const base = sessionId === undefined ? 0 : await highestNumber(who.projectId, sessionId);
  const call = uuidv7();
  const total = base + Math.max(...thoughts.map((t) => t.number));
  const requests: WriteRequest[] = thoughts.map((t, i) => {
    const input: ThoughtInput = {
      thought: clip(t.text),
      thoughtNumber: base + t.number,
      totalThoughts: total,
      // A line (the main path, or one branch) asks for more until its last thought: a finished ponder stream or
      // breakdown subtree is concluded, not abandoned (lib/health counts a branch left asking for more).
      nextThoughtNeeded: thoughts.some((later, j) => j > i && later.branch?.name === t.branch?.name),
      ...(t.branch ? { branchId: branchKey(t.branch.name, base + 1), branchFromThought: base + t.branch.from } : {}),
      ...(sessionId !== undefined ? { sessionId } : {}),
      ...(t.stage !== undefined ? { stage: t.stage } : {}),
      tags: ["thoughtmcp", tool],
      metadata: {
        ...(who.client ? { client: who.client } : {}),
        thoughtmcp: { tool, call, ...t.mark },
      },
    };
    return {
      tool: "thoughtmcp",
      projectId: who.projectId,
      apiKeyId: who.apiKeyId,
      input,
      raw: i === 0 ? { tool, arguments: raw } : { tool, call, part: i + 1 },
      idempotencyKey: null,
    };
  });
  const outcomes = await submitThoughts(requests);
  const thoughtIds: string[] = [];
  let written = "";
  for (const outcome of outcomes) {
    if (!outcome.result) {
      const e = outcome.error;
      throw new DomainError(e.code, outcome.status, e.message, e.field, e.suggestion);
    }
    thoughtIds.push(outcome.result.thoughtId);
    written = outcome.result.sessionId;
  }
  return { sessionId: written, thoughtIds, base, call };
}
