// What a judge is sent for one target: the session read once (its thoughts and their earlier versions), the template's
// variables filled from it (lib/judges/prompt-context.ts), and the two messages. A run of a thought judge over one
// session renders a prompt per thought from the same session, so the worker keeps recently read sessions
// (SessionContextCache) instead of reading a 1,000-thought session 1,000 times.
import "@/server/server-only";
import type { ScoreRule } from "@/lib/contracts/scores";
import { variableValues, type ContextRubric, type ContextSession } from "@/lib/judges/prompt-context";
import { judgeSystemPrompt, parseTemplate, renderTemplate, type JudgeTarget } from "@/lib/judges/template";
import type { Db } from "@/server/db/client";
import { ValidationError } from "@/server/errors";
import type { JudgeMessages } from "./judge-call";

/** Characters a rendered prompt may have: ~50,000 tokens, inside every current model's context with room to answer.
 *  A session judge over a longer session fails its job with this said, rather than being cut silently. */
export const MAX_PROMPT_CHARS = 200_000;

export async function loadContextSession(db: Db, projectId: string, sessionId: string): Promise<ContextSession> {
  const session = await db.thinkingSession.findFirst({
    where: { projectId, id: sessionId },
    select: { title: true, status: true },
  });
  if (!session) throw new RangeError(`session ${sessionId} is not in project ${projectId}`);
  const [thoughts, versions] = await Promise.all([
    db.thought.findMany({
      where: { sessionId },
      orderBy: { seq: "asc" },
      select: {
        id: true,
        seq: true,
        thoughtNumber: true,
        text: true,
        nextThoughtNeeded: true,
        isRevision: true,
        revisesThought: true,
        revisesThoughtId: true,
        branchId: true,
        branchFromThought: true,
        branchFromThoughtId: true,
        kind: true,
        detail: true,
      },
    }),
    db.thoughtVersion.findMany({
      where: { thought: { sessionId } },
      orderBy: [{ thoughtId: "asc" }, { version: "asc" }],
      select: { thoughtId: true, version: true, snapshot: true },
    }),
  ]);
  const byThought = new Map<string, { version: number; text: string }[]>();
  for (const v of versions) {
    const text = (v.snapshot as { text?: unknown } | null)?.text;
    if (typeof text !== "string") continue;
    byThought.set(v.thoughtId, [...(byThought.get(v.thoughtId) ?? []), { version: v.version, text }]);
  }
  return { title: session.title, status: session.status, thoughts, versions: byThought };
}

export interface JudgeSpec {
  target: JudgeTarget;
  prompt: string;
  rule: ScoreRule;
  description: string | null;
}

/** The messages for one target; a ValidationError when the template no longer parses or the prompt is too long. */
export function judgeMessages(spec: JudgeSpec, session: ContextSession, thoughtId: string | null): JudgeMessages {
  const parsed = parseTemplate(spec.prompt, spec.target);
  if (!parsed.ok) throw new ValidationError(parsed.problem);
  const rubric: ContextRubric = { ...spec.rule, description: spec.description };
  const user = renderTemplate(parsed.parts, variableValues(spec.target, session, rubric, thoughtId ?? undefined));
  if (user.length > MAX_PROMPT_CHARS) {
    throw new ValidationError({
      field: "prompt",
      message: `The prompt for this target is ${user.length} characters; the limit is ${MAX_PROMPT_CHARS}.`,
      suggestion:
        spec.target === "session"
          ? "Judge this session thought by thought, or leave {{transcript}} out of the template."
          : "Leave {{path}} out of the template for sessions this long.",
    });
  }
  return { system: judgeSystemPrompt(spec.rule.type), user };
}

/** Sessions read for prompts, kept briefly: a thought judge's run renders one prompt per thought of the same session. */
export class SessionContextCache {
  private readonly entries = new Map<string, { at: number; session: Promise<ContextSession> }>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly size = 16,
  ) {}

  get(db: Db, projectId: string, sessionId: string, now = Date.now()): Promise<ContextSession> {
    const hit = this.entries.get(sessionId);
    if (hit && now - hit.at < this.ttlMs) return hit.session;
    const session = loadContextSession(db, projectId, sessionId);
    session.catch(() => this.entries.delete(sessionId));
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { at: now, session });
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return session;
  }
}
