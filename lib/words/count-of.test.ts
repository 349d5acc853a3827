import { describe, expect, it } from "vitest";
import { countOf, formatCount, plural } from "./count-of";

describe("countOf", () => {
  it("uses the singular for exactly one and groups thousands", () => {
    expect(countOf(1, "branch")).toBe("1 branch");
    expect(countOf(0, "branch")).toBe("0 branches");
    expect(countOf(2, "session")).toBe("2 sessions");
    expect(countOf(1240, "thought")).toBe("1,240 thoughts");
    expect(countOf(2, "person", "people")).toBe("2 people");
  });

  it("knows the plurals the dashboard needs", () => {
    expect(plural("reviewer", 2)).toBe("reviewers");
    expect(plural("entry", 2)).toBe("entries");
    expect(plural("key", 2)).toBe("keys");
    expect(plural("match", 3)).toBe("matches");
    expect(plural("box", 3)).toBe("boxes");
  });

  it("groups thousands in bare counts, as every table column shows them", () => {
    expect(formatCount(2000)).toBe("2,000");
    expect(formatCount(20_000)).toBe("20,000");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(0)).toBe("0");
  });
});
