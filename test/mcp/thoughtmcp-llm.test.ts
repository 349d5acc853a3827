// The optional LLM refiner of think, ponder and evaluate (server/services/reasoning/llm-refiner.ts) through
// MCP over HTTP and REST against a production server of this file's own, configured by environment as an operator
// would: THOUGHTMCP_LLM_URL, THOUGHTMCP_LLM_MODEL, THOUGHTMCP_LLM_KEY, THOUGHTMCP_LLM_TIMEOUT_MS.
//
// The model is a fake, the one this suite allows: a small HTTP server started here that answers the OpenAI
// chat-completions shape deterministically, since no real model can run on this machine. A word in the problem picks
// its behaviour: "llm-fail" answers 500, "llm-garbage" a body without choices, "llm-slow" answers after the timeout;
// anything else "Refined <tool>: <problem>". The rule answer must stand whenever the model fails.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZSessionGraph } from "@/lib/contracts/session";
import { ZAnyEnvelope, type Envelope } from "@/lib/thoughtmcp/envelope";
import { startServer, type RunningServer } from "@/scripts/lib/server-process";
import { createApiKey } from "@/server/auth/api-keys";
import { createDb } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { ensureDefaultProject } from "@/server/db/default-project";
import { freshSqliteUrl } from "@/test/support/sqlite-file";
import { v1Http, type McpConnection } from "./support";

// Long enough that the fake's immediate answers arrive on a loaded machine (500 ms ran out at load 12 and the rule
// answer stood), short enough for the four "llm-slow" calls, which wait it out.
const TIMEOUT_MS = 2_500;

interface ModelCall {
  model: unknown;
  authorization: string | undefined;
  tool: string;
  problem: string;
}

type Door = (tool: string, args: Record<string, unknown>) => Promise<Envelope<Record<string, unknown>>>;

describe("ThoughtMCP's LLM refiner (think, ponder, evaluate)", () => {
  const calls: ModelCall[] = [];
  const slow = new Set<http.ServerResponse>();
  let model: http.Server;
  let own: RunningServer;
  let key = "";
  let mcp: McpConnection;
  const doors: [string, Door][] = [];

  beforeAll(async () => {
    model = http.createServer((req, res) => {
      let body = "";
      req.on("data", (d: Buffer) => (body += d.toString()));
      req.on("end", () => {
        const parsed = JSON.parse(body) as { model: unknown; messages: { role: string; content: string }[] };
        const user = parsed.messages.find((m) => m.role === "user")!.content;
        const tool = /^Tool: (\w+)/.exec(user)![1]!;
        const problem = /Problem: ([^\n]*)/.exec(user)![1]!;
        calls.push({ model: parsed.model, authorization: req.headers.authorization, tool, problem });
        if (req.url !== "/v1/chat/completions") return void res.writeHead(404).end();
        if (problem.includes("llm-fail")) return void res.writeHead(500).end("model down");
        if (problem.includes("llm-slow")) return void slow.add(res); // answered at the end, long after the timeout
        res.writeHead(200, { "content-type": "application/json" });
        const content = `Refined ${tool}: ${problem}`;
        res.end(
          JSON.stringify(problem.includes("llm-garbage") ? { nope: true } : { choices: [{ message: { content } }] }),
        );
      });
    });
    await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
    const databaseUrl = freshSqliteUrl("thoughtmcp-llm");
    await applyMigrations(databaseUrl);
    own = await startServer({
      databaseUrl,
      env: {
        THOUGHTMCP_LLM_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1/`,
        THOUGHTMCP_LLM_MODEL: "tiny-test-model",
        THOUGHTMCP_LLM_KEY: "sk-test",
        THOUGHTMCP_LLM_TIMEOUT_MS: String(TIMEOUT_MS),
      },
    });
    const db = createDb(databaseUrl);
    try {
      key = (await createApiKey(db, (await ensureDefaultProject(db)).id, "llm", undefined, "write")).key;
    } finally {
      await db.$disconnect();
    }
    mcp = await v1Http(key, "llm-http", "/api/mcp/thoughtmcp", own.url);
    doors.push(
      [
        "MCP",
        async (tool, args) =>
          ZAnyEnvelope.parse((await mcp.callTool(tool, args)).structuredContent) as Envelope<Record<string, unknown>>,
      ],
      [
        "REST",
        async (tool, args) => {
          const res = await fetch(`${own.url}/api/v1/thoughtmcp/${tool}`, {
            method: "POST",
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
            body: JSON.stringify(args),
          });
          expect(res.status).toBe(200);
          return ZAnyEnvelope.parse(await res.json()) as Envelope<Record<string, unknown>>;
        },
      ],
    );
  });

  afterAll(async () => {
    await mcp?.close();
    await own?.stop();
    for (const res of slow) res.writeHead(200).end("{}");
    await new Promise((resolve) => model?.close(resolve));
  });

  const ok = (e: Envelope<Record<string, unknown>>) => {
    if (!e.success) throw new Error(`expected success, got ${e.error}`);
    return e.data;
  };
  const graph = async (sessionId: unknown) => {
    const res = await fetch(`${own.url}/api/v1/sessions/${String(sessionId)}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    return ZSessionGraph.parse(await res.json());
  };

  it("refines think's and ponder's conclusions, says llm in componentsUsed, and writes the refined text", async () => {
    for (const [name, door] of doors) {
      const problem = `Should we shard the events table? (${name})`;
      const think = await door("think", { problem, mode: "analytical" });
      expect(think.metadata.componentsUsed).toEqual(["template", "llm"]);
      const t = ok(think);
      expect(t.conclusion).toBe(`Refined think: ${problem}`);
      expect((await graph(t.sessionId)).thoughts[0]!.text).toContain(`Refined think: ${problem}`);

      const ponder = await door("ponder", { problem, timeout: 5000 });
      expect(ponder.metadata.componentsUsed).toContain("llm");
      const p = ok(ponder);
      expect(p.conclusion).toBe(`Refined ponder: ${problem}`);
      const synthesis = (await graph(p.sessionId)).thoughts.find(
        (x) => x.id === (p.thoughts as { synthesis: string }).synthesis,
      );
      expect(synthesis?.text).toContain(`Synthesis: Refined ponder: ${problem}`);
    }
    expect(calls.at(-1)).toMatchObject({ model: "tiny-test-model", authorization: "Bearer sk-test", tool: "ponder" });
  });

  it("stores evaluate's refined summary on the thought it evaluated", async () => {
    for (const [name, door] of doors) {
      const t = ok(
        await door("think", { problem: `It is optimal because it meets all needs (${name})`, mode: "critical" }),
      );
      const evaluation = await door("evaluate", { thoughtId: t.thoughtId });
      expect(evaluation.metadata.componentsUsed).toEqual(["rules", "llm"]);
      expect(ok(evaluation).summary).toMatch(/^Refined evaluate: /);
      const stored = (await graph(t.sessionId)).assessments.find((a) => a.kind === "evaluation");
      expect((stored?.result as { summary?: string }).summary).toBe(ok(evaluation).summary);
    }
  });

  it("keeps the rule answer when the model fails, answers garbage or runs past the timeout", async () => {
    for (const [name, door] of doors) {
      for (const trouble of ["llm-fail", "llm-garbage", "llm-slow"]) {
        const problem = `Why did the deploy stall? ${trouble} (${name})`;
        const think = await door("think", { problem, mode: "analytical" });
        expect(think.metadata.componentsUsed, trouble).toEqual(["template"]);
        const t = ok(think);
        expect(t.conclusion).not.toMatch(/Refined/);
        expect((await graph(t.sessionId)).thoughts[0]!.text).not.toMatch(/Refined/);
        const evaluation = await door("evaluate", { reasoning: problem });
        expect(evaluation.metadata.componentsUsed, trouble).toEqual(["rules"]);
        expect(ok(evaluation).summary).toBeUndefined();
      }
    }
    // Every failing call did reach the model: the fallback is the model's failure, not a skipped call.
    expect(calls.filter((c) => c.problem.includes("llm-slow")).length).toBe(4);
  });
});
