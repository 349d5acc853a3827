// The values of a judge's template variables (lib/judges/template.ts), built from one session: the thought under
// review, its path from the root along its branch, the revisions it went through, the whole transcript, the goal, the
// conclusion, tool calls and the rubric. Pure: the server loads the session (server/services/judges/judge-input.ts)
// and the golden-prompt tests feed fixtures straight in.
import { describeScoreRule } from "../contracts/zod-free";
import type { ScoreRule } from "../contracts/scores";
import type { JudgeTarget } from "./template";

/** What a judge reads of a thought. */
export interface ContextThought {
  id: string;
  seq: number;
  thoughtNumber: number;
  text: string;
  nextThoughtNeeded: boolean;
  isRevision: boolean | null;
  revisesThought: number | null;
  revisesThoughtId: string | null;
  branchId: string | null;
  branchFromThought: number | null;
  branchFromThoughtId: string | null;
  stage: string | null;
  metadata: unknown;
}

export interface ContextSession {
  title: string | null;
  status: string;
  /** Every thought, in seq order. */
  thoughts: readonly ContextThought[];
  /** Earlier texts of a thought kept by revise_thought, oldest first, by thought id. */
  versions: ReadonlyMap<string, readonly { version: number; text: string }[]>;
}

export interface ContextRubric extends ScoreRule {
  description: string | null;
}

const NONE = "(none)";
const NOT_CONCLUDED = "(the session has not concluded)";

/** "Thought 3", "Thought 4 (branch "alt" from thought 2)", "Thought 5 (revises thought 3)". */
export function thoughtLabel(t: ContextThought): string {
  const notes: string[] = [];
  if (t.branchId !== null) {
    notes.push(`branch "${t.branchId}"${t.branchFromThought !== null ? ` from thought ${t.branchFromThought}` : ""}`);
  }
  if (t.isRevision === true && t.revisesThought !== null) notes.push(`revises thought ${t.revisesThought}`);
  return `Thought ${t.thoughtNumber}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`;
}

function block(t: ContextThought, suffix = ""): string {
  return `${thoughtLabel(t)}${suffix}:\n${t.text}`;
}

const joinBlocks = (blocks: string[]) => (blocks.length > 0 ? blocks.join("\n\n") : NONE);

/**
 * The thoughts from the root to `target` along its branch: for a thought on the main chain, the main chain's thoughts
 * up to it; on a branch, the path to the thought it forked from, then the branch's thoughts up to it. A fork given
 * only by number resolves to the latest earlier thought of that number. In seq order, the target last.
 */
export function pathTo(thoughts: readonly ContextThought[], target: ContextThought): ContextThought[] {
  const byId = new Map(thoughts.map((t) => [t.id, t]));
  const out: ContextThought[] = [];
  let current: ContextThought | undefined = target;
  // Each step moves to a fork with a smaller seq, so this ends; the guard keeps bad data from looping.
  for (let guard = 0; current && guard <= thoughts.length; guard++) {
    const at: ContextThought = current;
    const lane = thoughts.filter((t) => t.branchId === at.branchId && t.seq <= at.seq);
    const fork = at.branchId === null ? undefined : forkOf(thoughts, byId, lane[0] ?? at);
    out.unshift(...lane.filter((t) => fork === undefined || t.seq > fork.seq));
    current = fork;
  }
  return out;
}

function forkOf(
  thoughts: readonly ContextThought[],
  byId: ReadonlyMap<string, ContextThought>,
  first: ContextThought,
): ContextThought | undefined {
  const resolved = first.branchFromThoughtId !== null ? byId.get(first.branchFromThoughtId) : undefined;
  if (resolved && resolved.seq < first.seq) return resolved;
  if (first.branchFromThought === null) return undefined;
  let found: ContextThought | undefined;
  for (const t of thoughts) {
    if (t.seq >= first.seq) break;
    if (t.thoughtNumber === first.branchFromThought && t.branchId === null) found = t;
  }
  return found;
}

/** A tool call's name, arguments and result, where the thought is one (a `tool_call` stage, or tool metadata). */
export function toolCallOf(t: ContextThought): { name: string; input: string; result: string | null } | null {
  const meta = t.metadata !== null && typeof t.metadata === "object" ? (t.metadata as Record<string, unknown>) : {};
  const call = objectOr(meta.toolCall) ?? objectOr(meta.tool);
  if (!call && t.stage !== "tool_call") return null;
  const name = typeof call?.name === "string" ? call.name : "a tool";
  const input = call ? shown(call.input ?? call.arguments ?? call.args) : t.text;
  const resultValue = meta.toolResult ?? call?.result ?? call?.output;
  return { name, input, result: resultValue === undefined ? null : shown(resultValue) };
}

const objectOr = (v: unknown) =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const shown = (v: unknown) => (typeof v === "string" ? v : v === undefined ? "" : JSON.stringify(v));

function toolCalls(thoughts: readonly ContextThought[]): string {
  return joinBlocks(
    thoughts.flatMap((t) => {
      const call = toolCallOf(t);
      if (!call) return [];
      const result = call.result === null ? "" : `\nResult: ${call.result}`;
      return [`${thoughtLabel(t)} called ${call.name}: ${call.input}${result}`];
    }),
  );
}

function revisionsOf(session: ContextSession, target: ContextThought): string {
  const earlier = (session.versions.get(target.id) ?? []).map(
    (v) => `Version ${v.version} (replaced by a later edit):\n${v.text}`,
  );
  const revisedBy = session.thoughts
    .filter((t) => t.revisesThoughtId === target.id && t.id !== target.id)
    .map((t) => block(t, ", which revises it"));
  return joinBlocks([...earlier, ...revisedBy]);
}

export function goalOf(session: ContextSession): string {
  const title = session.title?.trim();
  if (title) return title;
  return session.thoughts[0]?.text ?? NONE;
}

export function conclusionOf(session: ContextSession): string {
  if (session.status !== "completed") return NOT_CONCLUDED;
  const last = [...session.thoughts].reverse().find((t) => !t.nextThoughtNeeded);
  return last ? block(last) : NOT_CONCLUDED;
}

export function rubricText(rubric: ContextRubric): string {
  const description = rubric.description?.trim() ? `\n${rubric.description.trim()}` : "";
  const takes =
    rubric.type === "text"
      ? "Answer in words (the rationale is the judgement)."
      : `Answer with ${describeScoreRule(rubric)}.`;
  return `${rubric.name}${description}\n${takes}`;
}

/** The values of every variable a `target` judge may use, for one session (and one of its thoughts). */
export function variableValues(
  target: JudgeTarget,
  session: ContextSession,
  rubric: ContextRubric,
  thoughtId?: string,
): Record<string, string> {
  const common = {
    goal: goalOf(session),
    conclusion: conclusionOf(session),
    rubric: rubricText(rubric),
  };
  if (target === "session") {
    return {
      ...common,
      transcript: joinBlocks(session.thoughts.map((t) => block(t))),
      tool_calls: toolCalls(session.thoughts),
    };
  }
  const thought = session.thoughts.find((t) => t.id === thoughtId);
  if (!thought) throw new RangeError(`thought ${thoughtId} is not in the session`);
  const path = pathTo(session.thoughts, thought);
  return {
    ...common,
    thought: block(thought),
    path: joinBlocks(path.map((t) => block(t, t.id === thought.id ? " (under review)" : ""))),
    revisions: revisionsOf(session, thought),
    tool_calls: toolCalls(path),
  };
}
