import { afterEach, describe, expect, it, vi } from "vitest";
import { objectBuilder, valuesGetter } from "./object-shape";

const KEYS = ["thought", "thoughtNumber", "tags"];

describe("objectBuilder and valuesGetter", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("build every key in order, undefined where the value is, and read them back", () => {
    const built = objectBuilder(KEYS)(["a", 2, undefined]);
    expect(built).toEqual({ thought: "a", thoughtNumber: 2, tags: undefined });
    expect(Object.keys(built)).toEqual(KEYS);
    expect(valuesGetter(KEYS)({ tags: ["x"], thought: "b" })).toEqual(["b", undefined, ["x"]]);
  });

  it("give the same results where code generation is refused (a page whose CSP has no 'unsafe-eval')", () => {
    vi.stubGlobal("Function", function refused() {
      throw new EvalError("Refused to evaluate a string as JavaScript");
    });
    const built = objectBuilder(KEYS)(["a", 2, undefined]);
    expect(built).toEqual({ thought: "a", thoughtNumber: 2, tags: undefined });
    expect(Object.keys(built)).toEqual(KEYS);
    expect(valuesGetter(KEYS)({ tags: ["x"], thought: "b" })).toEqual(["b", undefined, ["x"]]);
  });

  it("refuse a key that is not an identifier, so nothing but a name reaches the generated code", () => {
    expect(() => objectBuilder(["ok", "a]; globalThis.x = 1; //"])).toThrow(/not an identifier/);
    expect(() => valuesGetter(["__proto__ x"])).toThrow(/not an identifier/);
  });
});
