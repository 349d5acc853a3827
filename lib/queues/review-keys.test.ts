import { describe, expect, it } from "vitest";
import { keyHint, scoreForKey } from "./review-keys";

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
