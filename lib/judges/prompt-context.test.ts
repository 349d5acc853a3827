// Golden prompts: the default templates rendered for the fixture session (lib/judges/fixture-session.ts) must match
// the files in ./golden word for word: a thought on a branch (its path runs through the fork), a revised thought (its
// kept version and the thought that revises it), and the whole session (tool call with its result, the answer as the
// conclusion). Read the golden files when a change here is intended; they are what a model is sent.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE_RUBRIC, FIXTURE_SESSION, FIXTURE_THOUGHTS } from "./fixture-session";
import { conclusionOf, goalOf, pathTo, variableValues } from "./prompt-context";
import {
  DEFAULT_SESSION_PROMPT,
  DEFAULT_THOUGHT_PROMPT,
  parseTemplate,
  renderTemplate,
  type JudgeTarget,
} from "./template";

const golden = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "golden", name), "utf8");

function render(template: string, target: JudgeTarget, thoughtId?: string): string {
  const parsed = parseTemplate(template, target);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return renderTemplate(parsed.parts, variableValues(target, FIXTURE_SESSION, FIXTURE_RUBRIC, thoughtId));
}

const byId = (id: string) => FIXTURE_THOUGHTS.find((t) => t.id === id)!;

describe("judge prompts", () => {
  it("a thought on a branch: the path runs from the root through the fork", () => {
    expect(pathTo(FIXTURE_THOUGHTS, byId("t5")).map((t) => t.id)).toEqual(["t1", "t2", "t4", "t5"]);
    expect(render(DEFAULT_THOUGHT_PROMPT, "thought", "t5")).toBe(golden("thought-on-branch.txt"));
  });

  it("a revised thought: its earlier version and the thought that revises it", () => {
    expect(render(DEFAULT_THOUGHT_PROMPT, "thought", "t3")).toBe(golden("revised-thought.txt"));
  });

  it("a session: every thought, tool calls with results, the answer as conclusion", () => {
    expect(render(DEFAULT_SESSION_PROMPT, "session")).toBe(golden("session.txt"));
  });

  it("a main-chain thought's path skips branches; a fork known only by number resolves to that thought", () => {
    expect(pathTo(FIXTURE_THOUGHTS, byId("t6")).map((t) => t.id)).toEqual(["t1", "t2", "t3", "t6"]);
    const unresolved = FIXTURE_THOUGHTS.map((t) => (t.branchId ? { ...t, branchFromThoughtId: null } : t));
    expect(pathTo(unresolved, unresolved[4]!).map((t) => t.id)).toEqual(["t1", "t2", "t4", "t5"]);
  });

  it("goal falls back to the first thought; no conclusion before the session completes", () => {
    expect(goalOf({ ...FIXTURE_SESSION, title: null })).toBe("Understand the question: what is 17 × 24?");
    const open = { ...FIXTURE_SESSION, status: "active", thoughts: FIXTURE_THOUGHTS.slice(0, 3) };
    expect(conclusionOf(open)).toBe("(the session has not concluded)");
    expect(variableValues("thought", open, FIXTURE_RUBRIC, "t2").tool_calls).toBe("(none)");
  });
});
