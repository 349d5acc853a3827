// ThoughtMCP's reasoning and metacognition tools as AI SDK tools (sdk/src/ai/thoughtmcp-tools.ts) in a real
// `generateText` tool loop, driven by a scripted mock model (no model can run here), against the built server: each
// call reaches the same service as MCP and REST, the reasoning calls of one tool set record into one session, and a
// bad argument comes back to the model as a tool error naming the field, before anything is sent.
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { beforeAll, describe, expect, it } from "vitest";
import { ZAnyEnvelope } from "@/lib/thoughtmcp/envelope";
import { createThoughtMcpReasoningTools } from "@/sdk/src/index";
import { api, newApiKey, server } from "@/test/mcp/support";

let key: string;
beforeAll(async () => {
  key = await newApiKey("thoughtmcp-ai-sdk");
});

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;
const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A model that makes one tool call per step, in order, then answers "Done." */
function scriptedModel(calls: { tool: string; args: Record<string, unknown> }[]) {
  let step = 0;
  return new MockLanguageModelV3({
    doGenerate: async (): Promise<GenerateResult> => {
      const call = calls[step];
      step += 1;
      if (!call) {
        return {
          content: [{ type: "text", text: "Done." }],
          finishReason: { unified: "stop", raw: "stop" },
          usage,
          warnings: [],
        };
      }
      return {
        content: [
          { type: "tool-call", toolCallId: `call-${step}`, toolName: call.tool, input: JSON.stringify(call.args) },
        ],
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage,
        warnings: [],
      };
    },
  });
}

describe("createThoughtMcpReasoningTools inside generateText", () => {
  it("runs all eight tools; the reasoning calls share one session; a bad argument is a tool error", async () => {
    const model = scriptedModel([
      { tool: "think", args: { problem: "How to cut p95 latency?", mode: "analytical" } },
      { tool: "analyze", args: { problem: "Why is the system experiencing intermittent failures?" } },
      { tool: "ponder", args: { problem: "How should we approach the Q1 roadmap?", timeout: 5000 } },
      { tool: "breakdown", args: { problem: "Build a scalable web application", maxDepth: 2 } },
      { tool: "assess_confidence", args: { reasoning: "Benchmarks show a 40% gain", evidence: ["Load test"] } },
      { tool: "detect_bias", args: { reasoning: "All the data I've seen supports my hypothesis" } },
      { tool: "detect_emotion", args: { text: "I'm really excited about this!" } },
      { tool: "evaluate", args: { reasoning: "It is optimal because it meets all requirements" } },
      { tool: "ponder", args: { problem: "Too fast", timeout: 10 } },
    ]);
    const tools = createThoughtMcpReasoningTools({ baseUrl: server().url, apiKey: key });
    const result = await generateText({ model, tools, prompt: "Reason about it.", stopWhen: stepCountIs(20) });
    expect(result.text).toBe("Done.");

    const results = result.steps.flatMap((s) => s.toolResults);
    expect(results.map((r) => r.toolName)).toEqual([
      "think",
      "analyze",
      "ponder",
      "breakdown",
      "assess_confidence",
      "detect_bias",
      "detect_emotion",
      "evaluate",
    ]);
    const envelopes = results.map((r) => ZAnyEnvelope.parse(r.output));
    for (const e of envelopes) {
      expect(e.success).toBe(true);
      expect(e.metadata.componentsUsed.length).toBeGreaterThan(0);
    }
    const sessionIds = envelopes.slice(0, 4).map((e) => (e.success ? (e.data as { sessionId: string }).sessionId : ""));
    expect(new Set(sessionIds).size).toBe(1);
    const bias = envelopes[5]!;
    if (bias.success) expect((bias.data as { biases: { type: string }[] }).biases[0]?.type).toBe("confirmation");

    // The out-of-range timeout never reached the server: the model got a tool error naming the field.
    const errors = result.steps.flatMap((s) => s.content.filter((c) => c.type === "tool-error"));
    expect(errors).toHaveLength(1);
    expect(String((errors[0] as { error: unknown }).error)).toContain("timeout");

    // One session holds all four calls' thoughts: 1 (think) + steps + 2 (analyze) + 6 (ponder) + the breakdown's.
    const g = (await (await api(key, `/api/v1/sessions/${sessionIds[0]}`)).json()) as {
      thoughts: { metadata: { thoughtmcp: { tool: string } } }[];
    };
    expect([...new Set(g.thoughts.map((t) => t.metadata.thoughtmcp.tool))]).toEqual([
      "think",
      "analyze",
      "ponder",
      "breakdown",
    ]);
  });
});
