// Rows written straight to the tables for service tests: projects, sessions with thoughts, and people with a role.
// The write path has its own suite; these only set the stage, with unique names so tests never collide.
import type { Role } from "@/lib/auth/roles";
import { uuidv7 } from "@/lib/ids";
import type { Actor } from "@/server/auth/actor";
import type { Db } from "@/server/db/client";

let counter = 0;
export const unique = (label: string) => `${label}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

export async function seedProject(db: Db, name = "Project"): Promise<string> {
  const id = uuidv7();
  await db.project.create({ data: { id, slug: unique("project"), name } });
  return id;
}

/** A session with `n` thoughts ("thought 1" … "thought n"). */
export async function seedSession(db: Db, projectId: string, n = 2) {
  const sessionId = uuidv7();
  const key = unique("session");
  await db.thinkingSession.create({ data: { id: sessionId, projectId, key, thoughtCount: n } });
  const thoughtIds: string[] = [];
  for (let seq = 1; seq <= n; seq++) {
    const id = uuidv7();
    thoughtIds.push(id);
    await db.thought.create({
      data: {
        id,
        projectId,
        sessionId,
        seq,
        thoughtNumber: seq,
        totalThoughts: n,
        text: `thought ${seq}`,
        nextThoughtNeeded: seq < n,
      },
    });
  }
  return { sessionId, key, thoughtIds };
}

/** A person with `role` in `projectId`, and the actor a signed-in request of theirs resolves to. */
export async function seedMember(db: Db, projectId: string, role: Role, name: string | null = null) {
  const id = uuidv7();
  const email = `${unique("u")}@example.test`;
  await db.user.create({ data: { id, email, passwordHash: "x", name } });
  await db.membership.create({ data: { projectId, userId: id, role } });
  const actor: Actor = { kind: "user", user: { id, email, name }, access: { projectId, role } };
  return { id, email, actor };
}
