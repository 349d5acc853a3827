// The review in the exports, through their doors (REST with an API key, the dashboard's download with a cookie)
// against the real server: scores (config, author or judge, value, comment) and comment threads (anchor phrase,
// replies, resolution) in the JSON and Markdown exports; the scores as CSV for one session and for many (by ids or by
// the list's filters), quoted as RFC 4180 says and safe to open in a spreadsheet.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZSessionExport, type SessionExport } from "@/lib/contracts/session";
import {
  call,
  expectError,
  expectShape,
  record,
  startSqliteServer,
  tableCounts,
  thought,
  unique,
  type SqliteServer,
} from "@/test/support/api-client";
import { parseCsv } from "@/test/support/csv";
import { signIn, trpcMutation } from "@/test/support/dashboard-client";
import { harmlessUrl, renderMarkdown } from "@/test/support/render-markdown";

const ADMIN = { email: "reviewer@example.com", password: "correct horse battery staple" };

let tg: SqliteServer;
let cookie: string;
const server = () => tg.server;

beforeAll(async () => {
  tg = await startSqliteServer("api-export-review", {
    THOUGHTGRAPH_INIT_ADMIN_EMAIL: ADMIN.email,
    THOUGHTGRAPH_INIT_ADMIN_PASSWORD: ADMIN.password,
  });
  cookie = await signIn(tg.server, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await tg?.server.stop();
});

async function exportAs(id: string, format: "json" | "markdown" | "csv") {
  const a = await call(server(), `/api/v1/sessions/${encodeURIComponent(id)}/export?format=${format}`);
  expect(a.status, a.text).toBe(200);
  return a;
}

describe("the review in the exports", () => {
  let sessionId: string;
  let thoughtIds: string[];
  let exported: SessionExport;
  const config = unique("correctness");
  const verdict = unique("verdict");

  beforeAll(async () => {
    const key = unique("reviewed");
    const results = [];
    for (let n = 1; n <= 3; n++) {
      results.push(
        await record(server(), thought(n, 3, { sessionId: key, thought: `Step ${n}: compare the two caches` })),
      );
    }
    sessionId = results[0]!.sessionId;
    thoughtIds = results.map((r) => r.thoughtId);
    for (const body of [
      { name: config, type: "numeric", min: 0, max: 1 },
      { name: verdict, type: "categorical", categories: ["bad", "good"] },
    ]) {
      const a = await call(server(), "/api/v1/score-configs", { method: "POST", json: body });
      expect(a.status, a.text).toBe(201);
    }
    // A judge (the suite's API key) and a person score; the person's comment tries a formula and a link.
    const judged = await call(server(), "/api/v1/scores", {
      method: "POST",
      json: { thoughtId: thoughtIds[1], name: config, value: 0.75, comment: '=HYPERLINK("http://x","y"), fine' },
    });
    expect(judged.status, judged.text).toBe(201);
    const session = await call(server(), "/api/v1/scores", {
      method: "POST",
      json: { sessionId, name: verdict, value: "good" },
    });
    expect(session.status, session.text).toBe(201);
    const mine = await trpcMutation(server(), cookie, "scores.upsertMine", {
      thoughtId: thoughtIds[0],
      name: config,
      value: 0.25,
      comment: "Too vague: [see](javascript:alert(1))",
    });
    expect(mine.error, JSON.stringify(mine.error)).toBeUndefined();

    const text = "Step 2: compare the two caches";
    const start = text.indexOf("two caches");
    const thread = await trpcMutation<{ id: string }>(server(), cookie, "comments.create", {
      sessionId,
      thoughtId: thoughtIds[1],
      body: "Which two? <img src=x onerror=alert(1)>",
      anchor: { start, end: start + "two caches".length, text: "two caches" },
    });
    expect(thread.error, JSON.stringify(thread.error)).toBeUndefined();
    const reply = await trpcMutation(server(), cookie, "comments.create", {
      sessionId,
      parentId: thread.data!.id,
      body: "The L1 and the L2.",
    });
    expect(reply.error).toBeUndefined();
    expect(
      (await trpcMutation(server(), cookie, "comments.setResolved", { id: thread.data!.id, resolved: true })).error,
    ).toBeUndefined();
    const open = await trpcMutation(server(), cookie, "comments.create", { sessionId, body: "Overall: good run." });
    expect(open.error).toBeUndefined();

    exported = expectShape(ZSessionExport, await exportAs(sessionId, "json"));
  });

  it("JSON carries every score with config, author or judge, value and comment", () => {
    const onThoughts = exported.thoughts.flatMap((t) => t.scores);
    const judge = onThoughts.find((s) => s.thoughtId === thoughtIds[1])!;
    expect(judge).toMatchObject({ name: config, type: "numeric", value: 0.75, source: "key" });
    expect(judge.authorLabel).toMatch(/^API key /);
    expect(judge.comment).toContain("=HYPERLINK");
    const person = onThoughts.find((s) => s.thoughtId === thoughtIds[0])!;
    expect(person).toMatchObject({ value: 0.25, source: "user" });
    expect(person.authorLabel).toBe(ADMIN.email);
    expect(exported.scores).toHaveLength(1);
    expect(exported.scores[0]).toMatchObject({ name: verdict, stringValue: "good", thoughtId: null });
  });

  it("JSON carries every comment thread with author, anchor phrase, body, replies and resolution", () => {
    expect(exported.comments).toHaveLength(2);
    const [anchored, open] = exported.comments;
    expect(anchored).toMatchObject({
      thoughtId: thoughtIds[1],
      author: ADMIN.email,
      body: "Which two? <img src=x onerror=alert(1)>",
      resolved: true,
      resolvedBy: ADMIN.email,
    });
    expect(anchored!.anchor?.text).toBe("two caches");
    expect(anchored!.replies.map((r) => [r.author, r.body])).toEqual([[ADMIN.email, "The L1 and the L2."]]);
    expect(open).toMatchObject({ thoughtId: null, body: "Overall: good run.", resolved: false, replies: [] });
  });

  it("Markdown reads as a reviewed document: scores and threads under their thoughts, and nothing runs", async () => {
    const md = (await exportAs(sessionId, "markdown")).text;
    expect(md).toMatch(/^- Status: completed; 3 thoughts, 0 branches, 0 revisions$/m);
    expect(md).toMatch(/- Review: 3 scores, 2 comment threads \(1 resolved\)/);
    expect(md).toContain("## Review of the whole session");
    expect(md).toContain(`- **${verdict}** (categorical): good (1), by API key`);
    const second = md.slice(md.indexOf("## 2/3"), md.indexOf("## 3/3"));
    expect(second).toContain(`- **${config}** (numeric): 0.75, by API key`);
    expect(second).toContain(`**${ADMIN.email}** on “two caches” · resolved by ${ADMIN.email}`);
    expect(second).toContain("Which two? \\<img src=x onerror=alert(1)>");
    expect(second).toContain(`**${ADMIN.email}** replied`);
    expect(second).toContain("The L1 and the L2.");
    const first = md.slice(md.indexOf("## 1/3"), md.indexOf("## 2/3"));
    expect(first).toContain(`by ${ADMIN.email}`);
    const shown = renderMarkdown(md);
    expect(shown.raw).toEqual([]);
    expect(shown.urls.filter((u) => !harmlessUrl(u))).toEqual([]);
  });

  it("says 1 branch and 1 revision, not 1 branches", async () => {
    const key = unique("plurals");
    await record(server(), thought(1, 3, { sessionId: key }));
    await record(server(), thought(2, 3, { sessionId: key, isRevision: true, revisesThought: 1 }));
    await record(server(), thought(3, 3, { sessionId: key, branchFromThought: 1, branchId: "b" }));
    const md = (await exportAs(key, "markdown")).text;
    expect(md).toMatch(/^- Status: \w+; 3 thoughts, 1 branch, 1 revision$/m);
    expect(md).toMatch(/Reasoning health: .*1 branch \(/);
  });

  it("an import keeps the agent's record and leaves the review in the file", async () => {
    const before = tableCounts(tg.dbFile);
    const a = await call(server(), "/api/v1/sessions/import", { method: "POST", json: exported });
    expect(a.status, a.text).toBe(201);
    const again = expectShape(ZSessionExport, await exportAs((a.body as { sessionId: string }).sessionId, "json"));
    expect(again.thoughts.map((t) => t.text)).toEqual(exported.thoughts.map((t) => t.text));
    expect(again.comments).toEqual([]);
    expect(again.thoughts.flatMap((t) => t.scores)).toEqual([]);
    expect(tableCounts(tg.dbFile).thoughts - before.thoughts).toBe(3);
  });

  it("CSV of one session: one row per score, RFC 4180 quoting, formulas neutralised", async () => {
    const a = await exportAs(sessionId, "csv");
    expect(a.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(a.headers.get("content-disposition")).toMatch(/^attachment; filename="session-.*-scores\.csv"$/);
    const [header, ...rows] = parseCsv(a.text);
    expect(header).toEqual([
      "session_id",
      "session_title",
      "target",
      "thought_id",
      "thought_seq",
      "thought_number",
      "branch",
      "config",
      "config_type",
      "value",
      "numeric_value",
      "author",
      "author_kind",
      "comment",
      "created_at",
      "updated_at",
    ]);
    expect(rows).toHaveLength(3);
    const col = (name: string) => header!.indexOf(name);
    const judge = rows.find((r) => r[col("thought_id")] === thoughtIds[1])!;
    expect(judge[col("value")]).toBe("0.75");
    expect(judge[col("author_kind")]).toBe("api_key");
    expect(judge[col("comment")]).toBe('\'=HYPERLINK("http://x","y"), fine');
    const session = rows.find((r) => r[col("target")] === "session")!;
    expect(session.slice(col("config"), col("author"))).toEqual([verdict, "categorical", "good", "1"]);
    const person = rows.find((r) => r[col("thought_id")] === thoughtIds[0])!;
    expect([person[col("author")], person[col("author_kind")], person[col("thought_number")]]).toEqual([
      ADMIN.email,
      "person",
      "1",
    ]);
  });

  it("CSV of many sessions by ids, through REST and the dashboard download; unknown ids and too many are 400/404", async () => {
    const other = await record(server(), thought(1, 1, { sessionId: unique("other"), nextThoughtNeeded: false }));
    const s = await call(server(), "/api/v1/scores", {
      method: "POST",
      json: { sessionId: other.sessionId, name: verdict, value: "bad" },
    });
    expect(s.status, s.text).toBe(201);
    const ids = `${sessionId},${other.sessionId}`;
    const rest = await call(server(), `/api/v1/sessions/export?format=csv&ids=${ids}`);
    expect(rest.status, rest.text).toBe(200);
    const rows = parseCsv(rest.text).slice(1);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set([sessionId, other.sessionId]));

    const download = await fetch(`${server().url}/sessions/export?format=csv&ids=${ids}`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(await download.text()).toBe(rest.text);
    const anonymous = await fetch(`${server().url}/sessions/export?format=csv&ids=${ids}`);
    expect(anonymous.status).toBe(401);

    expectError(await call(server(), `/api/v1/sessions/export?format=csv&ids=${sessionId},nope`), 404, "ids");
    const many = Array.from({ length: 1001 }, (_, i) => `s${i}`).join(",");
    expectError(await call(server(), `/api/v1/sessions/export?format=csv&ids=${many}`), 400, "ids");
    expectError(await call(server(), `/api/v1/sessions/export?format=csv&ids=${sessionId}&status=active`), 400, "ids");
    expectError(await call(server(), "/api/v1/sessions/export?format=pdf"), 400, "format");
  });

  it("CSV of many sessions by the list's filters: every matching session, not a page", async () => {
    const a = await call(server(), "/api/v1/sessions/export?format=csv&status=completed");
    expect(a.status, a.text).toBe(200);
    const rows = parseCsv(a.text).slice(1);
    expect(rows.filter((r) => r[0] === sessionId)).toHaveLength(3);
    const none = await call(server(), "/api/v1/sessions/export?format=csv&status=active");
    expect(
      parseCsv(none.text)
        .slice(1)
        .filter((r) => r[0] === sessionId),
    ).toEqual([]);
    const later = await call(server(), "/api/v1/sessions/export?format=csv&updatedSince=2999-01-01T00:00:00Z");
    expect(parseCsv(later.text)).toHaveLength(1); // the header alone
    const all = parseCsv((await call(server(), "/api/v1/sessions/export?format=csv")).text).slice(1);
    expect(all.length).toBeGreaterThanOrEqual(4);
  });

  it("the dashboard download takes the sessions list's own filter names (q, agent, …), as its Export link sends them", async () => {
    const download = (query: string) =>
      fetch(`${server().url}/sessions/export?format=csv&${query}`, { headers: { cookie } });
    const byId = await download(`q=${encodeURIComponent(sessionId)}`);
    expect(byId.status).toBe(200);
    const rows = parseCsv(await byId.text()).slice(1);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set([sessionId]));
    const nobody = await download(`agent=${unique("no-such-agent")}`);
    expect(parseCsv(await nobody.text())).toHaveLength(1); // the header alone
    expect((await download("format=pdf")).status).toBe(400);
  });
});
