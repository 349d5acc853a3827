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
  /** A transcript's item kind (lib/normalised/model.ts): prompt, reasoning, placeholder, tool_call, tool_result,
   *  answer; null for an agent's own sequential thought. */
  kind: string | null;
  /** What its source said beside the text (lib/contracts/thought-detail.ts): toolName, toolCallId, isError, … */
  detail: unknown;
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

const KIND_WORDS: Record<string, string> = {
  prompt: "the user's prompt",
  reasoning: "reasoning",
  placeholder: "reasoning not recorded",
  tool_call: "tool call",
  tool_result: "tool result",
  answer: "answer",
};

function detailOf(t: ContextThought): { toolName?: string; toolCallId?: string; isError?: boolean } {
  return t.detail !== null && typeof t.detail === "object" ? t.detail : {};
}

/** "Thought 3", "Thought 4 (branch "alt" from thought 2)", "Thought 5 (revises thought 3)", "Thought 6 (tool call: Bash)". */
export function thoughtLabel(t: ContextThought): string {
  const notes: string[] = [];
  if (t.kind !== null && t.kind !== "reasoning") {
    const tool = detailOf(t).toolName;
    notes.push(`${KIND_WORDS[t.kind] ?? t.kind}${tool && t.kind.startsWith("tool") ? `: ${tool}` : ""}`);
  }
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

/**
 * The tool calls among `thoughts`, each with its result: the tool_result thought with the same toolCallId anywhere
 * in the session (a result usually arrives later, and may sit outside a thought's path).
 */
function toolCalls(thoughts: readonly ContextThought[], session: ContextSession): string {
  const results = new Map<string, ContextThought>();
  for (const t of session.thoughts) {
    const id = detailOf(t).toolCallId;
    if (t.kind === "tool_result" && id) results.set(id, t);
  }
  return joinBlocks(
    thoughts.flatMap((t) => {
      if (t.kind !== "tool_call") return [];
      const d = detailOf(t);
      const result = d.toolCallId ? results.get(d.toolCallId) : undefined;
      const answer = result
        ? `\n${detailOf(result).isError ? "Error" : "Result"} (thought ${result.thoughtNumber}):\n${result.text}`
        : "\n(no result recorded)";
      return [`${thoughtLabel(t)} called ${d.toolName ?? "a tool"}:\n${t.text}${answer}`];
    }),
  );
}

function revisionsOf(session: ContextSession, target: ContextThought): string {
  const earlier = (session.versions.get(target.id) ?? []).map(
    (v) => `Version ${v.version} (replaced by a later edit):\n${v.text}`,
  );
  const revisedBy = session.thoughts
    .filter((t) => t.revisesThoughtId === target.id && t.id !== target.id)
    .map((t) => block(t));
  return joinBlocks([...earlier, ...revisedBy]);
}

export function goalOf(session: ContextSession): string {
  const title = session.title?.trim();
  if (title) return title;
  return session.thoughts[0]?.text ?? NONE;
}

/** The last answer of a transcript; else, once the agent said no more thoughts were needed, its last such thought. */
export function conclusionOf(session: ContextSession): string {
  const reversed = [...session.thoughts].reverse();
  const answer = reversed.find((t) => t.kind === "answer");
  if (answer) return block(answer);
  if (session.status !== "completed") return NOT_CONCLUDED;
  const last = reversed.find((t) => !t.nextThoughtNeeded);
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
      tool_calls: toolCalls(session.thoughts, session),
    };
  }
  const thought = session.thoughts.find((t) => t.id === thoughtId);
  if (!thought) throw new RangeError(`thought ${thoughtId} is not in the session`);
  const path = pathTo(session.thoughts, thought);
  return {
    ...common,
    thought: block(thought),
    path: joinBlocks(path.map((t) => block(t, t.id === thought.id ? " — the step under review" : ""))),
    revisions: revisionsOf(session, thought),
    tool_calls: toolCalls(path, session),
  };
}
