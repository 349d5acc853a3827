// Share links end to end through the tRPC router (real SQLite): a link opens exactly one session, read-only,
// until it is revoked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshServiceDb } from "@/test/support/service-db";

let caller: typeof import("@/server/trpc/root").createCaller;
let createContext: typeof import("@/server/trpc/init").createTrpcContext;
let sessionA = "";
let sessionB = "";

beforeAll(async () => {
  // These callers are single-user mode's local owner (accounts and roles: test/services/permissions.test.ts).
  process.env.THOUGHTGRAPH_SINGLE_USER = "1";
  const { writeSession } = await freshServiceDb("share");
  caller = (await import("@/server/trpc/root")).createCaller;
  createContext = (await import("@/server/trpc/init")).createTrpcContext;
  sessionA = (await writeSession("share-a", ["in share-a"])).session;
  sessionB = (await writeSession("share-b", ["in share-b"])).session;
});

afterAll(async () => {
  await (await import("@/server/db/client")).closeDb();
});

const shareRequest = (token: string) =>
  new Request("http://localhost/api/trpc", { headers: { "x-thoughtgraph-share": token } });

describe("share links", () => {
  it("open exactly the shared session until revoked", async () => {
    const local = caller(await createContext());
    const link = await local.sessions.createShareLink({ sessionId: sessionA });
    expect(link.token.length).toBeGreaterThanOrEqual(32);

    const visitor = caller(await createContext({ req: shareRequest(link.token) }));
    const outline = await visitor.sessions.outline({ id: sessionA });
    expect(outline.thoughts.map((t) => t.preview)).toEqual(["in share-a"]);
    await expect(visitor.sessions.outline({ id: sessionB })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await visitor.sessions.summary({ id: sessionA })).thoughtCount).toBe(1);
    await expect(visitor.sessions.summary({ id: sessionB })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(visitor.sessions.table({})).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(visitor.sessions.createShareLink({ sessionId: sessionA })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const [listed] = await local.sessions.shareLinks({ sessionId: sessionA });
    expect(listed).toMatchObject({ id: link.id, prefix: link.token.slice(0, 6), revokedAt: null });
    await local.sessions.revokeShareLink({ id: link.id });
    await expect(createContext({ req: shareRequest(link.token) })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses a made-up token", async () => {
    await expect(createContext({ req: shareRequest("not-a-real-token-000000000000") })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
