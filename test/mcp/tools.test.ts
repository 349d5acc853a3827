// The tools beside `sequentialthinking`, through a real MCP client: `think` keeps counting past its window,
// `revise_thought` keeps both versions, an unknown id is a clear tool error, and a session can be read back and
// cleared. Rows are checked over REST and, for versions, in the database itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/server/db/client";
import { api, newApiKey, ok, server, uniqueKey, v1Http, v2Http, type McpConnection } from "./support";

let key: string;
let mcp: McpConnection;
let db: Db;

beforeAll(async () => {
  key = await newApiKey("tools");
  mcp = await v2Http(key, true, "tools-test-client");
  db = createDb(server().databaseUrl);
});
afterAll(async () => {
  await mcp?.close();
  await db?.$disconnect();
});

interface Graph {
  session: { id: string; status: string; key: string | null; thoughtCount: number; client: string | null };
  thoughts: {
    id: string;
    text: string;
    thoughtNumber: number;
    version: number;
    score: number | null;
    tags: string[];
  }[];
}
const graph = async (id: string) => (await (await api(key, `/api/v1/sessions/${id}`)).json()) as Graph;

describe("think", () => {
  it("answers seed 004's fields and records the client's name", async () => {
    const sessionId = uniqueKey("think");
    const sc = ok(await mcp.callTool("think", { thought: "Check the cancellation rules first.", sessionId }));
    expect(sc).toMatchObject({
      status: "success",
      step: 1,
      thought: "Check the cancellation rules first.",
      context_size: 1,
    });
    expect(sc.session_id).toEqual(expect.any(String));
    const g = await graph(sc.session_id as string);
    expect(g.session.key).toBe(sessionId);
    expect(g.session.client).toBe("tools-test-client");
  });

  it("keeps counting steps past its 100-thought window while context_size stays at 100", async () => {
    const sessionId = uniqueKey("window");
    let last: Record<string, unknown> = {};
    const steps: number[] = [];
    for (let i = 1; i <= 102; i++) {
      last = ok(await mcp.callTool("think", { thought: `step ${i}`, sessionId }));
      steps.push(last.step as number);
    }
    expect(steps).toEqual(Array.from({ length: 102 }, (_, i) => i + 1));
    expect(last).toMatchObject({ step: 102, context_size: 100 });
    const ctx = ok(await mcp.callTool("get_thinking_session", { sessionId, format: "history" }));
    expect(ctx.thoughtCount).toBe(102);
    const thoughts = ctx.thoughts as { thoughtNumber: number }[];
    expect(thoughts).toHaveLength(100);
    expect(thoughts[0]!.thoughtNumber).toBe(3);
    expect(thoughts[99]!.thoughtNumber).toBe(102);
  });

  it("rejects an empty thought naming the field", async () => {
    const r = await mcp.callTool("think", { thought: "   " });
    expect(r.isError).toBe(true);
    expect(r.text).toContain("thought");
    expect(r.text).toContain("How to fix");
  });
});

describe("revise_thought", () => {
  it("keeps both versions: a ThoughtVersion row holds the old text and the new text is served", async () => {
    const sessionId = uniqueKey("revise");
    const first = ok(
      await mcp.callTool("sequentialthinking", {
        thought: "The bug is in the parser.",
        thoughtNumber: 1,
        totalThoughts: 2,
        nextThoughtNeeded: true,
        sessionId,
      }),
    );
    const revised = ok(
      await mcp.callTool("revise_thought", {
        thought_id: first.thoughtId,
        thought: "The bug is in the tokenizer, not the parser.",
        score: 0.9,
        tags: ["root-cause"],
        stage: "Analysis",
      }),
    );
    expect(revised.changed).toEqual(expect.arrayContaining(["text", "score", "tags", "stage"]));
    expect(revised).toMatchObject({
      previousVersion: 1,
      thought: { id: first.thoughtId, text: "The bug is in the tokenizer, not the parser.", version: 2, score: 0.9 },
    });
    const versions = await db.thoughtVersion.findMany({ where: { thoughtId: first.thoughtId as string } });
    expect(versions).toHaveLength(1);
    expect(versions[0]!.version).toBe(1);
    expect((versions[0]!.snapshot as { text: string }).text).toBe("The bug is in the parser.");
    const g = await graph(first.sessionId as string);
    expect(g.thoughts[0]).toMatchObject({
      text: "The bug is in the tokenizer, not the parser.",
      version: 2,
      tags: ["root-cause"],
    });
  });

  it("finds a thought by its number in a named session (seed 000's integer thought_id)", async () => {
    const sessionId = uniqueKey("revise-number");
    for (const n of [1, 2]) {
      ok(
        await mcp.callTool("sequentialthinking", {
          thought: `t${n}`,
          thoughtNumber: n,
          totalThoughts: 2,
          nextThoughtNeeded: n < 2,
          sessionId,
        }),
      );
    }
    const r = ok(
      await mcp.callTool("revise_thought", { thought_id: 2, session_id: sessionId, thought: "t2, sharper" }),
    );
    expect(r.thought).toMatchObject({ thoughtNumber: 2, text: "t2, sharper" });
  });

  it("a number names the sequential thought before a think note, and an ambiguous one lists the candidates", async () => {
    // Issue 13: sequential thoughts 1–3 and two think notes; thought_id 1 edited think note 1.
    const sessionId = uniqueKey("revise-mixed");
    for (const n of [1, 2, 3]) {
      ok(
        await mcp.callTool("sequentialthinking", {
          thought: `seq ${n}`,
          thoughtNumber: n,
          totalThoughts: 3,
          nextThoughtNeeded: true,
          sessionId,
        }),
      );
    }
    const notes = [];
    for (const n of [1, 2]) notes.push(ok(await mcp.callTool("think", { thought: `note ${n}`, sessionId })));
    // Defect 4: step is the note's position in the session, as its description says.
    expect(notes.map((n) => n.step)).toEqual([4, 5]);
    const r = ok(
      await mcp.callTool("revise_thought", { thought_id: 1, session_id: sessionId, thought: "seq 1, fixed" }),
    );
    expect(r.thought).toMatchObject({ thoughtNumber: 1, text: "seq 1, fixed" });
    const texts = (await graph(notes[0]!.session_id as string)).thoughts.map((t) => t.text);
    expect(texts).toEqual(["seq 1, fixed", "seq 2", "seq 3", "note 1", "note 2"]);

    // Two sequential thoughts numbered 2 (main path and a branch): a 409 naming both ids, nothing edited.
    const branch = ok(
      await mcp.callTool("sequentialthinking", {
        thought: "alt 2",
        thoughtNumber: 2,
        totalThoughts: 3,
        nextThoughtNeeded: true,
        branchFromThought: 1,
        branchId: "alt",
        sessionId,
      }),
    );
    const rest = await api(key, `/api/v1/thoughts/2/revise`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ session_id: sessionId, thought: "which one?" }),
    });
    expect(rest.status).toBe(409);
    const error = ((await rest.json()) as { error: { code: string; field: string; message: string } }).error;
    expect(error).toMatchObject({ code: "conflict", field: "thought_id" });
    expect(error.message).toContain(branch.thoughtId as string);
    const viaMcp = await mcp.callTool("revise_thought", { thought_id: 2, session_id: sessionId, thought: "x" });
    expect(viaMcp.isError).toBe(true);
    expect(viaMcp.text).toContain(branch.thoughtId as string);
  });

  it("answers an unknown id with a tool error naming thought_id", async () => {
    const r = await mcp.callTool("revise_thought", {
      thought_id: "01900000-0000-7000-8000-000000000000",
      thought: "x",
    });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^Not found \(thought_id\): Thought "01900000-0000-7000-8000-000000000000" was not found\./);
    const missing = await mcp.callTool("revise_thought", { thought: "no id" });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain("thought_id");
  });
});

describe("get_thinking_session and clear_thinking_session", () => {
  it("reads a session as history or as formatted context, with a limit", async () => {
    const sessionId = uniqueKey("read");
    for (const n of [1, 2, 3]) {
      ok(
        await mcp.callTool("sequentialthinking", {
          thought: `step ${n}`,
          thoughtNumber: n,
          totalThoughts: 3,
          nextThoughtNeeded: n < 3,
          sessionId,
        }),
      );
    }
    const history = ok(await mcp.callTool("get_thinking_session", { sessionId, limit: 2 }));
    expect(history).toMatchObject({ thoughtCount: 3, branches: [] });
    expect((history.thoughts as { thought: string }[]).map((t) => t.thought)).toEqual(["step 2", "step 3"]);
    const context = ok(await mcp.callTool("get_thinking_session", { sessionId, format: "context" }));
    expect(context.context).toMatch(/^Previous thoughts in this session:\n\nStep 1 \(.+\):\nstep 1\n\nStep 2/);
    const bad = await mcp.callTool("get_thinking_session", { sessionId, format: "xml" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain("format");
  });

  it("clears a session (kept for review) and the next thought with the same key starts a new one", async () => {
    const sessionId = uniqueKey("clear");
    const first = ok(await mcp.callTool("think", { thought: "first line of reasoning", sessionId }));
    const cleared = ok(await mcp.callTool("clear_thinking_session", { sessionId }));
    expect(cleared).toMatchObject({ sessionId: first.session_id, status: "cleared", thoughtCount: 1 });
    const next = ok(await mcp.callTool("think", { thought: "a fresh start", sessionId }));
    expect(next.session_id).not.toBe(first.session_id);
    expect(next.step).toBe(1);
    expect((await graph(first.session_id as string)).session.status).toBe("cleared");
    expect((await graph(sessionId)).session.id).toBe(next.session_id);
  });

  it("without a sessionId, works on the client's most recent active session", async () => {
    const other = await newApiKey("tools-recent");
    const conn = await v2Http(other, true, "recent-client");
    try {
      const started = ok(await conn.callTool("think", { thought: "no session named" }));
      const read = ok(await conn.callTool("get_thinking_session", {}));
      expect(read.sessionId).toBe(started.session_id);
      const cleared = ok(await conn.callTool("clear_thinking_session", {}));
      expect(cleared.sessionId).toBe(started.session_id);
      const none = await conn.callTool("get_thinking_session", {});
      expect(none.isError).toBe(true);
      expect(none.text).toMatch(/^Not found/);
    } finally {
      await conn.close();
    }
  });
});

describe("API key scope", () => {
  it("a read-only key may read a session but not write", async () => {
    const reader = await newApiKey("tools-reader", "read");
    const conn = await v1Http(reader);
    try {
      const r = await conn.callTool("think", { thought: "may I?" });
      expect(r.isError).toBe(true);
      expect(r.text).toMatch(/^Not allowed: This API key may only read\./);
      const sessionId = uniqueKey("scope");
      ok(await mcp.callTool("think", { thought: "written with a write key", sessionId }));
      const read = await conn.callTool("get_thinking_session", { sessionId });
      expect(read.isError).toBe(false);
    } finally {
      await conn.close();
    }
  });
});
