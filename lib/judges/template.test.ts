import { describe, expect, it } from "vitest";
import { DEFAULT_SESSION_PROMPT, DEFAULT_THOUGHT_PROMPT, parseTemplate, renderTemplate, variablesOf } from "./template";

describe("judge prompt templates", () => {
  it("cuts text and variables, spaces inside braces allowed", () => {
    const parsed = parseTemplate("Goal: {{ goal }}\n{{thought}}!", "thought");
    expect(parsed.ok && parsed.parts).toEqual([
      { kind: "text", value: "Goal: " },
      { kind: "variable", value: "goal" },
      { kind: "text", value: "\n" },
      { kind: "variable", value: "thought" },
      { kind: "text", value: "!" },
    ]);
    expect(parsed.ok && renderTemplate(parsed.parts, { goal: "G", thought: "T" })).toBe("Goal: G\nT!");
    expect(parsed.ok && variablesOf(parsed.parts)).toEqual(["goal", "thought"]);
  });

  it("names an unknown variable and lists the ones that exist for the target", () => {
    const parsed = parseTemplate("Judge {{thougth}} please", "thought");
    expect(parsed).toEqual({
      ok: false,
      problem: {
        field: "prompt",
        message: "The template uses {{thougth}}, which is not a variable.",
        suggestion:
          "Use {{thought}}, {{path}}, {{revisions}}, {{goal}}, {{conclusion}}, {{tool_calls}}, {{rubric}}; write the text without braces if it is not meant as one.",
      },
    });
  });

  it("refuses a variable of the other target, and stray braces", () => {
    const session = parseTemplate("{{thought}}", "session");
    expect(!session.ok && session.problem.message).toBe(
      "{{thought}} exists only for thought judges; this judge scores the session.",
    );
    const thought = parseTemplate("{{transcript}}", "thought");
    expect(!thought.ok && thought.problem.message).toMatch(/only for session judges/);
    const stray = parseTemplate("{{goal} and {{thought}}", "thought");
    expect(!stray.ok && stray.problem.field).toBe("prompt");
    expect(parseTemplate("a } b { c", "thought").ok).toBe(true);
  });

  it("the default prompts parse for their targets", () => {
    expect(parseTemplate(DEFAULT_THOUGHT_PROMPT, "thought").ok).toBe(true);
    expect(parseTemplate(DEFAULT_SESSION_PROMPT, "session").ok).toBe(true);
  });
});
