// Deleting sessions from the sessions list (sessions.delete), on a real SQLite file and a real PostgreSQL database:
// the named sessions go with their thoughts, branches, scores, comments, queue items and share links; sessions not
// named stay whole; another project's session named by id is untouched and not counted. (Full-text rows on SQLite
// go by trigger: test/api/session-delete.test.ts searches through the production server.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { uuidv7 } from "@/lib/ids";
import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { createScoreConfig } from "@/server/services/scores/score-configs";
import { upsertScore } from "@/server/services/scores/scores";
import { deleteSessions } from "@/server/services/sessions/session-delete";
import { freshPgUrl } from "@/test/support/pg";
import { seedMember, seedProject, seedSession } from "@/test/support/seed";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

describe.each(["sqlite", "postgresql"] as const)("deleting sessions on %s", (provider) => {
  let db: Db;
  let projectId = "";
  let otherProjectId = "";
  let configId = "";
  let authorId = "";

  beforeAll(async () => {
    const url = provider === "sqlite" ? freshSqliteUrl("session_delete") : await freshPgUrl("session_delete");
    await applyMigrations(url);
    db = createDb(url);
    projectId = await seedProject(db, "Ours");
    otherProjectId = await seedProject(db, "Theirs");
    configId = (await createScoreConfig(db, projectId, { name: "correct", type: "boolean" })).id;
    authorId = (await seedMember(db, projectId, "admin")).id;
  });

  afterAll(async () => {
    await db?.$disconnect();
  });

  /** A session of `project` with thoughts, a branch, a score, a comment, a queue item and a share link. */
  async function reviewedSession(project = projectId) {
    const s = await seedSession(db, project, 3);
    await db.branch.create({
      data: { id: uuidv7(), projectId: project, sessionId: s.sessionId, key: "alt", ordinal: 0 },
    });
    await db.comment.create({
      data: { id: uuidv7(), projectId: project, sessionId: s.sessionId, authorId, body: "Check step 2." },
    });
    await db.shareLink.create({
      data: { id: uuidv7(), projectId: project, sessionId: s.sessionId, tokenHash: uuidv7(), prefix: "abc" },
    });
    if (project === projectId) {
      await upsertScore(
        db,
        projectId,
        { kind: "user", userId: authorId },
        {
          thoughtId: s.thoughtIds[0]!,
          name: "correct",
          value: true,
        },
      );
      const queueId = uuidv7();
      await db.annotationQueue.create({
        data: { id: queueId, projectId, name: `q-${queueId}`, createdBy: authorId, scoreConfigIds: [configId] },
      });
      await db.queueItem.create({ data: { id: uuidv7(), queueId, projectId, sessionId: s.sessionId } });
    }
    return s;
  }

  /** Rows anywhere that belong to these sessions. */
  async function rowsOf(sessionIds: string[]) {
    const where = { sessionId: { in: sessionIds } };
    return {
      sessions: await db.thinkingSession.count({ where: { id: { in: sessionIds } } }),
      thoughts: await db.thought.count({ where }),
      branches: await db.branch.count({ where }),
      scores: await db.score.count({ where }),
      comments: await db.comment.count({ where }),
      queueItems: await db.queueItem.count({ where }),
      shareLinks: await db.shareLink.count({ where }),
    };
  }

  it("takes the named sessions with everything in them, and leaves the rest whole", async () => {
    const [a, b, kept] = [await reviewedSession(), await reviewedSession(), await reviewedSession()];
    const before = await rowsOf([kept.sessionId]);
    expect(before).toEqual({
      sessions: 1,
      thoughts: 3,
      branches: 1,
      scores: 1,
      comments: 1,
      queueItems: 1,
      shareLinks: 1,
    });

    expect(await deleteSessions(db, projectId, [a.sessionId, b.sessionId, a.sessionId])).toEqual({ deleted: 2 });

    expect(await rowsOf([a.sessionId, b.sessionId])).toEqual({
      sessions: 0,
      thoughts: 0,
      branches: 0,
      scores: 0,
      comments: 0,
      queueItems: 0,
      shareLinks: 0,
    });
    expect(await rowsOf([kept.sessionId])).toEqual(before);
    // The rubric and the queue stay; only the session's own rows went.
    expect(await db.scoreConfig.count({ where: { id: configId } })).toBe(1);
  });

  it("touches no other project's session, and counts only what it deleted", async () => {
    const theirs = await reviewedSession(otherProjectId);
    const ours = await reviewedSession();
    const missing = uuidv7();
    expect(await deleteSessions(db, projectId, [theirs.sessionId, ours.sessionId, missing])).toEqual({ deleted: 1 });
    expect((await rowsOf([theirs.sessionId])).thoughts).toBe(3);
    expect((await rowsOf([theirs.sessionId])).sessions).toBe(1);
    expect(await deleteSessions(db, projectId, [ours.sessionId])).toEqual({ deleted: 0 });
  });
});
