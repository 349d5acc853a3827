import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planThoughts, ThoughtPlanner } from "../normalised/plan-thoughts";
import { graphOf } from "./graph-of";
import { linesOf, readerFor, readTranscript, TranscriptError } from "./read";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const byRef = (text: string) =>
  new Map(
    planThoughts(readTranscript(text).session, { maxThoughtChars: 1e5 }).map((e) => [e.body.detail.sourceRef, e]),
  );

describe("Claude Code", () => {
  const main = fixture("claude-code-session.jsonl");
  const agent = fixture("claude-code-agent-a1b2c3.jsonl");

  it("gives the exact graph: thinking, placeholders, tools, a rewind, a compaction and a sub-agent's file", () => {
    const out = readTranscript(`${main}\n${agent}`);
    expect(out.format).toBe("claude-code");
    expect(out.session).toMatchObject({
      id: "5f0c2a8e-7d1b-4c3a-9e6f-0a1b2c3d4e5f",
      cwd: "/home/dev/app",
      gitBranch: "fix-dates",
      version: "2.1.3",
      title: "Fix the failing date test",
    });
    expect(graphOf(out.session)).toEqual([
      "1 prompt u1:0: Why does the date test fail?",
      "2 reasoning u2:0: The test compares a local date with a UTC one.",
      "3 tool_call u3:0: **Read**",
      "4 tool_result u4:0: export const today = () => new Date().toDateString();",
      "5 placeholder u5:0: Reasoning not recorded: Claude Code kept only the thinking'…",
      "6 answer u6:0: The helper uses local time; the test expects UTC.",
      "7 prompt u7:0: Run the tests with a sub-agent",
      "8 placeholder u8:0: Reasoning redacted by the provider: the model's safety syst…",
      "9 tool_call u9:0: **Task**",
      "10 tool_result u10:0: All 12 tests pass.",
      "11 prompt u11:0: Conversation compacted. Summary: the date helper now uses U…",
      "7 [fork-u12:0 from 6] prompt u12:0: Instead, explain the fix in one line",
      "8 [fork-u12:0] answer u13:0: Use UTC in the date helper.",
      "10 [agent-a1b2c3 from 9] prompt sa1:0: Run npm test and report failures",
      "11 [agent-a1b2c3] reasoning sa2:0: Run the whole suite once.",
      "12 [agent-a1b2c3] tool_call sa2:1: **Bash**",
      "13 [agent-a1b2c3] tool_result sa3:0: 12 passed",
      "14 [agent-a1b2c3] answer sa4:0: All 12 tests pass.",
    ]);
  });

  it("carries model, usage (once per message, its last report), latency and the opaque signatures", () => {
    const e = byRef(main);
    expect(e.get("u2:0")!.body.detail).toEqual({
      kind: "reasoning",
      sourceRef: "u2:0",
      at: "2026-11-20T10:00:02.000Z",
      model: "claude-sonnet-4-5",
      tokensIn: 1000,
      tokensOut: 45,
      tokensCached: 900,
      latencyMs: 2000,
      opaque: { signature: "sig-A-opaque" },
    });
    expect(e.get("u3:0")!.body.detail.tokensOut).toBeUndefined();
    expect(e.get("u5:0")!.body.detail).toMatchObject({
      withheld: "not_recorded",
      opaque: { signature: "sig-B-opaque" },
    });
    expect(e.get("u5:0")!.body.thought).toContain('"showThinkingSummaries": true');
    expect(e.get("u8:0")!.body.detail.opaque).toEqual({ redactedData: "EncryptedRedactedPayload==" });
    expect(e.get("u8:0")!.body.thought).not.toContain("EncryptedRedactedPayload");
    expect(e.get("u4:0")!.body.detail).toMatchObject({ toolName: "Read", toolCallId: "toolu_1" });
    expect(e.get("u6:0")!.body.nextThoughtNeeded).toBe(false);
    expect(e.get("u1:0")!.body.metadata).toEqual({
      agent: "claude-code",
      source: "claude-code",
      cwd: "/home/dev/app",
      gitBranch: "fix-dates",
      version: "2.1.3",
    });
  });

  it("reports the truncated last line and the records it cannot place, and reads the rest", () => {
    const out = readTranscript(main);
    expect(out.skipped).toEqual([{ line: 19, reason: "the last line is incomplete (still being written)" }]);
    expect(out.records).toBe(18);
  });
});

describe("Codex CLI", () => {
  it("gives the exact graph, with usage from token_count on the response it follows, and a rollback as a branch", () => {
    const text = fixture("codex-rollout.jsonl");
    const out = readTranscript(text);
    expect(out.session).toMatchObject({
      id: "019a2d7a-41c4-78b1-b7cc-a45d62a89cd5",
      cwd: "/home/dev/api",
      gitBranch: "main",
      version: "0.58.0",
    });
    expect(graphOf(out.session)).toEqual([
      "1 prompt L3: List the routes that lack tests",
      "2 reasoning L6: **Finding the routes**",
      "3 tool_call L8: **shell**",
      "4 tool_result L10: users.ts",
      "5 placeholder L11: Reasoning not included by the provider: only an encrypted c…",
      "6 answer L12: orders.ts has no tests.",
      "7 prompt L15: Conversation compacted. The user asked for untested routes;…",
      "8 prompt L16: Write the missing test",
      "9 reasoning L18: Use the users test as a template.",
      "10 answer L19: Added tests/orders.test.ts.",
      "8 [fork-L21 from 7] prompt L21: Write the test with table-driven cases instead",
      "9 [fork-L21] answer L22: Added a table-driven tests/orders.test.ts.",
    ]);
    const e = byRef(text);
    expect(e.get("L6")!.body.detail).toMatchObject({
      tokensIn: 2000,
      tokensOut: 150,
      tokensReasoning: 100,
      tokensCached: 1500,
      opaque: { encryptedContent: "gAAAA-opaque-1" },
    });
    expect(e.get("L11")!.body.detail).toMatchObject({ withheld: "encrypted", tokensOut: 40 });
    expect(e.get("L18")!.body.detail.model).toBe("gpt-5.1-codex");
    expect(out.skipped).toEqual([{ line: 24, reason: "the last line is incomplete (still being written)" }]);
  });
});

describe("Codex CLI sub-agents", () => {
  it("reads a sub-agent's rollout after its session's as a branch from the call before it started", () => {
    const text = `${fixture("codex-rollout.jsonl")}\n${fixture("codex-subagent.jsonl")}`;
    const out = readTranscript(text);
    expect(out.session.id).toBe("019a2d7a-41c4-78b1-b7cc-a45d62a89cd5");
    const agent = "019a2d7b-5e10-7c2a-9d3e-0f1a2b3c4d5e";
    const lines = graphOf(out.session);
    expect(lines).toHaveLength(15);
    expect(lines.filter((l) => l.includes("[agent-"))).toEqual([
      `4 [agent-${agent} from 3] prompt ${agent}/L4: Find the route files under src/routes`,
      `5 [agent-${agent}] reasoning ${agent}/L5: List the directory.`,
      `6 [agent-${agent}] answer ${agent}/L6: users.ts and orders.ts`,
    ]);
    const e = byRef(text);
    // Its own model and usage; the session's thoughts keep theirs.
    expect(e.get(`${agent}/L5`)!.body.detail).toMatchObject({
      model: "gpt-5.1-codex-mini",
      tokensIn: 300,
      tokensOut: 20,
      tokensReasoning: 8,
    });
    expect(e.get("L6")!.body.detail.model).toBe("gpt-5-codex");
    // Read on its own, it is a session of its own.
    expect(readTranscript(fixture("codex-subagent.jsonl")).session.id).toBe(agent);
  });
});

describe("Gemini CLI", () => {
  it("gives the exact graph: upserted messages once each, a rewind as a branch, a compaction, a sub-agent's file", () => {
    const out = readTranscript(`${fixture("gemini-session.jsonl")}\n${fixture("gemini-subagent.jsonl")}`);
    expect(out.session).toMatchObject({ id: "7c1d9e2f-3a4b-4c5d-8e9f-a0b1c2d3e4f5", cwd: "/home/dev/site" });
    expect(graphOf(out.session)).toEqual([
      "1 prompt g1:text: Why is the build slow?",
      "2 reasoning g2:thought-0: **Profiling**",
      "3 tool_call g2:call-tc1: **run_shell_command**",
      "4 tool_result g2:result-tc1: minify: 41s",
      "5 answer g3:text: Minification takes 41 s of the build.",
      "6 prompt g4:text: Then turn minification off",
      "7 answer g5:text: Done: minify is off in dev builds.",
      "6 [fork-g6:text from 5] prompt g6:text: Instead, cache the minified output",
      "7 [fork-g6:text] reasoning g7:thought-0: **Caching**",
      "8 [fork-g6:text] answer g7:text: Added a cache for minified chunks.",
      "9 [fork-g6:text] prompt c1:text: Conversation compacted. <state_snapshot>",
      "10 [fork-g6:text] prompt g9:text: Is the build faster now?",
      "4 [agent-sub-9f8e from 3] prompt sub-9f8e/s1:text: Profile the build",
      "5 [agent-sub-9f8e] answer sub-9f8e/s2:text: Minify dominates.",
    ]);
    const e = byRef(fixture("gemini-session.jsonl"));
    expect(e.get("g2:thought-0")!.body.detail).toMatchObject({ tokensIn: 800, tokensOut: 60, tokensReasoning: 40 });
    // The compression's summary, once; the history written again adds nothing else (the kept messages were read,
    // the acknowledgement and the restated environment are the CLI's).
    expect(e.get("c1:text")!.body.thought).toBe(
      "Conversation compacted. <state_snapshot>\n    <overall_goal>Make the build faster.</overall_goal>\n" +
        "    <key_knowledge>Minification took 41 s; minified chunks are now cached.</key_knowledge>\n</state_snapshot>",
    );
  });
});

describe("provider message JSON", () => {
  it("reads an Anthropic Messages conversation", () => {
    const out = readTranscript(fixture("anthropic-messages.json"), { name: "calc" });
    expect(out.format).toBe("anthropic");
    expect(out.session.id).toBe("calc");
    expect(graphOf(out.session)).toEqual([
      "1 prompt system: You are terse.",
      "2 prompt m0:0: What is 17 * 23?",
      "3 reasoning m1:0: 17*23 = 17*20 + 17*3 = 340 + 51 = 391.",
      "4 placeholder m1:1: Reasoning redacted by the provider: the model's safety syst…",
      "5 tool_call m1:2: **calc**",
      "6 tool_result m2:0: 391",
      "7 placeholder m3:0: Reasoning not included by the provider: only its signature …",
      "8 answer m3:1: 391",
    ]);
    // Usage counted as a Claude Code transcript counts it: every input token, cache writes and reads included.
    expect(byRef(fixture("anthropic-messages.json")).get("m1:0")!.body.detail).toMatchObject({
      tokensIn: 45,
      tokensCached: 5,
      tokensOut: 50,
    });
  });

  it("reads OpenAI Chat Completions with reasoning_content", () => {
    const out = readTranscript(fixture("openai-chat.json"));
    expect(out.format).toBe("openai-chat");
    expect(out.session.id).toMatch(/^doc-[0-9a-f]{8}$/);
    expect(graphOf(out.session)).toEqual([
      "1 prompt m0:text: Be brief.",
      "2 prompt m1:text: Is 91 prime?",
      "3 reasoning m2:reasoning: 91 = 7 * 13, so no.",
      "4 tool_call m2:call-0: **factor**",
      "5 tool_result m3:result: 7 x 13",
      "6 answer m4:text: No: 91 = 7 × 13.",
    ]);
  });

  it("reads OpenAI Responses reasoning items, an encrypted-only one as a placeholder", () => {
    const out = readTranscript(fixture("openai-responses.json"));
    expect(out.format).toBe("openai-responses");
    expect(graphOf(out.session)).toEqual([
      "1 prompt i0: Name a prime above 100.",
      "2 reasoning i1: 101 has no divisor up to 10.",
      "3 placeholder i2: Reasoning not included by the provider: only an encrypted c…",
      "4 answer i3: 101",
    ]);
    expect(byRef(fixture("openai-responses.json")).get("i1")!.body.detail).toMatchObject({
      tokensIn: 12,
      tokensOut: 90,
      tokensReasoning: 64,
    });
  });
});

describe("a format named instead of detected", () => {
  it("reads a conversation that fits several formats as the one named", () => {
    const doc = JSON.stringify({
      messages: [
        { role: "user", content: "Is 7 prime?" },
        { role: "assistant", content: "Yes." },
      ],
    });
    expect(readTranscript(doc).format).toBe("anthropic");
    const named = readTranscript(doc, { format: "openai-chat", name: "seven" });
    expect(named.format).toBe("openai-chat");
    expect(named.session).toMatchObject({ source: "openai-chat", id: "seven" });
    expect(graphOf(named.session)).toEqual(["1 prompt m0:text: Is 7 prime?", "2 answer m1:text: Yes."]);
    // A line format named for a file of another refuses it rather than guessing.
    expect(() => readTranscript(fixture("codex-rollout.jsonl"), { format: "gemini-cli" })).toThrow(TranscriptError);
  });
});

describe("following a file line by line", () => {
  it.each(["claude-code-session.jsonl", "codex-rollout.jsonl", "gemini-session.jsonl"])(
    "%s: the same thoughts as reading it whole, and a prefix's thoughts never change",
    (name) => {
      const text = fixture(name);
      const whole = planThoughts(readTranscript(text).session, { maxThoughtChars: 1e5 });
      const reader = readerFor(readTranscript(text).format as "claude-code");
      let planner: ThoughtPlanner | null = null;
      const live = [];
      for (const { line, text: t, partial } of linesOf(text)) {
        if (partial || t.trim() === "") continue;
        let record: unknown;
        try {
          record = JSON.parse(t);
        } catch {
          continue;
        }
        const items = reader.push(record, line);
        if (items.length > 0) planner ??= new ThoughtPlanner({ ...reader.facts()! }, { maxThoughtChars: 1e5 });
        for (const item of items) live.push(...planner!.add(item));
      }
      for (const item of reader.flush()) live.push(...planner!.add(item));
      expect(live).toEqual(whole);
    },
  );
});

describe("bad input", () => {
  it.each([
    ["", /empty/],
    ["hello world\nnot json either\n", /Line 1 is not JSON/],
    ['{"a": 1}\n{"b": 2}\n', /No line is a record of a known transcript format/],
    ["\u0000\u0001binary", /binary/],
    ['{"foo": "bar"}', /no known transcript/],
    // Gemini CLI's logs.json and a checkpoint (history as {role, parts}), found beside its chats.
    [
      '[{"sessionId": "s", "messageId": 0, "type": "user", "message": "hi", "timestamp": "2026-11-22T08:00:01Z"}]',
      /no known transcript/,
    ],
    [
      '[{"role": "user", "parts": [{"text": "hi"}]}, {"role": "model", "parts": [{"text": "hello"}]}]',
      /no known transcript/,
    ],
    [
      '{"messages": [{"role": "user", "content": []}]}',
      /reads as an Anthropic Messages conversation, but none of its messages/,
    ],
  ])("refuses %j as a whole", (text, message) => {
    expect(() => readTranscript(text)).toThrow(TranscriptError);
    expect(() => readTranscript(text)).toThrow(message);
  });

  it("keeps hostile text as text", () => {
    const line = JSON.stringify({
      type: "user",
      uuid: "h1",
      parentUuid: null,
      sessionId: "h",
      message: { role: "user", content: "<script>alert(1)</script>" },
    });
    const [e] = planThoughts(readTranscript(line).session, { maxThoughtChars: 1e5 });
    expect(e!.body.thought).toBe("<script>alert(1)</script>");
  });
});
