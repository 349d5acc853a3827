// The AI SDK tools in a real `generateText` tool loop, driven by a scripted mock model, against the built server:
// every step the model sends is recorded, the session's rows match what it sent, and `clearSession` starts afresh.
import { generateText, stepCountIs, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createMemoryTools,
  createSequentialThinkingTool,
  createThinkTool,
  type SequentialThinkingToolOutput,
} from "@/sdk/src/index";
import { api, newApiKey, server, uniqueKey } from "@/test/mcp/support";

let key: string;
beforeAll(async () => {
  key = await newApiKey("ai-sdk");
});

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A model that calls `toolName` once per step with each of `calls`, then answers `final`. */
function scriptedModel(toolName: string, calls: Record<string, unknown>[], final = "Done.") {
  let step = 0;
  return new MockLanguageModelV3({
    doGenerate: async (): Promise<GenerateResult> => {
      const args = calls[step];
      step += 1;
      if (!args) {
        return {
          content: [{ type: "text", text: final }],
          finishReason: { unified: "stop", raw: "stop" },
          usage,
          warnings: [],
        };
      }
      return {
        content: [{ type: "tool-call", toolCallId: `call-${step}`, toolName, input: JSON.stringify(args) }],
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage,
        warnings: [],
      };
    },
  });
}

async function run(tools: ToolSet, model: MockLanguageModelV3) {
  return generateText({ model, tools, prompt: "Think it through.", stopWhen: stepCountIs(20) });
}

function toolOutputs(result: Awaited<ReturnType<typeof run>>) {
  return result.steps.flatMap((s) => s.toolResults.map((r) => r.output as SequentialThinkingToolOutput));
}

interface GraphThought {
  seq: number;
  text: string;
  thoughtNumber: number;
  totalThoughts: number;
  nextThoughtNeeded: boolean;
  isRevision: boolean | null;
  revisesThought: number | null;
  revisesThoughtId: string | null;
  branchId: string | null;
  branchFromThought: number | null;
  branchFromThoughtId: string | null;
  metadata: { client?: string } | null;
}
const graph = async (id: string) =>
  (await (await api(key, `/api/v1/sessions/${id}`)).json()) as {
    session: { id: string; status: string; key: string | null };
    thoughts: GraphThought[];
    branches: { key: string }[];
  };

const options = () => ({ baseUrl: server().url, apiKey: key });

describe("createSequentialThinkingTool inside generateText", () => {
  it("records a multi-step sequence (continuing, revising, branching, completing) exactly as the model sent it", async () => {
    const script = [
      {
        thought: "Define the problem: cache misses spike at noon.",
        thoughtNumber: 1,
        totalThoughts: 4,
        nextThoughtNeeded: true,
      },
      { thought: "Hypothesis: the TTL is too short.", thoughtNumber: 2, totalThoughts: 4, nextThoughtNeeded: true },
      {
        thought: "Revising 2: the TTL is fine; the key space doubles at noon.",
        thoughtNumber: 3,
        totalThoughts: 4,
        nextThoughtNeeded: true,
        isRevision: true,
        revisesThought: 2,
      },
      {
        thought: "Alternative from 2: eviction policy is LRU, should be LFU.",
        thoughtNumber: 4,
        totalThoughts: 5,
        nextThoughtNeeded: true,
        branchFromThought: 2,
        branchId: "eviction",
      },
      {
        thought: "Conclusion: shard the cache by tenant.",
        thoughtNumber: "5",
        totalThoughts: 5,
        nextThoughtNeeded: "false",
      },
    ];
    const model = scriptedModel("sequentialthinking", script, "Shard the cache by tenant.");
    const result = await run({ sequentialthinking: createSequentialThinkingTool(options()) }, model);

    expect(result.text).toBe("Shard the cache by tenant.");
    const outputs = toolOutputs(result);
    expect(outputs).toHaveLength(5);
    const sessionId = outputs[0]!.sessionId;
    expect(outputs.every((o) => o.sessionId === sessionId)).toBe(true);
    expect(outputs.map((o) => o.thoughtHistoryLength)).toEqual([1, 2, 3, 4, 5]);
    const last = outputs[4]!;
    expect(last).toMatchObject({
      thoughtNumber: 5,
      totalThoughts: 5,
      nextThoughtNeeded: false,
      branches: ["eviction"],
    });
    expect(last.summary).toMatch(
      /^Sequential thinking complete: 5 thoughts and 1 branch \(eviction\)\. Final thought: Conclusion/,
    );
    expect(outputs.slice(0, 4).every((o) => o.summary === undefined)).toBe(true);
    expect(last.thoughtHistory.map((h) => h.thoughtNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(last.thoughtHistory[2]).toMatchObject({ isRevision: true });
    expect(last.thoughtHistory[3]).toMatchObject({ branchId: "eviction" });

    // The model saw each result before its next step.
    const lastPrompt = JSON.stringify(model.doGenerateCalls.at(-1)!.prompt);
    expect(lastPrompt).toContain(sessionId);

    // The rows are what the model sent.
    const g = await graph(sessionId);
    expect(g.thoughts).toHaveLength(5);
    g.thoughts.forEach((row, i) => {
      const sent = script[i]!;
      expect(row.text).toBe(sent.thought);
      expect(row.thoughtNumber).toBe(Number(sent.thoughtNumber));
      expect(row.totalThoughts).toBe(sent.totalThoughts);
      expect(row.nextThoughtNeeded).toBe(String(sent.nextThoughtNeeded) === "true");
      expect(row.isRevision ?? undefined).toBe(sent.isRevision);
      expect(row.revisesThought ?? undefined).toBe(sent.revisesThought);
      expect(row.branchId ?? undefined).toBe(sent.branchId);
      expect(row.branchFromThought ?? undefined).toBe(sent.branchFromThought);
      expect(row.metadata?.client).toBe("ai-sdk");
    });
    expect(g.thoughts[2]!.revisesThoughtId).toBe(outputs[1]!.thoughtId);
    expect(g.thoughts[3]!.branchFromThoughtId).toBe(outputs[1]!.thoughtId);
    expect(g.branches.map((b) => b.key)).toEqual(["eviction"]);
    expect(g.session.status).toBe("completed");
  });

  it("clearSession: true clears the current session and records into a new one", async () => {
    const script = [
      { thought: "First approach.", thoughtNumber: 1, totalThoughts: 3, nextThoughtNeeded: true },
      { thought: "Second step of it.", thoughtNumber: 2, totalThoughts: 3, nextThoughtNeeded: true },
      {
        thought: "Start over differently.",
        thoughtNumber: 1,
        totalThoughts: 2,
        nextThoughtNeeded: true,
        clearSession: true,
      },
      { thought: "And finish.", thoughtNumber: 2, totalThoughts: 2, nextThoughtNeeded: false },
    ];
    const result = await run(
      { sequentialthinking: createSequentialThinkingTool(options()) },
      scriptedModel("sequentialthinking", script),
    );
    const [a, b, c, d] = toolOutputs(result);
    expect(b!.sessionId).toBe(a!.sessionId);
    expect(c!.sessionId).not.toBe(a!.sessionId);
    expect(c!.thoughtHistoryLength).toBe(1);
    expect(d!.sessionId).toBe(c!.sessionId);
    expect(d!.thoughtHistory.map((h) => h.thought)).toEqual(["Start over differently.", "And finish."]);
    const old = await graph(a!.sessionId);
    expect(old.session.status).toBe("cleared");
    expect(old.thoughts.map((t) => t.text)).toEqual(["First approach.", "Second step of it."]);
  });

  it("with an agent-owned sessionId, records under that key and keeps the key across clearSession", async () => {
    const agentKey = uniqueKey("agent-run");
    const tool = createSequentialThinkingTool({ ...options(), sessionId: agentKey });
    const result = await run(
      { sequentialthinking: tool },
      scriptedModel("sequentialthinking", [
        { thought: "one", thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false },
        { thought: "again", thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false, clearSession: true },
      ]),
    );
    const [first, second] = toolOutputs(result);
    expect(second!.sessionId).not.toBe(first!.sessionId);
    const byKey = await graph(agentKey);
    expect(byKey.session.id).toBe(second!.sessionId);
    expect((await graph(first!.sessionId)).session.status).toBe("cleared");
  });

  it("returns a malformed step to the model as a tool error naming the field, and writes nothing", async () => {
    const sessionKey = uniqueKey("bad-input");
    const result = await run(
      { sequentialthinking: createSequentialThinkingTool({ ...options(), sessionId: sessionKey }) },
      scriptedModel("sequentialthinking", [
        { thought: "x", thoughtNumber: "abc", totalThoughts: 2, nextThoughtNeeded: true },
      ]),
    );
    const errors = result.steps.flatMap((s) => s.content.filter((c) => c.type === "tool-error"));
    expect(errors).toHaveLength(1);
    expect(String((errors[0] as { error: unknown }).error)).toContain("thoughtNumber");
    expect((await api(key, `/api/v1/sessions/${sessionKey}`)).status).toBe(404);
  });
});

describe("createThinkTool inside generateText", () => {
  it("appends each thought to one session with increasing steps", async () => {
    const thoughts = ["List the rules that apply.", "Check the user's eligibility.", "Plan the reply."];
    const result = await run(
      { think: createThinkTool(options()) },
      scriptedModel(
        "think",
        thoughts.map((thought) => ({ thought })),
      ),
    );
    const outputs = result.steps.flatMap((s) =>
      s.toolResults.map((r) => r.output as { step: number; session_id: string }),
    );
    expect(outputs.map((o) => o.step)).toEqual([1, 2, 3]);
    const sessionId = outputs[0]!.session_id;
    expect(outputs.every((o) => o.session_id === sessionId)).toBe(true);
    expect((await graph(sessionId)).thoughts.map((t) => t.text)).toEqual(thoughts);
  });
});

describe("createMemoryTools inside generateText", () => {
  it("remembers, recalls, searches, updates and forgets through the REST routes, answering ThoughtMCP's envelope", async () => {
    const tools = createMemoryTools(options());
    const userId = uniqueKey("ai-memory-user");
    const once = async (name: keyof typeof tools, args: Record<string, unknown>) => {
      const result = await run({ [name]: tools[name] }, scriptedModel(name, [args]));
      const outputs: unknown[] = result.steps.flatMap((s) => s.toolResults.map((r): unknown => r.output));
      return outputs[0] as { success: boolean; data?: Record<string, unknown>; error?: string; field?: string };
    };
    const remembered = await once("remember", {
      content: "User prefers dark mode for all applications",
      userId,
      sessionId: "session-456",
      primarySector: "semantic",
      metadata: { importance: 0.8 },
    });
    expect(remembered).toMatchObject({ success: true, data: { salience: 0.8, similarity: "lexical" } });
    const memoryId = remembered.data!.memoryId as string;

    const recalled = await once("recall", { userId, text: "dark mode" });
    expect(recalled.data!.memories).toEqual([expect.objectContaining({ id: memoryId })]);
    const found = await once("search", { userId, text: '"dark mode"' });
    expect(found.data!.totalCount).toBe(1);
    expect(await once("update_memory", { memoryId, userId, strength: 0.4 })).toMatchObject({
      success: true,
      data: { strength: 0.4 },
    });
    expect(await once("forget", { memoryId, userId })).toMatchObject({ success: true, data: { deletionType: "hard" } });
    // The tool's own failure (an unknown memory) is an answer, in the envelope.
    expect(await once("forget", { memoryId, userId })).toMatchObject({ success: false, field: "memoryId" });

    // A bad field never reaches the server: the model gets a tool-input error naming it.
    const bad = await run({ remember: tools.remember }, scriptedModel("remember", [{ content: "x", userId }]));
    const error = bad.steps.flatMap((s) => s.content).find((c) => c.type === "tool-error");
    expect(String((error as { error?: unknown } | undefined)?.error)).toContain("sessionId");
  });
});
