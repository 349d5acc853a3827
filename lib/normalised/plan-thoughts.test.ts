import { describe, expect, it } from "vitest";
import type { NormalisedItem, NormalisedSession } from "./model";
import { planThoughts, sessionKey, splitParagraphs, ThoughtPlanner } from "./plan-thoughts";

const session = (items: NormalisedItem[]): NormalisedSession => ({ source: "claude-code", id: "s1", cwd: "/w", items });
const item = (
  id: string,
  parent: string | null,
  kind: NormalisedItem["kind"],
  text = id,
  extra = {},
): NormalisedItem => ({
  id,
  parent,
  kind,
  text,
  ...extra,
});
const shape = (s: NormalisedSession) =>
  planThoughts(s, { maxThoughtChars: 100_000 }).map((e) => [
    e.body.detail.sourceRef,
    e.body.thoughtNumber,
    e.body.branchId ?? "",
    e.body.branchFromThought ?? null,
    e.body.nextThoughtNeeded,
  ]);

describe("planThoughts", () => {
  it("numbers a chain by depth, and an answer is the step that stops", () => {
    expect(shape(session([item("a", null, "prompt"), item("b", "a", "reasoning"), item("c", "b", "answer")]))).toEqual([
      ["a", 1, "", null, true],
      ["b", 2, "", null, true],
      ["c", 3, "", null, false],
    ]);
  });

  it("forks where a parent already has a continuation (a rewind), and continues that fork", () => {
    const s = session([
      item("a", null, "prompt"),
      item("b", "a", "answer"),
      item("c", "b", "prompt"),
      item("d", "c", "answer"),
      item("c2", "b", "prompt", "edited"),
      item("d2", "c2", "answer"),
      item("e", "d", "prompt"),
    ]);
    expect(shape(s)).toEqual([
      ["a", 1, "", null, true],
      ["b", 2, "", null, false],
      ["c", 3, "", null, true],
      ["d", 4, "", null, false],
      ["c2", 3, "fork-c2", 2, true],
      ["d2", 4, "fork-c2", null, false],
      ["e", 5, "", null, true],
    ]);
  });

  it("starts a named branch for a sub-agent from the call that started it", () => {
    const s = session([
      item("a", null, "prompt"),
      item("call", "a", "tool_call", "{}", { tool: { name: "Task", callId: "t1" } }),
      item("sub1", "call", "prompt", "task", { branch: "agent-x" }),
      item("sub2", "sub1", "answer"),
      item("res", "call", "tool_result", "done", { tool: { name: "Task", callId: "t1" } }),
    ]);
    expect(shape(s)).toEqual([
      ["a", 1, "", null, true],
      ["call", 2, "", null, true],
      ["sub1", 3, "agent-x", 2, true],
      ["sub2", 4, "agent-x", null, false],
      ["res", 3, "", null, true],
    ]);
  });

  it("splits long reasoning at paragraph breaks into consecutive thoughts with their own refs", () => {
    const para = "x".repeat(1_500);
    const s = session([item("a", null, "prompt"), item("r", "a", "reasoning", `${para}\n\n${para}\n\n${para}`)]);
    expect(shape(s).map((r) => [r[0], r[1]])).toEqual([
      ["a", 1],
      ["r", 2],
      ["r#2", 3],
      ["r#3", 4],
    ]);
    expect(splitParagraphs("a\n\nb", 10)).toEqual(["a\n\nb"]);
  });

  it("gives the same events for a prefix whatever follows (re-import and watch write nothing twice)", () => {
    const items = [item("a", null, "prompt"), item("b", "a", "reasoning"), item("c", "b", "answer")];
    const whole = planThoughts(session(items), { maxThoughtChars: 100 });
    const planner = new ThoughtPlanner(session([]), { maxThoughtChars: 100 });
    const prefix = items.slice(0, 2).flatMap((i) => planner.add(i));
    expect(prefix).toEqual(whole.slice(0, prefix.length));
    expect(planner.add(items[0]!)).toEqual([]);
  });

  it("keys events by session and source ref, and puts the session's facts on the first thought only", () => {
    const events = planThoughts(session([item("a", null, "prompt"), item("b", "a", "answer")]), {
      maxThoughtChars: 100,
      client: "thoughtgraph-cli",
    });
    expect(events.map((e) => e.id)).toEqual(["claude-code:s1/a", "claude-code:s1/b"]);
    expect(events[0]!.body.metadata).toEqual({
      agent: "claude-code",
      source: "claude-code",
      client: "thoughtgraph-cli",
      cwd: "/w",
    });
    expect(events[1]!.body.metadata).toBeUndefined();
    expect(sessionKey("codex", "x".repeat(300))).toHaveLength(200);
  });

  it("never writes a blank thought, and cuts text over the limit with a note", () => {
    const events = planThoughts(
      session([
        item("p", null, "placeholder", "", { withheld: "not_recorded", opaque: { signature: "sig" } }),
        item("t", "p", "tool_result", "", { tool: { name: "Bash", callId: "c" } }),
        item("l", "t", "answer", "y".repeat(500)),
      ]),
      { maxThoughtChars: 200 },
    );
    expect(events[0]!.body.thought).toContain("showThinkingSummaries");
    expect(events[0]!.body.detail.opaque).toEqual({ signature: "sig" });
    expect(events[1]!.body.thought).toBe("Result: (no output)");
    expect(events[2]!.body.thought).toHaveLength(200);
    expect(events[2]!.body.thought).toMatch(/more characters not imported\)$/);
  });

  it("fences tool arguments so backticks in them cannot close the fence", () => {
    const [, call] = planThoughts(
      session([
        item("a", null, "prompt"),
        item("c", "a", "tool_call", '{"cmd":"echo ```"}', { tool: { name: "Bash", callId: "1" } }),
      ]),
      { maxThoughtChars: 1_000 },
    );
    expect(call!.body.thought).toBe('**Bash**\n\n````json\n{"cmd":"echo ```"}\n````');
    expect(call!.body.detail).toMatchObject({ kind: "tool_call", toolName: "Bash", toolCallId: "1" });
  });
});

describe("ThoughtPlanner.resume", () => {
  it("numbers on from a session written before, in the main lane and in a branch", () => {
    const planner = new ThoughtPlanner({ source: "otlp", id: "t1" }, { maxThoughtChars: 100 });
    planner.resume([
      { lane: "", number: 4 },
      { lane: "agent-x", number: 7 },
    ]);
    const events = [
      ...planner.add(item("a", null, "reasoning")),
      ...planner.add(item("b", "a", "answer")),
      ...planner.add(item("c", "\u0000resumed:agent-x", "reasoning")),
    ];
    expect(
      events.map((e) => [e.body.detail.sourceRef, e.body.thoughtNumber, e.body.branchId ?? "", e.body.metadata]),
    ).toEqual([
      ["a", 5, "", undefined],
      ["b", 6, "", undefined],
      ["c", 8, "agent-x", undefined],
    ]);
  });
});
