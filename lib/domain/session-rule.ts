// Which session a thought belongs to (the rule agents are told: docs/agents.md, "Sessions").

export interface SessionRuleInput {
  sessionId?: string;
  thoughtNumber: number;
  isRevision?: boolean;
  revisesThought?: number;
  branchFromThought?: number;
  branchId?: string;
}

export type SessionDecision =
  /** The agent named a session: use it (by our id or its own key), adopting an unknown key as a new session. */
  | { kind: "explicit"; ref: string }
  /** A first thought on the main path: always a fresh session. */
  | { kind: "new" }
  /** Any other thought: join the most recent active session of the same key and client, if still within the window. */
  | { kind: "join-recent" };

export function decideSession(t: SessionRuleInput): SessionDecision {
  if (t.sessionId !== undefined) return { kind: "explicit", ref: t.sessionId };
  const startsSequence =
    t.thoughtNumber === 1 &&
    t.isRevision !== true &&
    t.revisesThought === undefined &&
    t.branchFromThought === undefined &&
    t.branchId === undefined;
  return startsSequence ? { kind: "new" } : { kind: "join-recent" };
}

/** Whether a candidate session is still joinable under the idle window. */
export function withinIdleWindow(lastActivityAt: Date, now: Date, idleMinutes: number): boolean {
  return now.getTime() - lastActivityAt.getTime() <= idleMinutes * 60_000;
}

/** The `think` tool has no thought numbers: it uses the named session, else continues the agent's recent one. */
export function decideThinkSession(sessionId: string | undefined): SessionDecision {
  return sessionId !== undefined ? { kind: "explicit", ref: sessionId } : { kind: "join-recent" };
}
