// Deleting sessions from the sessions list (tRPC sessions.delete) against the production server on a real SQLite
// file: an admin deletes two sessions and they are gone from the list, from REST and from full-text search (their
// FTS5 rows go by trigger), while a third stays searchable; an annotator is refused and deletes nothing; bad input
// is refused naming the field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { SessionTablePage } from "@/lib/contracts/dashboard";
import { ZThoughtSearchResult } from "@/lib/contracts/search";
import type { CreatedInvitationView } from "@/lib/contracts/settings";
import {
  call,
  expectShape,
  record,
  startSqliteServer,
  thought,
  unique,
  type SqliteServer,
} from "@/test/support/api-client";
import { signIn, trpcMutation, trpcQuery } from "@/test/support/dashboard-client";

const ADMIN = { email: "admin@delete.test", password: "admin-password-1" };

let tg: SqliteServer;
let admin = "";
let annotator = "";

beforeAll(async () => {
  tg = await startSqliteServer("api-session-delete", {
    THOUGHTGRAPH_INIT_ADMIN_EMAIL: ADMIN.email,
    THOUGHTGRAPH_INIT_ADMIN_PASSWORD: ADMIN.password,
  });
  admin = await signIn(tg.server, ADMIN.email, ADMIN.password);
  const link = await trpcMutation<CreatedInvitationView>(tg.server, admin, "project.invite", { role: "annotator" });
  const email = `${unique("annotator")}@delete.test`;
  const res = await fetch(`${tg.server.url}/api/auth/invitations/accept`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: tg.server.url },
    body: JSON.stringify({ token: link.data!.path.replace("/invite/", ""), email, password: "annotator-pass-1" }),
  });
  expect(res.status, await res.text()).toBe(201);
  annotator = await signIn(tg.server, email, "annotator-pass-1");
});

afterAll(async () => {
  await tg?.server.stop();
});

const search = async (word: string) =>
  expectShape(ZThoughtSearchResult, (await call(tg.server, `/api/v1/search?q=${word}`)).body).hits.map(
    (h) => h.sessionId,
  );

const listed = async (word: string) =>
  (await trpcQuery<SessionTablePage>(tg.server, admin, "sessions.table", { q: word })).data!.sessions.map((s) => s.id);

describe("sessions.delete", () => {
  const word = unique("doomed").replace(/[^a-z0-9]/gi, "");
  const ids: string[] = [];

  beforeAll(async () => {
    for (const n of [1, 2, 3]) {
      const r = await record(tg.server, thought(1, 2, { sessionId: unique("s"), thought: `Session ${n}: ${word}` }));
      await record(tg.server, thought(2, 2, { sessionId: r.sessionId, thought: `More of ${word} in session ${n}` }));
      ids.push(r.sessionId);
    }
    expect((await search(word)).sort()).toEqual([...ids, ...ids].sort());
  });

  it("refuses an annotator, and deletes nothing", async () => {
    const a = await trpcMutation(tg.server, annotator, "sessions.delete", { ids: [ids[0]] });
    expect(a.status).toBe(403);
    expect(a.error?.message).toMatch(/annotator/);
    expect((await listed(word)).sort()).toEqual([...ids].sort());
  });

  it("refuses an empty list, naming the field", async () => {
    const a = await trpcMutation(tg.server, admin, "sessions.delete", { ids: [] });
    expect(a.status).toBe(400);
    expect(a.error?.message).toMatch(/ids/);
    expect(a.error?.message).toMatch(/at least one session/);
  });

  it("takes an admin's two sessions out of the list, REST and search, and leaves the third", async () => {
    const a = await trpcMutation<{ deleted: number }>(tg.server, admin, "sessions.delete", { ids: ids.slice(0, 2) });
    expect(a.status, JSON.stringify(a.error)).toBe(200);
    expect(a.data).toEqual({ deleted: 2 });
    expect(await listed(word)).toEqual([ids[2]]);
    expect(await search(word)).toEqual([ids[2], ids[2]]);
    for (const id of ids.slice(0, 2)) expect((await call(tg.server, `/api/v1/sessions/${id}`)).status).toBe(404);
    expect((await call(tg.server, `/api/v1/sessions/${ids[2]}`)).status).toBe(200);
  });
});
