import { describe, expect, it } from "vitest";
import { parseThoughtInput } from "./thought";

const base = { thought: "x", thoughtNumber: 1, totalThoughts: 2, nextThoughtNeeded: true };

function problemOf(raw: unknown) {
  const r = parseThoughtInput(raw);
  if (r.ok) throw new Error("expected a problem");
  return r.problem;
}

describe("coercions", () => {
  it.each([
    [{ thoughtNumber: "2" }, "thoughtNumber", 2],
    [{ totalThoughts: " 7 " }, "totalThoughts", 7],
    [{ nextThoughtNeeded: "FALSE" }, "nextThoughtNeeded", false],
    [{ nextThoughtNeeded: "True" }, "nextThoughtNeeded", true],
    [{ isRevision: "false" }, "isRevision", false],
    [{ revisesThought: "1" }, "revisesThought", 1],
    [{ score: "0.25" }, "score", 0.25],
    [{ branchFromThought: null }, "branchFromThought", undefined],
  ])("%j gives %s = %j", (patch, field, expected) => {
    const r = parseThoughtInput({ ...base, ...patch });
    expect(r.ok).toBe(true);
    if (r.ok) expect((r.value as Record<string, unknown>)[field]).toBe(expected);
  });

  it.each([
    [{ thoughtNumber: "abc" }, "thoughtNumber"],
    [{ thoughtNumber: 0 }, "thoughtNumber"],
    [{ thoughtNumber: 1.5 }, "thoughtNumber"],
    [{ thoughtNumber: "1.5" }, "thoughtNumber"],
    [{ totalThoughts: -1 }, "totalThoughts"],
    [{ nextThoughtNeeded: "yes" }, "nextThoughtNeeded"],
    [{ nextThoughtNeeded: 1 }, "nextThoughtNeeded"],
    [{ thought: "" }, "thought"],
    [{ thought: "   " }, "thought"],
    [{ thought: 42 }, "thought"],
    [{ score: 1.5 }, "score"],
    [{ tags: "a,b" }, "tags"],
    [{ branchId: "" }, "branchId"],
  ])("%j is rejected naming %s", (patch, field) => {
    const p = problemOf({ ...base, ...patch });
    expect(p.field).toBe(field);
    expect(p.message).toContain(field);
  });

  it("rejects a missing field by name with a suggestion", () => {
    const { thought: _omit, ...rest } = base;
    const p = problemOf(rest);
    expect(p.field).toBe("thought");
    expect(p.suggestion).toBeTruthy();
  });
});

describe("snake_case", () => {
  it("accepts the snake_case spellings", () => {
    const r = parseThoughtInput({
      thought: "x",
      thought_number: "3",
      total_thoughts: 4,
      next_thought_needed: "false",
      is_revision: true,
      revises_thought: 2,
      session_id: "abc",
    });
    expect(r).toMatchObject({
      ok: true,
      value: { thoughtNumber: 3, totalThoughts: 4, nextThoughtNeeded: false, revisesThought: 2, sessionId: "abc" },
    });
  });

  it("rejects the same field given twice with different values", () => {
    const p = problemOf({ ...base, thought_number: 5 });
    expect(p.field).toBe("thoughtNumber");
  });
});

describe("limits", () => {
  it("rejects an over-long thought naming the limit", () => {
    const r = parseThoughtInput({ ...base, thought: "x".repeat(11) }, { maxThoughtChars: 10, maxMetadataBytes: 100 });
    expect(r).toMatchObject({ ok: false, problem: { field: "thought" } });
  });

  it("rejects a body that is not an object", () => {
    expect(problemOf([1, 2]).field).toBe("body");
    expect(problemOf("text").field).toBe("body");
  });
});
