import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findIllFormedText, findIllFormedTextInJson, isWellFormedText } from "./text";

describe("the text rule", () => {
  it.each([
    ["a lone high surrogate", "a\ud800b", false],
    ["a lone low surrogate", "a\udc00", false],
    ["a high surrogate at the end", "x\ud83d", false],
    ["a NUL", "a\u0000", false],
    ["a whole emoji", "a\ud83d\ude00b", true],
    ["NFD text", "cafe\u0301", true],
    ["plain text", "plain", true],
  ])("%s", (_, s, ok) => {
    expect(isWellFormedText(s)).toBe(ok);
  });

  it("names the first bad field by its path, object keys included", () => {
    expect(findIllFormedText({ a: ["ok", { b: "\udc00" }] })?.field).toBe("a[1].b");
    expect(findIllFormedText({ metadata: { "k\ud800": 1 } })?.field).toBe("metadata.k\ud800");
    expect(findIllFormedText({ a: 1, b: [true, null] })).toBeNull();
  });

  it("the JSON-text shortcut agrees with the full walk on any JSON value", () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 2 }),
        fc.string({ unit: "binary" }),
        fc.constantFrom("\ud800", "\udfff", "\u0000", "é", ""),
        (v, s, bad) => {
          const value = { v, s: s + bad };
          const text = JSON.stringify(value);
          expect(findIllFormedTextInJson(text, JSON.parse(text))).toEqual(findIllFormedText(value));
        },
      ),
      { numRuns: 50 },
    );
  }, 30_000); // generating JSON values is the slow part (~40 ms each on a loaded machine)
});
