import { describe, expect, it } from "vitest";
import { depthExceeds } from "./parse";

/** An object or array nested `depth` levels deep (1: a flat one), built without recursion. */
function nested(depth: number, kind: "object" | "array"): unknown {
  let v: unknown = kind === "object" ? { leaf: "x" } : ["x"];
  for (let d = 1; d < depth; d++) v = kind === "object" ? { a: 1, inner: v } : [1, v];
  return v;
}

describe("depthExceeds", () => {
  it("counts objects and arrays, not the primitives in them", () => {
    expect(depthExceeds("text", 0)).toBe(false);
    expect(depthExceeds(null, 0)).toBe(false);
    expect(depthExceeds({}, 0)).toBe(true);
    expect(depthExceeds({ a: 1, b: "x", c: null }, 1)).toBe(false);
  });

  it.each(["object", "array"] as const)("refuses one %s level past the limit, anywhere in the value", (kind) => {
    expect(depthExceeds(nested(64, kind), 64)).toBe(false);
    expect(depthExceeds(nested(65, kind), 64)).toBe(true);
    // The deep part behind shallow siblings: the root, events and the event are three levels.
    expect(depthExceeds({ first: [1, 2], events: [{ id: "e" }, { body: nested(62, kind) }] }, 64)).toBe(true);
    expect(depthExceeds({ first: [1, 2], events: [{ id: "e" }, { body: nested(61, kind) }] }, 64)).toBe(false);
  });

  it("answers for a value far deeper than the stack could recurse", () => {
    expect(depthExceeds(nested(100_000, "array"), 128)).toBe(true);
  });
});
