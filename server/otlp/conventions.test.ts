// Golden fixtures, one module per convention (./fixtures): each export, sent as OTLP/JSON and as protobuf, gives
// exactly its graph (kinds, numbers, branches, texts), and both encodings give the same thoughts.
import { describe, expect, it } from "vitest";
import { planThoughts, type ThoughtEvent } from "@/lib/normalised/plan-thoughts";
import { encodeLogs, encodeTraces, logsJson, tracesJson } from "@/scripts/lib/otlp-requests";
import { assemble } from "./assemble";
import { logsFromJson, tracesFromJson } from "./decode-json";
import { logsFromProtobuf, tracesFromProtobuf } from "./decode-protobuf";
import type { Fixture, GraphRow } from "./fixtures/fixture";
import { FIXTURES } from "./fixtures";

function thoughts(f: Fixture, encoding: "json" | "protobuf"): ThoughtEvent[] {
  const traces = tracesJson(f.spans ?? [], f.resource);
  const logs = logsJson(f.logs ?? [], f.resource);
  const spans = encoding === "json" ? tracesFromJson(JSON.stringify(traces)) : tracesFromProtobuf(encodeTraces(traces));
  const records = encoding === "json" ? logsFromJson(JSON.stringify(logs)) : logsFromProtobuf(encodeLogs(logs));
  const { sessions } = assemble(spans, records);
  return sessions.flatMap((s) => planThoughts(s, { maxThoughtChars: 100_000 }));
}

const rows = (events: ThoughtEvent[]): GraphRow[] =>
  events.map((e) => [
    e.body.detail.kind,
    e.body.thoughtNumber,
    e.body.branchId ?? "",
    e.body.branchFromThought ?? null,
    e.body.thought,
  ]);

describe.each(FIXTURES)("$name", (f) => {
  it("gives its graph from OTLP/JSON", () => {
    const events = thoughts(f, "json");
    expect(rows(events)).toEqual(f.graph);
    expect(new Set(events.map((e) => e.body.sessionId))).toEqual(new Set([f.session]));
  });

  it("gives the same thoughts from protobuf", () => {
    expect(thoughts(f, "protobuf")).toEqual(thoughts(f, "json"));
  });
});

describe("what thoughts carry beside their text", () => {
  const detail = (f: Fixture) => thoughts(f, "protobuf").map((e) => e.body.detail);

  it("keeps signatures and encrypted payloads verbatim, on the thought they belong to", () => {
    const [reasoning, encrypted] = detail(FIXTURES.find((f) => f.name.startsWith("OpenInference"))!).slice(1);
    expect(reasoning!.opaque).toEqual({ signature: "EuYBCkQYAiJA-sig" });
    expect(encrypted).toMatchObject({
      kind: "placeholder",
      withheld: "encrypted",
      opaque: { encryptedContent: "gAAAAA-encrypted" },
    });
    const anthropic = detail(FIXTURES.find((f) => f.name.startsWith("Anthropic"))!);
    expect(anthropic[0]!.opaque).toEqual({ signature: "sig-A" });
    expect(anthropic[1]).toMatchObject({ withheld: "redacted", opaque: { redactedData: "EmwKAhgB-redacted" } });
    expect(anthropic[2]).toMatchObject({ withheld: "not_recorded", opaque: { signature: "sig-B" } });
    expect(detail(FIXTURES.find((f) => f.name.startsWith("OpenAI"))!)[0]!.opaque).toEqual({
      encryptedContent: "gAAAAB-enc",
    });
  });

  it("puts a model call's tokens, cost and latency on its first output, never on the prompt", () => {
    const oi = detail(FIXTURES.find((f) => f.name.startsWith("OpenInference"))!);
    expect(oi[0]!.tokensIn).toBeUndefined();
    expect(oi[1]).toMatchObject({
      model: "claude-sonnet-4-5",
      tokensIn: 200,
      tokensOut: 60,
      tokensReasoning: 40,
      costUsd: 0.0123,
      latencyMs: 1500,
    });
    const sdk = detail(FIXTURES.find((f) => f.name.startsWith("AI SDK"))!);
    expect(sdk[1]).toMatchObject({
      kind: "reasoning",
      tokensIn: 50,
      tokensOut: 20,
      tokensReasoning: 12,
      latencyMs: 900,
    });
    expect(sdk[5]).toMatchObject({ kind: "tool_result", toolName: "research", toolCallId: "tc-1", latencyMs: 2900 });
    const genai = detail(FIXTURES.find((f) => f.name === "GenAI spans")!);
    expect(genai[1]).toMatchObject({
      model: "claude-sonnet-4-5-20250929",
      tokensIn: 120,
      tokensOut: 80,
      tokensReasoning: 50,
    });
    expect(genai[1]!.at).toBe("2026-01-01T00:00:01.000Z");
    // No cost in the span: the list price of claude-sonnet-4-5 on the call's day, 120 × $3 + 80 × $15 per million.
    expect(genai[1]!.costUsd).toBeCloseTo((120 * 3 + 80 * 15) / 1e6, 12);
    // The log event: claude-opus-4-1 at 300 × $15 + 90 × $75 per million.
    expect(detail(FIXTURES.find((f) => f.name === "GenAI operation-details log event")!)[1]!.costUsd).toBeCloseTo(
      (300 * 15 + 90 * 75) / 1e6,
      12,
    );
  });

  it("names the session's agent and model", () => {
    const sessionFacts = (f: Fixture) => {
      const traces = tracesJson(f.spans ?? [], f.resource);
      return assemble(tracesFromJson(JSON.stringify(traces))).sessions.map((s) => [s.agent, s.model]);
    };
    expect(sessionFacts(FIXTURES.find((f) => f.name === "GenAI spans")!)).toEqual([
      ["planner", "claude-sonnet-4-5-20250929"],
    ]);
    expect(sessionFacts(FIXTURES.find((f) => f.name.startsWith("AI SDK"))!)).toEqual([
      ["travel-agent", "claude-sonnet-4-5"],
    ]);
    expect(sessionFacts(FIXTURES.find((f) => f.name.startsWith("<think>"))!)).toEqual([["test-agent", "qwen3:8b"]]);
  });
});

describe("placing items in time order", () => {
  it("orders spans by start time, whatever the number of digits, and by export order when they start together", () => {
    const chat = (spanId: string, start: string, answer: string) => ({
      traceId: "0af7651916cd43dd8448eb211c80319c",
      spanId,
      name: "chat m",
      start,
      attributes: {
        "gen_ai.operation.name": "chat",
        "gen_ai.output.messages": JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: answer }] }]),
      },
    });
    const spans = [
      chat("00f067aa0ba902b1", "1000000000000000000", "third"),
      chat("00f067aa0ba902b2", "999999999999999999", "second"),
      chat("00f067aa0ba902b3", "99", "first"),
      chat("00f067aa0ba902b4", "1000000000000000000", "fourth"),
    ];
    const { sessions } = assemble(tracesFromJson(JSON.stringify(tracesJson(spans))));
    expect(sessions.flatMap((s) => s.items.map((i) => i.text))).toEqual(["first", "second", "third", "fourth"]);
  });
});
