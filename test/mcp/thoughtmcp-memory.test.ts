// ThoughtMCP's memory tools through every door of the production server: MCP over HTTP at
// /api/mcp/thoughtmcp (the v1 SDK client), the stdio bridge (`--toolset thoughtmcp`) and REST
// (POST /api/v1/thoughtmcp/{tool}). The seed's example requests give answers of the seed's shape, every answer is the
// envelope, and bad input on every field answers the failure envelope naming that field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  ZForgetResult,
  ZRecallResult,
  ZRememberResult,
  ZSearchResult,
  ZUpdateMemoryResult,
} from "@/lib/contracts/thoughtmcp-memory";
import { ZAnyEnvelope } from "@/lib/thoughtmcp/envelope";
import { FORGET, RECALL, REMEMBER, SEARCH, UPDATE_MEMORY } from "@/sdk/src/mcp/thoughtmcp/memory-definitions";
import { api, bridge, newApiKey, server, v1Http, type McpConnection } from "./support";

let key: string;
let readKey: string;
const doors: McpConnection[] = [];

beforeAll(async () => {
  key = await newApiKey("thoughtmcp-memory");
  readKey = await newApiKey("thoughtmcp-memory-read", "read");
  doors.push(await v1Http(key, "thoughtmcp-memory-http", "/api/mcp/thoughtmcp"));
  doors.push(await bridge(key, server().url, "thoughtmcp-memory-stdio", ["--toolset", "thoughtmcp"]));
});

afterAll(async () => {
  await Promise.all(doors.map((d) => d.close()));
});

type Call = (tool: string, args: Record<string, unknown>) => Promise<{ envelope: unknown; status?: number }>;

const viaDoor =
  (i: number): Call =>
  async (tool, args) => {
    const r = await doors[i]!.callTool(tool, args);
    expect(JSON.parse(r.text)).toEqual(r.structuredContent);
    const envelope = ZAnyEnvelope.parse(r.structuredContent);
    expect(r.isError).toBe(!envelope.success);
    return { envelope };
  };

const viaRest: Call = async (tool, args) => {
  const r = await api(key, `/api/v1/thoughtmcp/${tool}`, { method: "POST", json: args });
  return { envelope: ZAnyEnvelope.parse(await r.json()), status: r.status };
};

function data(answer: { envelope: unknown }): unknown {
  const e = ZAnyEnvelope.parse(answer.envelope);
  if (!e.success) throw new Error(`${e.error} (${e.field ?? ""})`);
  expect(e.metadata.componentsUsed.length).toBeGreaterThan(0);
  return e.data;
}

const DOORS: [string, () => Call][] = [
  ["MCP over HTTP (v1 client)", () => viaDoor(0)],
  ["the stdio bridge", () => viaDoor(1)],
  ["REST", () => viaRest],
];

describe.each(DOORS)("memory tools through %s", (label, door) => {
  const userId = `user-${label.replace(/\W+/g, "-")}-${Date.now()}`;

  it("runs the seed's examples: remember, recall, search, update_memory, forget", async () => {
    const call = door();
    const remembered = ZRememberResult.parse(data(await call("remember", { ...REMEMBER.example, userId })));
    expect(remembered).toMatchObject({ strength: 1, salience: 0.8, linksCreated: 0, similarity: "lexical" });
    const second = ZRememberResult.parse(
      data(
        await call("remember", {
          ...REMEMBER.example,
          userId,
          content: "USER prefers dark mode for all applications!",
        }),
      ),
    );
    expect(second.linksCreated).toBe(1);

    const recalled = ZRecallResult.parse(data(await call("recall", { ...RECALL.example, userId })));
    expect(recalled.memories.map((m) => m.id).sort()).toEqual([remembered.memoryId, second.memoryId].sort());
    expect(recalled.scores[remembered.memoryId]).toBeGreaterThan(0);

    const found = ZSearchResult.parse(data(await call("search", { ...SEARCH.example, userId, text: "dark mode" })));
    expect(found.totalCount).toBe(2);
    expect(found.memories[0]!.matchedTerms).toEqual(["dark", "mode"]);

    const updated = ZUpdateMemoryResult.parse(
      data(await call("update_memory", { ...UPDATE_MEMORY.example, userId, memoryId: remembered.memoryId })),
    );
    expect(updated).toMatchObject({ memoryId: remembered.memoryId, strength: 0.95, embeddingsRegenerated: false });

    const soft = ZForgetResult.parse(data(await call("forget", { memoryId: second.memoryId, userId, soft: true })));
    expect(soft.deletionType).toBe("soft");
    const after = ZRecallResult.parse(data(await call("recall", { userId })));
    expect(after.memories.map((m) => m.id)).toEqual([remembered.memoryId]);

    const hard = ZForgetResult.parse(
      data(await call("forget", { ...FORGET.example, userId, memoryId: second.memoryId })),
    );
    expect(hard).toEqual({
      memoryId: second.memoryId,
      deletionType: "hard",
      message: "Memory and all related data removed",
    });
  });

  it("search's highlight is the seed's HTML: the text escaped, the matches in <b>; ranges mark the plain text", async () => {
    const call = door();
    const content = `User prefers dark mode <img src=x onerror=alert(1)> & "quotes" everywhere`;
    data(await call("remember", { ...REMEMBER.example, userId: `${userId}-html`, content }));
    const found = ZSearchResult.parse(data(await call("search", { userId: `${userId}-html`, text: "dark mode" })));
    const hit = found.memories[0]!;
    expect(hit.highlight).toBe(
      "User prefers <b>dark mode</b> &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot; everywhere",
    );
    expect(hit.highlightText).toBe(content);
    expect(hit.highlightRanges.map((r) => hit.highlightText.slice(r.start, r.end))).toEqual(["dark", "mode"]);
  });

  it("answers an unknown memory with the seed's not-found envelope naming memoryId", async () => {
    const r = await door()("forget", { memoryId: "mem-nope", userId });
    expect(r.envelope).toMatchObject({
      success: false,
      error: "Memory not found: mem-nope",
      code: "not_found",
      field: "memoryId",
    });
    if (r.status !== undefined) expect(r.status).toBe(404);
  });
});

// Bad input on every field: [tool, arguments, the field the failure names].
const BAD: [string, Record<string, unknown>, string][] = [
  ["remember", { userId: "u", sessionId: "s", primarySector: "semantic" }, "content"],
  ["remember", { content: "  ", userId: "u", sessionId: "s", primarySector: "semantic" }, "content"],
  ["remember", { content: "c", sessionId: "s", primarySector: "semantic" }, "userId"],
  ["remember", { content: "c", userId: "u", primarySector: "semantic" }, "sessionId"],
  ["remember", { content: "c", userId: "u", sessionId: "s", primarySector: "factual" }, "primarySector"],
  ["remember", { content: "c", userId: "u", sessionId: "s", primarySector: "semantic", metadata: "x" }, "metadata"],
  ...(
    [
      [{ keywords: "x" }, "metadata.keywords"],
      [{ tags: [1] }, "metadata.tags.0"],
      [{ category: 5 }, "metadata.category"],
      [{ context: 5 }, "metadata.context"],
      [{ importance: 2 }, "metadata.importance"],
    ] as const
  ).map(
    ([metadata, field]) =>
      ["remember", { content: "c", userId: "u", sessionId: "s", primarySector: "semantic", metadata }, field] as [
        string,
        Record<string, unknown>,
        string,
      ],
  ),
  ...["recall", "search"].flatMap((tool): [string, Record<string, unknown>, string][] => [
    [tool, {}, "userId"],
    [tool, { userId: "u", text: 5 }, "text"],
    [tool, { userId: "u", sectors: ["factual"] }, "sectors.0"],
    [tool, { userId: "u", primarySector: "x" }, "primarySector"],
    [tool, { userId: "u", minStrength: 2 }, "minStrength"],
    [tool, { userId: "u", minSalience: -1 }, "minSalience"],
    [tool, { userId: "u", dateRange: { start: "yesterday" } }, "dateRange.start"],
    [tool, { userId: "u", dateRange: { end: 5 } }, "dateRange.end"],
    [tool, { userId: "u", metadata: { tags: "x" } }, "metadata.tags"],
    [tool, { userId: "u", metadata: { keywords: [2] } }, "metadata.keywords.0"],
    [tool, { userId: "u", metadata: { category: 1 } }, "metadata.category"],
    [tool, { userId: "u", limit: 0 }, "limit"],
    [tool, { userId: "u", limit: 101 }, "limit"],
    [tool, { userId: "u", offset: -1 }, "offset"],
  ]),
  ["search", { userId: "u", text: "NOT dark" }, "text"],
  ["update_memory", { userId: "u", strength: 1 }, "memoryId"],
  ["update_memory", { memoryId: "m", strength: 1 }, "userId"],
  ["update_memory", { memoryId: "m", userId: "u", content: "" }, "content"],
  ["update_memory", { memoryId: "m", userId: "u", strength: 2 }, "strength"],
  ["update_memory", { memoryId: "m", userId: "u", salience: "high" }, "salience"],
  ["update_memory", { memoryId: "m", userId: "u", metadata: { importance: 5 } }, "metadata.importance"],
  ["forget", { userId: "u" }, "memoryId"],
  ["forget", { memoryId: "m" }, "userId"],
  ["forget", { memoryId: "m", userId: "u", soft: "perhaps" }, "soft"],
];

describe("bad input on every field", () => {
  it.each(BAD)("%s %j names %s (REST: 400 with the envelope)", async (tool, args, field) => {
    const r = await viaRest(tool, args);
    expect(r.status).toBe(400);
    expect(r.envelope).toMatchObject({ success: false, code: "validation_error", field });
    const e = ZAnyEnvelope.parse(r.envelope);
    if (e.success) throw new Error("expected a failure");
    expect(e.suggestion).toBeTruthy();
    expect(e.metadata.componentsUsed).toEqual([]);
  });

  it("names the field over MCP too (HTTP and stdio)", async () => {
    for (const i of [0, 1]) {
      const r = await doors[i]!.callTool("remember", { content: "c", userId: "u", sessionId: "s", primarySector: "x" });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toMatchObject({ success: false, field: "primarySector" });
      expect(String(r.structuredContent?.error)).toMatch(/Invalid sector "x"/);
    }
  });

  it("refuses remember with a read-only key (403), and lets it recall", async () => {
    const denied = await api(readKey, "/api/v1/thoughtmcp/remember", { method: "POST", json: REMEMBER.example });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ success: false, code: "forbidden" });
    const allowed = await api(readKey, "/api/v1/thoughtmcp/recall", { method: "POST", json: RECALL.example });
    expect(allowed.status).toBe(200);
  });
});
