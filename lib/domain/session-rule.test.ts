import { describe, expect, it } from "vitest";
import { decideSession, decideThinkSession, withinIdleWindow } from "./session-rule";

describe("the implicit-session rule", () => {
  it("an explicit sessionId always wins", () => {
    expect(decideSession({ sessionId: "abc", thoughtNumber: 1 })).toEqual({ kind: "explicit", ref: "abc" });
  });

  it("thought 1 on the main path starts a new session", () => {
    expect(decideSession({ thoughtNumber: 1 })).toEqual({ kind: "new" });
  });

  it.each([
    { thoughtNumber: 2 },
    { thoughtNumber: 1, isRevision: true },
    { thoughtNumber: 1, revisesThought: 1 },
    { thoughtNumber: 1, branchFromThought: 1, branchId: "b" },
    { thoughtNumber: 1, branchId: "b" },
  ])("%j joins the agent's recent session", (t) => {
    expect(decideSession(t)).toEqual({ kind: "join-recent" });
  });

  it("think joins the recent session unless one is named", () => {
    expect(decideThinkSession(undefined)).toEqual({ kind: "join-recent" });
    expect(decideThinkSession("s")).toEqual({ kind: "explicit", ref: "s" });
  });

  it("the idle window is inclusive", () => {
    const now = new Date("2026-01-01T01:00:00Z");
    expect(withinIdleWindow(new Date("2026-01-01T00:30:00Z"), now, 30)).toBe(true);
    expect(withinIdleWindow(new Date("2026-01-01T00:29:59Z"), now, 30)).toBe(false);
  });
});
