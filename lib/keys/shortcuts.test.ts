import { describe, expect, it } from "vitest";
import { screenOf, sectionsFor, SHORTCUTS } from "./shortcuts";

describe("shortcut sheet", () => {
  it("knows the screen of a path", () => {
    expect(screenOf("/sessions/abc")).toBe("session");
    expect(screenOf("/share/tok")).toBe("session");
    expect(screenOf("/sessions/abc/compare")).toBe("compare");
    expect(screenOf("/queues/q1/review")).toBe("review");
    expect(screenOf("/settings")).toBe("everywhere");
  });

  it("puts the screen's shortcuts first, then everywhere's", () => {
    expect(sectionsFor("/sessions/abc/compare").map((s) => s.id)).toEqual([
      "compare",
      "everywhere",
      "session",
      "review",
    ]);
    expect(sectionsFor("/").map((s) => s.id)[0]).toBe("everywhere");
  });

  it("names no key twice within a screen", () => {
    for (const section of SHORTCUTS) {
      const keys = section.shortcuts.flatMap((s) => s.keys);
      expect(new Set(keys).size, section.title).toBe(keys.length);
    }
  });
});
