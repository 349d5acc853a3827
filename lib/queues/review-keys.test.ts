import { describe, expect, it } from "vitest";
import { keyHint, scoreForKey, steppedValues } from "./review-keys";

const numeric = { name: "quality", type: "numeric" as const, min: 1, max: 5, categories: null };
const verdict = {
  name: "verdict",
  type: "categorical" as const,
  min: null,
  max: null,
  categories: [
    { label: "wrong", value: 0 },
    { label: "right", value: 1 },
  ],
};
const ok = { name: "ok", type: "boolean" as const, min: null, max: null, categories: null };

describe("scoreForKey", () => {
  it("takes a number within a numeric config's bounds, refuses one outside", () => {
    expect(scoreForKey(numeric, 4)).toEqual({ ok: true, value: "4", words: "4" });
    expect(scoreForKey(numeric, 6)).toMatchObject({ ok: false, message: "quality takes 1 to 5." });
    expect(scoreForKey({ ...numeric, min: null, max: null }, 9)).toMatchObject({ ok: true, value: "9" });
  });

  it("takes the n-th label of a categorical config", () => {
    expect(scoreForKey(verdict, 2)).toEqual({ ok: true, value: "right", words: "right" });
    expect(scoreForKey(verdict, 3)).toMatchObject({ ok: false });
  });

  it("takes 1 and 0 as yes and no", () => {
    expect(scoreForKey(ok, 1)).toEqual({ ok: true, value: "true", words: "yes" });
    expect(scoreForKey(ok, 0)).toEqual({ ok: true, value: "false", words: "no" });
    expect(scoreForKey(ok, 2)).toMatchObject({ ok: false });
  });

  it("says which keys score each config", () => {
    expect(keyHint(numeric)).toBe("1–5");
    expect(keyHint(verdict)).toBe("1 wrong · 2 right");
    expect(keyHint(ok)).toBe("1 yes · 0 no");
  });
});

describe("stepped numeric configs", () => {
  const quarters = { name: "confidence", type: "numeric" as const, min: 0, max: 1, step: 0.25, categories: null };

  it("maps keys 1–5 onto 0, 0.25, 0.5, 0.75 and 1", () => {
    expect([1, 2, 3, 4, 5].map((k) => scoreForKey(quarters, k))).toEqual([
      { ok: true, value: "0", words: "0" },
      { ok: true, value: "0.25", words: "0.25" },
      { ok: true, value: "0.5", words: "0.5" },
      { ok: true, value: "0.75", words: "0.75" },
      { ok: true, value: "1", words: "1" },
    ]);
    expect(scoreForKey(quarters, 6)).toMatchObject({ ok: false, message: "confidence has 5 steps; press 1 to 5." });
    expect(scoreForKey(quarters, 0)).toMatchObject({ ok: false });
    expect(keyHint(quarters)).toBe("1 0 · 2 0.25 · 3 0.5 · 4 0.75 · 5 1");
  });

  it("keeps digits as values for whole-number configs within 0–9, and without float noise for tenths", () => {
    expect(steppedValues({ ...numeric, step: 1 })).toBeNull();
    expect(scoreForKey({ ...numeric, step: 1 }, 4)).toEqual({ ok: true, value: "4", words: "4" });
    expect(steppedValues({ ...quarters, min: 0.1, max: 0.5, step: 0.1 })).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(steppedValues({ ...quarters, min: 0, max: 100, step: 10 })).toBeNull(); // 11 steps: the form takes it
    expect(steppedValues({ ...quarters, min: 10, max: 50, step: 10 })).toEqual([10, 20, 30, 40, 50]);
  });
});
