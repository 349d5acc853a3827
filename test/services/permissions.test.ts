// Roles door by door, on a real SQLite file and a real PostgreSQL database: every dashboard procedure of sessions,
// scores and comments called as an owner, admin, annotator and viewer of one project (allowed ones succeed, the rest
// answer FORBIDDEN naming the role), as nobody (UNAUTHORIZED), and as a member of another project (NOT_FOUND for
// every id of this one, never FORBIDDEN). Settings and queues have their own suites (settings, queues).
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { can, ROLES, type Permission, type Role } from "@/lib/auth/roles";
import type { Actor } from "@/server/auth/actor";
import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { createScoreConfig } from "@/server/services/scores/score-configs";
import { upsertScore } from "@/server/services/scores/scores";
import { createCaller } from "@/server/trpc/root";
import { contextOf } from "@/server/trpc/init";
import { freshPgUrl } from "@/test/support/pg";
import { seedMember, seedProject, seedSession, unique } from "@/test/support/seed";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

type Caller = ReturnType<typeof createCaller>;

interface Door {
  name: string;
  needs: Permission;
  call: (c: Caller) => Promise<unknown>;
}

async function codeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return "OK";
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}

describe.each(["sqlite", "postgresql"] as const)("permissions on %s", (provider) => {
  let db: Db;
  let projectId = "";
  let session: Awaited<ReturnType<typeof seedSession>>;
  let configId = "";
  let configName = "";
  const members = new Map<Role, Actor>();
  let outsider: Actor;
  let doors: Door[] = [];

  beforeAll(async () => {
    const url = provider === "sqlite" ? freshSqliteUrl("permissions") : await freshPgUrl("permissions");
    await applyMigrations(url);
    db = createDb(url);
    projectId = await seedProject(db, "Ours");
    session = await seedSession(db, projectId, 3);
    configName = unique("correct");
    configId = (await createScoreConfig(db, projectId, { name: configName, type: "boolean" })).id;
    for (const role of ROLES) members.set(role, (await seedMember(db, projectId, role)).actor);
    const theirs = await seedProject(db, "Theirs");
    outsider = (await seedMember(db, theirs, "owner")).actor;
    const thoughtId = session.thoughtIds[0]!;
    doors = [
      { name: "sessions.table", needs: "read", call: (c) => c.sessions.table({}) },
      { name: "sessions.byId", needs: "read", call: (c) => c.sessions.byId({ id: session.sessionId }) },
      { name: "sessions.summary", needs: "read", call: (c) => c.sessions.summary({ id: session.sessionId }) },
      { name: "sessions.outline", needs: "read", call: (c) => c.sessions.outline({ id: session.sessionId }) },
      { name: "sessions.thoughtDetail", needs: "read", call: (c) => c.sessions.thoughtDetail({ id: thoughtId }) },
      { name: "sessions.revisionChain", needs: "read", call: (c) => c.sessions.revisionChain({ id: thoughtId }) },
      {
        name: "sessions.shareLinks",
        needs: "read",
        call: (c) => c.sessions.shareLinks({ sessionId: session.sessionId }),
      },
      {
        name: "sessions.createShareLink",
        needs: "share.manage",
        call: (c) => c.sessions.createShareLink({ sessionId: session.sessionId }),
      },
      {
        name: "sessions.delete",
        needs: "sessions.delete",
        call: async (c) => c.sessions.delete({ ids: [(await seedSession(db, projectId, 1)).sessionId] }),
      },
      { name: "scores.configs", needs: "read", call: (c) => c.scores.configs({}) },
      { name: "scores.ofSession", needs: "read", call: (c) => c.scores.ofSession({ sessionId: session.sessionId }) },
      { name: "scores.agreement", needs: "read", call: (c) => c.scores.agreement({ configId }) },
      {
        name: "scores.createConfig",
        needs: "configs.manage",
        call: (c) => c.scores.createConfig({ name: unique("rubric"), type: "boolean" }),
      },
      {
        name: "scores.upsertMine",
        needs: "score",
        call: (c) => c.scores.upsertMine({ thoughtId, name: configName, value: true }),
      },
      {
        name: "comments.ofSession",
        needs: "read",
        call: (c) => c.comments.ofSession({ sessionId: session.sessionId }),
      },
      {
        name: "comments.create",
        needs: "comment",
        call: (c) => c.comments.create({ sessionId: session.sessionId, thoughtId, body: "Looks right." }),
      },
    ];
  });

  afterAll(async () => {
    await db?.$disconnect();
  });

  const as = (actor: Actor | null) => createCaller(contextOf(db, actor));

  it.each(ROLES)("role %s may use exactly the doors it grants", async (role) => {
    const caller = as(members.get(role)!);
    // One door after another: sessions.delete removes a session while sessions.table may be folding its health.
    const outcomes: Record<string, string> = {};
    for (const d of doors) outcomes[d.name] = await codeOf(() => d.call(caller));
    const expected = Object.fromEntries(doors.map((d) => [d.name, can(role, d.needs) ? "OK" : "FORBIDDEN"]));
    expect(outcomes).toEqual(expected);
  });

  it("names the role in a refusal", async () => {
    await expect(
      as(members.get("viewer")!).scores.upsertMine({ thoughtId: session.thoughtIds[1]!, name: configName, value: 1 }),
    ).rejects.toThrow(/\(viewer\) cannot score/);
  });

  it("gives one score per person: each person's own, two people's side by side", async () => {
    const thoughtId = session.thoughtIds[2]!;
    await as(members.get("annotator")!).scores.upsertMine({ thoughtId, name: configName, value: true });
    await as(members.get("admin")!).scores.upsertMine({ thoughtId, name: configName, value: false });
    await as(members.get("annotator")!).scores.upsertMine({ thoughtId, name: configName, value: false });
    const seen = await as(members.get("annotator")!).scores.ofSession({ sessionId: session.sessionId });
    const here = seen.scores.filter((s) => s.thoughtId === thoughtId);
    expect(here).toHaveLength(2);
    expect(here.filter((s) => s.mine).map((s) => s.stringValue)).toEqual(["false"]);
    expect(here.find((s) => !s.mine)?.authorLabel).toMatch(/@example\.test$/);
  });

  it("answers UNAUTHORIZED to nobody, on every door", async () => {
    const codes = await Promise.all(doors.map((d) => codeOf(() => d.call(as(null)))));
    expect(new Set(codes)).toEqual(new Set(["UNAUTHORIZED"]));
  });

  it("answers NOT_FOUND, never FORBIDDEN, to another project's owner asking for this project's ids", async () => {
    const theirOwner = as(outsider);
    const byId = doors.filter(
      (d) => !["sessions.table", "sessions.delete", "scores.configs", "scores.createConfig"].includes(d.name),
    );
    const codes = Object.fromEntries(
      await Promise.all(byId.map(async (d) => [d.name, await codeOf(() => d.call(theirOwner))] as const)),
    );
    expect(codes).toEqual(Object.fromEntries(byId.map((d) => [d.name, "NOT_FOUND"])));
    // A delete naming this project's session deletes nothing of it.
    expect(await theirOwner.sessions.delete({ ids: [session.sessionId] })).toEqual({ deleted: 0 });
    expect(await db.thinkingSession.count({ where: { id: session.sessionId } })).toBe(1);
    // Their own lists never include our rows.
    const table = await theirOwner.sessions.table({});
    expect(JSON.stringify(table)).not.toContain(session.sessionId);
    expect((await theirOwner.scores.configs({})).map((c) => c.id)).not.toContain(configId);
  });

  it("shows a member the comments that @mention them, and nobody else's", async () => {
    const annotator = members.get("annotator")!;
    const viewer = members.get("viewer")!;
    if (annotator.kind !== "user" || viewer.kind !== "user") throw new Error("seeded members are people");
    const handle = annotator.user.email.split("@")[0]!;
    const made = await as(members.get("admin")!).comments.create({
      sessionId: session.sessionId,
      thoughtId: session.thoughtIds[1]!,
      body: `Please check this, @${handle}.`,
    });
    expect(made.mentions).toEqual([handle]);
    const theirs = await as(annotator).comments.mentionsOfMe();
    expect(theirs[0]).toMatchObject({ commentId: made.id, thoughtId: session.thoughtIds[1], resolved: false });
    expect((await as(viewer).comments.mentionsOfMe()).map((m) => m.commentId)).not.toContain(made.id);
    expect(await as(outsider).comments.mentionsOfMe()).toEqual([]);
  });

  it("lets a signed-in person with no project start one, and nothing else", async () => {
    const loner = await seedMember(db, await seedProject(db, "Left"), "viewer");
    await db.membership.deleteMany({ where: { userId: loner.id } });
    const actor: Actor = { kind: "user", user: { id: loner.id, email: loner.email, name: null }, access: null };
    await expect(as(actor).sessions.table({})).rejects.toThrow(/not a member of any project/);
    const created = await as(actor).project.create({ name: "Fresh start" });
    expect(await db.membership.findMany({ where: { userId: loner.id } })).toEqual([
      expect.objectContaining({ projectId: created.id, role: "owner" }),
    ]);
  });

  it("keeps an API key's score apart from people's and under its own author", async () => {
    const key = await db.apiKey.create({
      data: { id: unique("key"), projectId, name: "judge", hash: unique("hash"), prefix: "tg_abcd", last4: "wxyz" },
    });
    const thoughtId = session.thoughtIds[0]!;
    await upsertScore(db, projectId, { kind: "key", apiKeyId: key.id }, { thoughtId, name: configName, value: true });
    const seen = await as(members.get("owner")!).scores.ofSession({ sessionId: session.sessionId });
    const byKey = seen.scores.find((s) => s.thoughtId === thoughtId && s.authorLabel.startsWith("API key judge"));
    expect(byKey?.mine).toBe(false);
  });
});
