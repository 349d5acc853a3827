// Comments through the tRPC router (real SQLite): threads on a thought and on the session, an anchor checked against
// the thought's text (BAD_REQUEST naming `anchor`), replies, edit, soft delete, resolve and reopen, mentions, HTML
// kept as text, another project's ids answering NOT_FOUND, and nothing at all through a share link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshServiceDb } from "@/test/support/service-db";

type Caller = ReturnType<typeof import("@/server/trpc/root").createCaller>;
let local: Caller;
let createCaller: typeof import("@/server/trpc/root").createCaller;
let createContext: typeof import("@/server/trpc/init").createTrpcContext;
let sessionId = "";
let otherSessionId = "";
let thoughtIds: string[] = [];
const TEXT = "We should check the cache before the database.";

beforeAll(async () => {
  // These callers are single-user mode's local owner (accounts and roles: test/services/permissions.test.ts).
  process.env.THOUGHTGRAPH_SINGLE_USER = "1";
  const { db, projectId, writeSession } = await freshServiceDb("comments");
  // Members to @mention (by the email's local part, or the name without spaces).
  for (const [email, name] of [
    ["alice@team.test", null],
    ["bob.smith@team.test", "Bob Smith"],
    ["d.e@team.test", "Dave"],
  ] as const) {
    await db.user.create({ data: { id: email, email, passwordHash: "x", name } });
    await db.membership.create({ data: { projectId, userId: email, role: "annotator" } });
  }
  createCaller = (await import("@/server/trpc/root")).createCaller;
  createContext = (await import("@/server/trpc/init")).createTrpcContext;
  ({ session: sessionId, ids: thoughtIds } = await writeSession("comments-a", [TEXT, "second thought"]));
  const other = await db.project.create({ data: { id: "other-project", slug: "other", name: "Other" } });
  otherSessionId = (await writeSession("comments-other", ["elsewhere"], other.id)).session;
  local = createCaller(await createContext());
});

afterAll(async () => {
  await (await import("@/server/db/client")).closeDb();
});

const anchorOf = (phrase: string) => {
  const start = TEXT.indexOf(phrase);
  return { start, end: start + phrase.length, text: phrase };
};

describe("comments over tRPC", () => {
  it("keeps threads on a thought and on the session, with replies, anchors and mentions", async () => {
    const root = await local.comments.create({
      sessionId,
      thoughtId: thoughtIds[0],
      body: "Is **this** right, @alice and @bob.smith? Not @mallory, who is no member.",
      anchor: anchorOf("the cache"),
    });
    expect(root).toMatchObject({ mine: true, author: "You", mentions: ["alice", "bob.smith"], parentId: null });
    const reply = await local.comments.create({ sessionId, parentId: root.id, body: "Yes." });
    // A reply to a reply hangs off the thread's root.
    const nested = await local.comments.create({ sessionId, parentId: reply.id, body: "Agreed." });
    expect(nested.parentId).toBe(root.id);
    expect(nested.thoughtId).toBe(thoughtIds[0]);
    await local.comments.create({ sessionId, body: "The whole session is fine." });

    const all = await local.comments.ofSession({ sessionId: "comments-a" });
    expect(all.session).toHaveLength(1);
    expect(all.session[0]!.root.body).toBe("The whole session is fine.");
    const threads = all.thoughts[thoughtIds[0]!]!;
    expect(threads).toHaveLength(1);
    expect(threads[0]!.anchor).toEqual(anchorOf("the cache"));
    expect(threads[0]!.anchorValid).toBe(true);
    expect(threads[0]!.replies.map((r) => r.body)).toEqual(["Yes.", "Agreed."]);
  });

  it("refuses an anchor that does not match the thought's text, naming anchor", async () => {
    const bad = { start: 3, end: 12, text: "the cache" };
    await expect(
      local.comments.create({ sessionId, thoughtId: thoughtIds[0], body: "x", anchor: bad }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", cause: { field: "anchor" } });
    // Inconsistent lengths fail the contract itself, on the anchor's path.
    const err = await local.comments
      .create({ sessionId, thoughtId: thoughtIds[0], body: "x", anchor: { start: 0, end: 5, text: "We" } })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "BAD_REQUEST" });
    expect(JSON.stringify((err as { cause?: { issues?: unknown } }).cause?.issues)).toContain('"anchor"');
    // An anchor on a session comment makes no sense.
    await expect(local.comments.create({ sessionId, body: "x", anchor: anchorOf("the cache") })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("resolves and reopens a thread by its root only", async () => {
    const root = await local.comments.create({ sessionId, thoughtId: thoughtIds[1], body: "Resolve me" });
    const reply = await local.comments.create({ sessionId, parentId: root.id, body: "a reply" });
    await expect(local.comments.setResolved({ id: reply.id, resolved: true })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await local.comments.setResolved({ id: root.id, resolved: true });
    let thread = (await local.comments.ofSession({ sessionId })).thoughts[thoughtIds[1]!]![0]!;
    expect(thread.resolvedAt).not.toBeNull();
    expect(thread.resolvedBy).toBe("You");
    await local.comments.setResolved({ id: root.id, resolved: false });
    thread = (await local.comments.ofSession({ sessionId })).thoughts[thoughtIds[1]!]![0]!;
    expect(thread.resolvedAt).toBeNull();
    expect(thread.resolvedBy).toBeNull();
  });

  it("edits and soft-deletes, keeping a deleted root's place in its thread", async () => {
    const root = await local.comments.create({ sessionId, body: "typo hree @carol" });
    await local.comments.create({ sessionId, parentId: root.id, body: "stays" });
    await local.comments.edit({ id: root.id, body: "typo here @dave" });
    let thread = (await local.comments.ofSession({ sessionId })).session.find((t) => t.root.id === root.id)!;
    expect(thread.root).toMatchObject({ body: "typo here @dave", mentions: ["dave"] });
    await local.comments.delete({ id: root.id });
    thread = (await local.comments.ofSession({ sessionId })).session.find((t) => t.root.id === root.id)!;
    expect(thread.root).toMatchObject({ deleted: true, body: "" });
    expect(thread.replies.map((r) => r.body)).toEqual(["stays"]);
    await expect(local.comments.edit({ id: root.id, body: "back" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("stores HTML in a body as the text it is", async () => {
    const body = `<script>alert("x")</script> <img src=x onerror=alert(1)>`;
    const c = await local.comments.create({ sessionId, thoughtId: thoughtIds[1], body });
    const { getDb } = await import("@/server/db/client");
    const row = await getDb().comment.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.body).toBe(body);
    expect(c.body).toBe(body);
  });

  it("answers NOT_FOUND for another project's session, thought or comment", async () => {
    await expect(local.comments.ofSession({ sessionId: otherSessionId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(local.comments.create({ sessionId: otherSessionId, body: "x" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const { getDb } = await import("@/server/db/client");
    const otherThought = await getDb().thought.findFirstOrThrow({ where: { sessionId: otherSessionId } });
    await expect(local.comments.create({ sessionId, thoughtId: otherThought.id, body: "x" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const { createComment } = await import("@/server/services/comments");
    const foreign = await createComment(
      getDb(),
      "other-project",
      { kind: "local" },
      {
        sessionId: otherSessionId,
        body: "theirs",
      },
    );
    await expect(local.comments.setResolved({ id: foreign.id, resolved: true })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(local.comments.create({ sessionId, parentId: foreign.id, body: "x" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(local.comments.delete({ id: foreign.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("answers NOT_FOUND to a share-link visitor for every comment call", async () => {
    const link = await local.sessions.createShareLink({ sessionId });
    const visitor = createCaller(
      await createContext({
        req: new Request("http://localhost/api/trpc", { headers: { "x-thoughtgraph-share": link.token } }),
      }),
    );
    const calls = [
      () => visitor.comments.ofSession({ sessionId }),
      () => visitor.comments.create({ sessionId, body: "hi" }),
      () => visitor.comments.edit({ id: "x", body: "hi" }),
      () => visitor.comments.delete({ id: "x" }),
      () => visitor.comments.setResolved({ id: "x", resolved: true }),
    ];
    for (const call of calls) await expect(call()).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
