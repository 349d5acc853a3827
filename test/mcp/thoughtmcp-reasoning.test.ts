// ThoughtMCP's reasoning and metacognitive tools through every door against the production server, on
// SQLite (the project's shared server) and on PostgreSQL (a server of this file's own on a fresh database): a real MCP
// client over HTTP (/api/mcp/thoughtmcp), the stdio bridge (`thoughtgraph mcp --toolset thoughtmcp`) and REST
// (POST /api/v1/thoughtmcp/{tool}). Every answer is the seed's envelope, on success and on each error; every success
// names its method in metadata.componentsUsed; every reasoning call leaves a session GET /api/v1/sessions/{id} shows,
// with its reasoning health and the metacognitive results stored on its thoughts.
//
// Two engine failures cannot be reached through a door with real input: the breakdown templates have no cycle, and
// the four streams finish in well under the 1,000 ms minimum timeout. Their mapping (validation error, "Timeout
// exceeded") is tested at the service level (test/services/reasoning-suite.ts) with the engines' own error classes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZSessionExport, ZSessionGraph } from "@/lib/contracts/session";
import { ZAnyEnvelope, type Envelope } from "@/lib/thoughtmcp/envelope";
import { startServer, type RunningServer } from "@/scripts/lib/server-process";
import { createApiKey } from "@/server/auth/api-keys";
import { createDb } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { ensureDefaultProject } from "@/server/db/default-project";
import { freshPgUrl } from "@/test/support/pg";
import { bridge, server, v1Http, type McpConnection } from "./support";

/** The methods an answer may name: the three, and `llm` when a model is configured (it is not here). */
const METHODS = ["lexicon", "rules", "template"];

interface Target {
  url: string;
  databaseUrl: string;
}

async function keyOn(target: Target, label: string, scope: "read" | "write" = "write"): Promise<string> {
  const db = createDb(target.databaseUrl);
  try {
    const { id } = await ensureDefaultProject(db);
    return (await createApiKey(db, id, label, undefined, scope)).key;
  } finally {
    await db.$disconnect();
  }
}

interface Answer {
  /** REST: the HTTP status; MCP: 200 when isError is false, else the status REST gives the envelope's code. */
  status: number;
  envelope: Envelope<Record<string, unknown>>;
}
type Door = (tool: string, args: Record<string, unknown>) => Promise<Answer>;

const STATUS_OF: Record<string, number> = { validation_error: 400, forbidden: 403, not_found: 404 };

function mcpDoor(connection: McpConnection): Door {
  return async (tool, args) => {
    const r = await connection.callTool(tool, args);
    const envelope = ZAnyEnvelope.parse(r.structuredContent) as Envelope<Record<string, unknown>>;
    expect(JSON.parse(r.text)).toEqual(r.structuredContent);
    expect(r.isError).toBe(!envelope.success);
    return { status: envelope.success ? 200 : (STATUS_OF[envelope.code ?? ""] ?? 500), envelope };
  };
}

function restDoor(target: Target, key: string): Door {
  return async (tool, args) => {
    const res = await fetch(`${target.url}/api/v1/thoughtmcp/${tool}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(args),
    });
    return { status: res.status, envelope: ZAnyEnvelope.parse(await res.json()) as Envelope<Record<string, unknown>> };
  };
}

async function getJson(target: Target, key: string, route: string): Promise<unknown> {
  const res = await fetch(target.url + route, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status, route).toBe(200);
  return route.includes("format=markdown") ? res.text() : res.json();
}

function data(a: Answer): Record<string, unknown> {
  if (!a.envelope.success) throw new Error(`expected success, got ${a.envelope.error} (${a.envelope.field})`);
  expect(a.status).toBe(200);
  for (const c of a.envelope.metadata.componentsUsed) expect(METHODS).toContain(c);
  expect(a.envelope.metadata.componentsUsed.length).toBeGreaterThan(0);
  return a.envelope.data;
}

function failure(a: Answer, code: string, field: string, status: number) {
  expect(a.envelope).toMatchObject({ success: false, code, field });
  if (a.envelope.success) return;
  expect(a.status).toBe(status);
  expect(a.envelope.suggestion).toBeTruthy();
  expect(Array.isArray(a.envelope.metadata.componentsUsed)).toBe(true);
}

describe.each(["sqlite", "postgresql"] as const)("ThoughtMCP reasoning tools on %s", (provider) => {
  let target: Target;
  let own: RunningServer | undefined;
  let key = "";
  let readKey = "";
  const connections: McpConnection[] = [];
  const doors: [string, Door][] = [];
  const graph = async (sessionId: string) =>
    ZSessionGraph.parse(await getJson(target, key, `/api/v1/sessions/${sessionId}`));

  beforeAll(async () => {
    if (provider === "sqlite") {
      target = { url: server().url, databaseUrl: server().databaseUrl };
    } else {
      const databaseUrl = await freshPgUrl("thoughtmcp_reasoning");
      await applyMigrations(databaseUrl);
      own = await startServer({ databaseUrl });
      target = { url: own.url, databaseUrl };
    }
    key = await keyOn(target, `reasoning-${provider}`);
    readKey = await keyOn(target, `reasoning-read-${provider}`, "read");
    const http = await v1Http(key, "reasoning-http", "/api/mcp/thoughtmcp", target.url);
    const stdio = await bridge(key, target.url, "reasoning-stdio", ["--toolset", "thoughtmcp"]);
    connections.push(http, stdio);
    doors.push(["MCP over HTTP", mcpDoor(http)], ["stdio bridge", mcpDoor(stdio)], ["REST", restDoor(target, key)]);
  });

  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await own?.stop();
  });

  const eachDoor = async (body: (door: Door, name: string) => Promise<void>) => {
    for (const [name, door] of doors) await body(door, name);
  };

  it("think records one thought with its mode; a sessionId joins that session", async () => {
    await eachDoor(async (door) => {
      const first = data(await door("think", { problem: "How to cut p95 latency?", mode: "analytical" }));
      expect(first).toMatchObject({ mode: "analytical", status: "completed" });
      const sessionId = first.sessionId as string;
      const again = data(await door("think", { problem: "What does it cost?", mode: "critical", sessionId }));
      expect(again.sessionId).toBe(sessionId);
      const g = await graph(sessionId);
      expect(g.thoughts.map((t) => [t.id, t.stage, t.thoughtNumber])).toEqual([
        [first.thoughtId, "analytical", 1],
        [again.thoughtId, "critical", 2],
      ]);
    });
  });

  it("analyze records the framework's steps; ponder four branches and a synthesis; breakdown its tree", async () => {
    await eachDoor(async (door) => {
      const a = data(await door("analyze", { problem: "Why is the system experiencing intermittent failures?" }));
      const steps = (a.result as { steps: string[] }).steps;
      expect((await graph(a.sessionId as string)).thoughts).toHaveLength(steps.length + 2);

      const p = await door("ponder", { problem: "How should we approach the product roadmap for Q1?", timeout: 5000 });
      const pd = data(p);
      expect(p.envelope.metadata.confidence).toBe(pd.confidence);
      const pg = await graph(pd.sessionId as string);
      expect(pg.branches.map((b) => b.key)).toEqual(["analytical#1", "creative#1", "critical#1", "synthetic#1"]);
      expect(pg.health).toMatchObject({ branchCount: 4, thoughts: 6, maxBranchDepth: 1 });

      const b = data(await door("breakdown", { problem: "Build a scalable web application", maxDepth: 3 }));
      const bg = await graph(b.sessionId as string);
      expect(bg.thoughts).toHaveLength(b.totalSubProblems as number);
      const edges = bg.thoughts.flatMap(
        (t) => (t.metadata as { thoughtmcp: { dependsOn: unknown[] } }).thoughtmcp.dependsOn,
      );
      expect(edges).toHaveLength((b.dependencies as unknown[]).length);
    });
  });

  it("the metacognitive tools answer for text, and store their result on a thought given its id", async () => {
    await eachDoor(async (door) => {
      const confidence = await door("assess_confidence", {
        reasoning: "Based on benchmark results, the optimization will improve throughput by 40%",
        evidence: ["Load test data"],
      });
      expect(confidence.envelope.metadata.confidence).toBe(data(confidence).overallConfidence);
      const evaluation = await door("evaluate", {
        reasoning: "It is optimal because it meets all needs",
        includeEmotion: true,
      });
      data(evaluation);
      expect(evaluation.envelope.metadata.componentsUsed).toEqual(["rules", "lexicon"]);
      expect(data(await door("detect_emotion", { text: "I'm thrilled and grateful!" })).discrete).toBeTruthy();

      const t = data(
        await door("think", { problem: "We already spent two years on it, so we cannot stop now.", mode: "critical" }),
      );
      const bias = data(await door("detect_bias", { thoughtId: t.thoughtId }));
      expect(bias).toMatchObject({ thoughtId: t.thoughtId, sessionId: t.sessionId });
      expect((bias.biases as { type: string }[]).map((x) => x.type)).toContain("sunk_cost");
      const g = await graph(t.sessionId as string);
      expect(g.assessments.map((x) => [x.thoughtId, x.kind])).toEqual([[t.thoughtId, "bias"]]);
    });
  });

  it("answers the failure envelope naming the field for bad arguments, unknown thoughts and text with a thoughtId", async () => {
    const t = data(await doors[2]![1]("think", { problem: "A thought to point at", mode: "creative" }));
    await eachDoor(async (door) => {
      for (const [tool, field] of [
        ["think", "problem"],
        ["analyze", "problem"],
        ["ponder", "problem"],
        ["breakdown", "problem"],
        ["assess_confidence", "reasoning"],
        ["detect_bias", "reasoning"],
        ["detect_emotion", "text"],
        ["evaluate", "reasoning"],
      ] as const) {
        failure(await door(tool, {}), "validation_error", field, 400);
      }
      failure(await door("think", { problem: "x", mode: "sideways" }), "validation_error", "mode", 400);
      failure(await door("ponder", { problem: "x", timeout: 10 }), "validation_error", "timeout", 400);
      failure(await door("breakdown", { problem: "x", maxDepth: 9 }), "validation_error", "maxDepth", 400);
      failure(await door("detect_bias", { thoughtId: "no-such-thought" }), "not_found", "thoughtId", 404);
      failure(
        await door("evaluate", { thoughtId: t.thoughtId, reasoning: "other text" }),
        "validation_error",
        "thoughtId",
        400,
      );
    });
    // Nothing was stored on the thought by any of the refused calls.
    expect((await graph(t.sessionId as string)).assessments).toEqual([]);
  });

  it("a read-only key may assess text, but neither record reasoning nor store a result on a thought", async () => {
    const t = data(await doors[2]![1]("think", { problem: "A thought", mode: "synthetic" }));
    const rest = restDoor(target, readKey);
    const http = await v1Http(readKey, "reasoning-http-read", "/api/mcp/thoughtmcp", target.url);
    try {
      for (const door of [rest, mcpDoor(http)]) {
        failure(await door("think", { problem: "x", mode: "analytical" }), "forbidden", "authorization", 403);
        failure(await door("detect_bias", { thoughtId: t.thoughtId }), "forbidden", "thoughtId", 403);
        data(await door("detect_bias", { reasoning: "Everyone knows this always works." }));
      }
    } finally {
      await http.close();
    }
    expect((await graph(t.sessionId as string)).assessments).toEqual([]);
  });

  it("GET /api/v1/sessions/{id} and both exports carry the session's reasoning health", async () => {
    const p = data(await doors[2]![1]("ponder", { problem: "Should we migrate to microservices?" }));
    const id = p.sessionId as string;
    const g = await graph(id);
    const exported = ZSessionExport.parse(await getJson(target, key, `/api/v1/sessions/${id}/export?format=json`));
    expect(exported.health).toEqual(g.health);
    expect(g.health).toMatchObject({ thoughts: 6, branchCount: 4, linearity: 0.333, loops: 0, unresolvedFlags: 0 });
    const markdown = (await getJson(target, key, `/api/v1/sessions/${id}/export?format=markdown`)) as string;
    expect(markdown).toContain("- Reasoning health: revision rate 0; 4 branches");
  });
});
