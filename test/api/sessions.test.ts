// Reading sessions over REST against the real server: the list (keyset pagination, status and updatedSince filters,
// query validation), one session by id or agent key, export (JSON and Markdown), import (the round trip loses
// nothing), the OpenAPI document and the JSON 404. Every JSON answer is checked against its zod contract.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZErrorResponse } from "@/lib/contracts/errors";
import { ZIngestResponse } from "@/lib/contracts/ingest";
import {
  ZSessionExport,
  ZSessionGraph,
  ZSessionPage,
  type SessionExport,
  type SessionSummary,
} from "@/lib/contracts/session";
import {
  allSessions,
  call,
  expectError,
  expectShape,
  getGraph,
  record,
  sleep,
  startSqliteServer,
  tableCounts,
  thought,
  unique,
  ZImportResult,
  type SqliteServer,
} from "@/test/support/api-client";
import { renderMarkdown } from "@/test/support/render-markdown";

let tg: SqliteServer;
const server = () => tg.server;

beforeAll(async () => {
  tg = await startSqliteServer("api-sessions");
});

afterAll(async () => {
  await tg?.server.stop();
});

async function page(query: string) {
  const a = await call(server(), `/api/v1/sessions${query}`);
  expect(a.status, a.text).toBe(200);
  return expectShape(ZSessionPage, a);
}

async function exportJson(id: string): Promise<SessionExport> {
  const a = await call(server(), `/api/v1/sessions/${encodeURIComponent(id)}/export?format=json`);
  expect(a.status, a.text).toBe(200);
  expect(a.headers.get("content-type")).toMatch(/application\/json/);
  expect(a.headers.get("content-disposition")).toMatch(/^attachment;\s*filename=/);
  return expectShape(ZSessionExport, a);
}

async function importJson(body: unknown) {
  const a = await call(server(), "/api/v1/sessions/import", { method: "POST", json: body });
  expect(a.status, a.text).toBe(201);
  return expectShape(ZImportResult, a);
}

describe("GET /api/v1/sessions", () => {
  beforeAll(async () => {
    // Four sessions one after another, then four more in one ingest batch: those share one commit time, so the
    // keyset pagination has ties on lastActivityAt to get right.
    for (let i = 0; i < 4; i++) await record(server(), thought(1, 2, { sessionId: unique("list-seq") }));
    const a = await call(server(), "/api/v1/ingest", {
      method: "POST",
      json: {
        events: Array.from({ length: 4 }, (_, i) => ({
          id: unique(`list-batch-${i}`),
          type: "thought",
          body: thought(1, 2, { sessionId: unique("list-batch") }),
        })),
      },
    });
    expect(a.status).toBe(207);
    expect(expectShape(ZIngestResponse, a).results.every((r) => r.status === 201)).toBe(true);
  });

  it("pages with limit=3 and nextCursor: every session exactly once, newest activity first", async () => {
    const everything = await page("?limit=200");
    expect(everything.sessions.length).toBeGreaterThanOrEqual(8);
    expect(everything.nextCursor).toBeNull();

    const seen: SessionSummary[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const p = await page(`?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(p.sessions.length).toBeLessThanOrEqual(3);
      if (p.nextCursor) expect(p.sessions).toHaveLength(3);
      seen.push(...p.sessions);
      cursor = p.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);

    expect(seen.map((s) => s.id)).toEqual(everything.sessions.map((s) => s.id));
    expect(new Set(seen.map((s) => s.id)).size).toBe(seen.length);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i - 1]!.lastActivityAt >= seen[i]!.lastActivityAt).toBe(true);
    }
  });

  it("defaults to a page of at most 50", async () => {
    const p = await page("");
    expect(p.sessions.length).toBeLessThanOrEqual(50);
  });

  it("filters by status: completed is a last thought with nextThoughtNeeded false and number == total", async () => {
    const done = await record(server(), thought(1, 2, { sessionId: unique("status-done") }));
    await record(server(), { ...thought(2, 2, { sessionId: done.sessionId }), nextThoughtNeeded: false });
    // nextThoughtNeeded false but 1 < 2: the continuation contract still says continue, so it stays active.
    const open = await record(server(), {
      ...thought(1, 2, { sessionId: unique("status-open") }),
      nextThoughtNeeded: false,
    });
    expect(open.should_continue).toBe(true);
    const running = await record(server(), thought(1, 3, { sessionId: unique("status-running") }));

    const completed = await allSessions(server(), "status=completed");
    const active = await allSessions(server(), "status=active");
    expect(completed.every((s) => s.status === "completed")).toBe(true);
    expect(active.every((s) => s.status === "active")).toBe(true);
    const completedIds = new Set(completed.map((s) => s.id));
    const activeIds = new Set(active.map((s) => s.id));
    expect(completedIds.has(done.sessionId)).toBe(true);
    expect(activeIds.has(open.sessionId)).toBe(true);
    expect(activeIds.has(running.sessionId)).toBe(true);
    expect(activeIds.has(done.sessionId)).toBe(false);
    expect((await allSessions(server(), "status=cleared")).length).toBe(0);
    // The filters partition the whole list.
    const all = await allSessions(server());
    expect(completed.length + active.length).toBe(all.length);
  });

  it("filters by updatedSince (lastActivityAt ≥ the given time)", async () => {
    const early = await record(server(), thought(1, 2, { sessionId: unique("since-early") }));
    const earlyAt = (await getGraph(server(), early.sessionId)).session.lastActivityAt;
    await sleep(15);
    const late = await record(server(), thought(1, 2, { sessionId: unique("since-late") }));
    const lateAt = (await getGraph(server(), late.sessionId)).session.lastActivityAt;
    expect(lateAt > earlyAt).toBe(true);

    const justAfterEarly = new Date(new Date(earlyAt).getTime() + 1).toISOString();
    const ids = (await allSessions(server(), `updatedSince=${encodeURIComponent(justAfterEarly)}`)).map((s) => s.id);
    expect(ids).toContain(late.sessionId);
    expect(ids).not.toContain(early.sessionId);
    const inclusive = (await allSessions(server(), `updatedSince=${encodeURIComponent(earlyAt)}`)).map((s) => s.id);
    expect(inclusive).toContain(early.sessionId);
    // With an offset instead of Z.
    const offset = new Date(new Date(lateAt).getTime() + 1).toISOString().replace("Z", "+00:00");
    expect((await page(`?updatedSince=${encodeURIComponent(offset)}`)).sessions.map((s) => s.id)).not.toContain(
      late.sessionId,
    );
    // A time in the future lists nothing.
    expect((await page("?updatedSince=2999-01-01T00:00:00Z")).sessions).toEqual([]);
  });

  it.each(["0", "201", "abc", "1.5", "-1", "", "1e2"])("limit=%j answers 400 naming limit", async (limit) => {
    expectError(await call(server(), `/api/v1/sessions?limit=${encodeURIComponent(limit)}`), 400, "limit");
  });

  it.each(["!!!", "bm90LWEtY3Vyc29y", "x", Buffer.from("garbage|").toString("base64url")])(
    "cursor=%j answers 400 naming cursor",
    async (cursor) => {
      expectError(await call(server(), `/api/v1/sessions?cursor=${encodeURIComponent(cursor)}`), 400, "cursor");
    },
  );

  it("an empty cursor answers 400 naming cursor", async () => {
    expectError(await call(server(), "/api/v1/sessions?cursor="), 400, "cursor");
  });

  it.each([
    ["status", "done"],
    ["updatedSince", "yesterday"],
    ["updatedSince", "2026-13-45T99:00:00Z"],
  ])("%s=%j answers 400 naming it", async (field, value) => {
    expectError(await call(server(), `/api/v1/sessions?${field}=${encodeURIComponent(value)}`), 400, field);
  });
});

describe("GET /api/v1/sessions/{id}", () => {
  it("finds a session by its id and by the agent's key, with the same graph", async () => {
    const key = unique("by-key");
    const r = await record(server(), thought(1, 2, { sessionId: key }));
    const byKey = await getGraph(server(), key);
    const byId = await getGraph(server(), r.sessionId);
    expect(byKey).toEqual(byId);
    expect(byId.session).toMatchObject({ id: r.sessionId, key, thoughtCount: 1, status: "active" });
    expect(byId.thoughts[0]).toMatchObject({ id: r.thoughtId, sessionId: r.sessionId, seq: 1, text: "thought 1 of 2" });
  });

  it.each([
    ["an unknown key", "no-such-session"],
    ["an unknown uuid", "01900000-0000-7000-8000-000000000000"],
    ["a long id", "a".repeat(2000)],
    ["unicode", "séance-🧠"],
    ["a path-like id", "../../etc/passwd"],
    ["__proto__", "__proto__"],
  ])("answers 404 JSON for %s", async (_label, id) => {
    const a = await call(server(), `/api/v1/sessions/${encodeURIComponent(id)}`);
    expect(expectError(a, 404).code).toBe("not_found");
  });

  it.each([
    "/api/v1/sessions/%E0%A4%A",
    "/api/v1/sessions/%E0%A4%A/export",
    "/api/v1/sessions/%zz",
    "/api/v1/sessions/%C0%AF",
    "/api/v1/nope/%zz",
  ])("GET %s (a malformed percent-escape) answers 4xx JSON, not a 500 page", async (route) => {
    const a = await call(server(), route);
    expect(a.status, `${a.status} ${a.headers.get("content-type")} ${a.text.slice(0, 100)}`).toBeGreaterThanOrEqual(
      400,
    );
    expect(a.status, `${a.status} ${a.headers.get("content-type")} ${a.text.slice(0, 100)}`).toBeLessThan(500);
    expectError(a, a.status);
  });

  it("needs a key", async () => {
    const res = await fetch(`${server().url}/api/v1/sessions/anything`);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(
      /^Bearer error="invalid_token", error_description="A valid API key is required/,
    );
    ZErrorResponse.parse(await res.json());
  });
});

describe("export and import", () => {
  /** A session with everything the graph can hold: metadata, stage, tags, score, a revision, a branch, flags. */
  async function richSession() {
    const sessionId = unique("rich");
    const meta = { agent: "test-agent", model: "test-model", client: unique("rich-client"), run: { n: 1 } };
    const t1 = await record(
      server(),
      thought(1, 4, { sessionId, stage: "plan", tags: ["a", "b"], score: 0.25, metadata: meta }),
    );
    await record(server(), thought(2, 4, { sessionId, thought: "line one\n\n## not a heading\n`code` *stars*" }));
    await record(server(), thought(3, 4, { sessionId, isRevision: true, revisesThought: 2, thought: "revised" }));
    await record(server(), thought(4, 4, { sessionId, branchFromThought: 1, branchId: "alt" }));
    await record(server(), thought(5, 5, { sessionId, branchFromThought: 1, branchId: "alt", thought: "more alt" }));
    await record(server(), thought(6, 6, { sessionId, branchFromThought: 2, branchId: "other" }));
    const flagged = await record(
      server(),
      thought(7, 7, { sessionId, isRevision: true, revisesThought: 99, nextThoughtNeeded: false }),
    );
    expect(flagged.flags.length).toBeGreaterThan(0);
    return { sessionId: t1.sessionId, key: sessionId };
  }

  it("exports JSON (an attachment) that matches GET /api/v1/sessions/{id}", async () => {
    const { sessionId } = await richSession();
    const exported = await exportJson(sessionId);
    const graph = await getGraph(server(), sessionId);
    expect(exported.format).toBe("thoughtgraph.session/v1");
    expect(exported.session).toEqual(graph.session);
    expect(exported.thoughts).toEqual(graph.thoughts);
    expect(exported.branches).toEqual(graph.branches);
    // Default format is json; the agent key works too.
    const a = await call(server(), `/api/v1/sessions/${sessionId}/export`);
    expect(a.status).toBe(200);
    expectShape(ZSessionExport, a);
  });

  it("exports Markdown as an attachment with every thought's text", async () => {
    const { sessionId } = await richSession();
    const a = await call(server(), `/api/v1/sessions/${sessionId}/export?format=markdown`);
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toMatch(/text\/markdown/);
    expect(a.headers.get("content-disposition")).toMatch(/^attachment;\s*filename="?[^"]+\.md"?/);
    const graph = await getGraph(server(), sessionId);
    for (const t of graph.thoughts) expect(a.text).toContain(t.text);
    expect(a.text).toContain("alt");
  });

  it("exports Markdown with no raw HTML and no script link from any field the agent wrote", async () => {
    const key = unique("<img src=x onerror=alert(1)>");
    const hostile = '<script>alert("text")</script> [click](javascript:alert(1)) and [ok](https://example.com)';
    await record(
      server(),
      thought(1, 1, {
        sessionId: key,
        thought: hostile,
        metadata: { agent: "<b onclick=x>agent</b>", model: "<i>m</i>" },
      }),
    );
    const a = await call(server(), `/api/v1/sessions/${encodeURIComponent(key)}/export?format=markdown`);
    expect(a.status, a.text).toBe(200);
    const shown = renderMarkdown(a.text);
    expect(shown.raw).toEqual([]); // no tag opens anywhere: title, key, Agent line, text
    expect(shown.urls).toEqual(["https://example.com"]); // safe links still work
    expect(a.text).toMatch(/^# \\<script>alert\("text"\)/); // the title, readable unrendered
    expect(a.text).toContain("- Agent: \\<b onclick=x>agent\\</b>, \\<i>m\\</i>");
    expect(a.text).toContain("agent key `\\<img src=x onerror=alert(1)>");
  });

  it("answers 400 naming format for an unknown format, and 404 JSON for an unknown session", async () => {
    const { sessionId } = await richSession();
    expectError(await call(server(), `/api/v1/sessions/${sessionId}/export?format=pdf`), 400, "format");
    expect(expectError(await call(server(), "/api/v1/sessions/nope-nope/export"), 404).code).toBe("not_found");
  });

  it("import round trip: export → import → export loses nothing but ids and import timestamps", async () => {
    const { sessionId } = await richSession();
    const a = await exportJson(sessionId);
    const before = tableCounts(tg.dbFile);
    const imported = await importJson(a);
    expect(imported.thoughts).toBe(a.thoughts.length);
    expect(imported.sessionId).not.toBe(a.session.id);
    const after = tableCounts(tg.dbFile);
    expect(after.sessions - before.sessions).toBe(1);
    expect(after.thoughts - before.thoughts).toBe(a.thoughts.length);
    expect(after.branches - before.branches).toBe(a.branches.length);

    const b = await exportJson(imported.sessionId);
    expect(b.session.id).toBe(imported.sessionId);

    // The session's content.
    const sessionFields = [
      "title",
      "status",
      "agent",
      "client",
      "model",
      "metadata",
      "thoughtCount",
      "branchCount",
      "revisionCount",
      "flagCount",
    ] as const;
    for (const f of sessionFields) expect(b.session[f], `session.${f}`).toEqual(a.session[f]);

    // Thoughts, in seq order, with every field except ids; links map to the corresponding new thoughts.
    expect(b.thoughts).toHaveLength(a.thoughts.length);
    const aIndex = new Map(a.thoughts.map((t, i) => [t.id, i]));
    const bIndex = new Map(b.thoughts.map((t, i) => [t.id, i]));
    const linkIndex = (index: Map<string, number>, id: string | null) => (id === null ? null : index.get(id));
    a.thoughts.forEach((ta, i) => {
      const tb = b.thoughts[i]!;
      const { id: _ia, sessionId: _sa, revisesThoughtId: ra, branchFromThoughtId: fa, ...restA } = ta;
      const { id: _ib, sessionId: sb, revisesThoughtId: rb, branchFromThoughtId: fb, ...restB } = tb;
      expect(sb).toBe(imported.sessionId);
      expect(restB, `thought seq ${ta.seq}`).toEqual(restA);
      expect(tb.id).not.toBe(ta.id);
      expect(linkIndex(bIndex, rb), `revisesThoughtId of seq ${ta.seq}`).toBe(linkIndex(aIndex, ra));
      expect(linkIndex(bIndex, fb), `branchFromThoughtId of seq ${ta.seq}`).toBe(linkIndex(aIndex, fa));
      if (ra !== null) expect(rb).not.toBeNull();
      if (fa !== null) expect(fb).not.toBeNull();
    });
    // The links are really there (not all null).
    expect(a.thoughts.some((t) => t.revisesThoughtId !== null)).toBe(true);
    expect(a.thoughts.some((t) => t.branchFromThoughtId !== null)).toBe(true);
    expect(a.thoughts.some((t) => t.flags.length > 0)).toBe(true);

    // Branches: keys, order and forks.
    expect(b.branches.map((x) => [x.key, x.ordinal, x.forkThought])).toEqual(
      a.branches.map((x) => [x.key, x.ordinal, x.forkThought]),
    );
    a.branches.forEach((ba, i) => {
      expect(linkIndex(bIndex, b.branches[i]!.forkThoughtId)).toBe(linkIndex(aIndex, ba.forkThoughtId));
    });
    expect(a.branches.map((x) => x.key)).toEqual(["alt", "other"]);

    // The imported session is listed and readable like any other.
    expect((await allSessions(server())).map((s) => s.id)).toContain(imported.sessionId);
    const g = await call(server(), `/api/v1/sessions/${imported.sessionId}`);
    expectShape(ZSessionGraph, g);

    // Importing the same file twice makes two sessions.
    const again = await importJson(a);
    expect(again.sessionId).not.toBe(imported.sessionId);
  });

  it("imports an empty session", async () => {
    const { sessionId } = await richSession();
    const a = await exportJson(sessionId);
    const empty = { ...a, thoughts: [], branches: [], session: { ...a.session, thoughtCount: 0 } };
    const imported = await importJson(empty);
    expect(imported.thoughts).toBe(0);
    const g = await getGraph(server(), imported.sessionId);
    expect(g.thoughts).toEqual([]);
  });

  describe("garbage answers 400 and writes nothing", () => {
    let valid: SessionExport;
    beforeAll(async () => {
      valid = await exportJson((await richSession()).sessionId);
    });

    const cases: [string, (e: SessionExport) => unknown, string | RegExp | undefined][] = [
      ["an empty object", () => ({}), "format"],
      ["an array", () => [], undefined],
      ["a string", () => "export", undefined],
      ["null", () => null, undefined],
      ["the wrong format", (e) => ({ ...e, format: "something/v2" }), "format"],
      ["no thoughts", (e) => ({ ...e, thoughts: undefined }), "thoughts"],
      [
        "a thought without text",
        (e) => ({ ...e, thoughts: e.thoughts.map((t, i) => (i === 1 ? { ...t, text: 7 } : t)) }),
        /^thoughts\.1/,
      ],
      [
        "a dangling revisesThoughtId",
        (e) => ({ ...e, thoughts: e.thoughts.map((t, i) => (i === 2 ? { ...t, revisesThoughtId: "missing" } : t)) }),
        /thoughts\[2\]\.revisesThoughtId/,
      ],
      [
        "a dangling forkThoughtId",
        (e) => ({ ...e, branches: e.branches.map((b) => ({ ...b, forkThoughtId: "missing" })) }),
        /branches\[0\]\.forkThoughtId/,
      ],
      [
        "a duplicate thought id",
        (e) => ({ ...e, thoughts: [...e.thoughts, { ...e.thoughts[0]!, seq: 999 }] }),
        /thoughts\[\d+\]\.id/,
      ],
      [
        "a duplicate seq",
        (e) => ({ ...e, thoughts: [...e.thoughts, { ...e.thoughts[0]!, id: "another-id" }] }),
        /thoughts\[\d+\]\.seq/,
      ],
      ["a duplicate branch key", (e) => ({ ...e, branches: [...e.branches, e.branches[0]] }), "branches"],
      ["an unknown status", (e) => ({ ...e, session: { ...e.session, status: "weird" } }), "session.status"],
      [
        "a createdAt that is not a time",
        (e) => ({ ...e, thoughts: e.thoughts.map((t, i) => (i === 0 ? { ...t, createdAt: "not a date" } : t)) }),
        /thoughts/,
      ],
      [
        "a session createdAt that is not a time",
        (e) => ({ ...e, session: { ...e.session, createdAt: "soon" } }),
        /session/,
      ],
      [
        "a branch createdAt that is not a time",
        (e) => ({ ...e, branches: e.branches.map((b) => ({ ...b, createdAt: "x" })) }),
        /branches/,
      ],
    ];

    it.each(cases)("%s", async (_label, make, field) => {
      const before = tableCounts(tg.dbFile);
      const a = await call(server(), "/api/v1/sessions/import", { method: "POST", json: make(valid) });
      expectError(a, 400, field);
      expect(tableCounts(tg.dbFile)).toEqual(before);
    });

    it("invalid JSON text", async () => {
      const before = tableCounts(tg.dbFile);
      const a = await call(server(), "/api/v1/sessions/import", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"format": "thoughtgraph.session/v1", ',
      });
      expectError(a, 400, "body");
      expect(tableCounts(tg.dbFile)).toEqual(before);
    });
  });
});

describe("OpenAPI and unknown routes", () => {
  it("GET /api/v1/openapi.json is an OpenAPI 3 document with every route", async () => {
    const res = await fetch(`${server().url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const doc = (await res.json()) as {
      openapi: string;
      info: unknown;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info).toBeTruthy();
    const expected: [string, string][] = [
      ["/api/v1/thoughts", "post"],
      ["/api/v1/ingest", "post"],
      ["/api/v1/sessions", "get"],
      ["/api/v1/sessions/{id}", "get"],
      ["/api/v1/sessions/{id}/export", "get"],
      ["/api/v1/sessions/import", "post"],
      ["/api/health", "get"],
    ];
    for (const [path, method] of expected) {
      expect(doc.paths[path], path).toBeTruthy();
      expect(doc.paths[path]![method], `${method} ${path}`).toBeTruthy();
    }
  });

  it.each([
    ["GET", "/api/v1/nope"],
    ["POST", "/api/v1/nope"],
    ["GET", "/api/v1/sessions/x/y/z"],
    ["DELETE", "/api/v1/thoughts/abc"],
  ])("%s %s answers a JSON 404", async (method, route) => {
    const a = await call(server(), route, { method });
    expect(expectError(a, 404).code).toBe("not_found");
  });

  const unknownPaths = [
    "/api",
    "/api/no-such",
    "/api/mcp/no-such",
    "/api/mcp/thoughtmcp/no-such",
    "/api/auth/no-such",
    "/api/auth/login/extra",
    "/api/trpc",
    "/api/health/extra",
  ];
  it.each(unknownPaths.flatMap((p) => ["GET", "POST", "PUT", "PATCH", "DELETE"].map((m) => [m, p])))(
    "%s %s (outside /api/v1) answers a JSON 404, not Next's HTML page",
    async (method, route) => {
      const a = await call(server(), route, { method, ...(method === "GET" ? {} : { json: {} }) });
      expect(expectError(a, 404).code).toBe("not_found");
    },
  );

  it("an unknown path below /api/mcp says where the MCP endpoints are", async () => {
    const a = await call(server(), "/api/mcp/no-such", { method: "POST", json: {} });
    expect(expectError(a, 404).suggestion).toMatch(/\/api\/mcp\/thoughtmcp/);
  });

  it.each(["/api/v1", "/api/v1/"])("GET %s (the API root) answers a JSON 404, not the HTML page", async (route) => {
    const a = await call(server(), route);
    expect(expectError(a, 404).code).toBe("not_found");
  });

  it("a known route with the wrong method answers a JSON 405 (or 404), never HTML", async () => {
    const a = await call(server(), "/api/v1/thoughts", { method: "GET" });
    expect([404, 405]).toContain(a.status);
    expectError(a, a.status);
  });
});
