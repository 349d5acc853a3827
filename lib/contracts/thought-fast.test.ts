// The fast path must agree with the schema: whatever it accepts, ZThoughtInput accepts and returns the same value,
// key for key and in the same order (the order reaches stored JSON). Everything it declines goes to the schema.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseArguments } from "./parse";
import { parseThoughtInput, wellFormedThought, ZThoughtInput } from "./thought";

const schemaOnly = (raw: unknown) => parseArguments(ZThoughtInput, raw);
const base = { thought: "Check the cache first.", thoughtNumber: 2, totalThoughts: 5, nextThoughtNeeded: true };

describe("wellFormedThought", () => {
  it.each([
    ["the four required fields", base],
    ["a branch", { ...base, branchFromThought: 1, branchId: "alt-a", sessionId: "run-7" }],
    ["a revision", { ...base, isRevision: true, revisesThought: 1, needsMoreThoughts: false }],
    ["ours", { ...base, stage: "analysis", tags: ["cache", "plan"], score: 0.75, includeParameterUsage: true }],
    ["metadata", { ...base, metadata: { run: 3, client: "cli", agent: "planner", model: "m-1", fast: true } }],
  ])("takes the common shape: %s, and returns what the schema returns", (_, raw) => {
    const fast = wellFormedThought(raw);
    const slow = schemaOnly(raw);
    expect(fast).not.toBeNull();
    expect(slow.ok).toBe(true);
    if (slow.ok) expect(JSON.stringify(fast)).toBe(JSON.stringify(slow.value));
  });

  it.each([
    ["snake_case", { thought: "x", thought_number: 1, total_thoughts: 1, next_thought_needed: true }],
    ["a number as a string", { ...base, thoughtNumber: "2" }],
    ["null for absent", { ...base, branchFromThought: null }],
    ["untrimmed text", { ...base, sessionId: " run-7 " }],
    ["an unknown key", { ...base, extra: 1 }],
    ["nested metadata", { ...base, metadata: { a: { b: 1 } } }],
    ["a __proto__ key in metadata", { ...base, metadata: JSON.parse('{"__proto__": 1}') as unknown }],
    ["a missing field", { thought: "x", thoughtNumber: 1, totalThoughts: 1 }],
  ])("leaves %s to the schema", (_, raw) => {
    expect(wellFormedThought(raw)).toBeNull();
  });

  it("never disagrees with the schema on generated input", () => {
    const text = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(" a", "a ", "", "  ", "x".repeat(201)));
    const value = fc.oneof(
      text,
      fc.integer({ min: -2, max: 1_000_002 }),
      fc.constantFrom(0, 1, 1.5, 0.5, -0.1, 1_000_000, Number.NaN, Infinity, true, false, null, "1", "true", "FALSE"),
      fc.array(text, { maxLength: 3 }),
      fc.dictionary(fc.constantFrom("agent", "model", "client", "run", "__proto__"), fc.oneof(text, fc.integer())),
      fc.constant({ deep: { er: 1 } }),
    );
    const key = fc.constantFrom(
      "thought",
      "thoughtNumber",
      "totalThoughts",
      "nextThoughtNeeded",
      "isRevision",
      "revisesThought",
      "branchFromThought",
      "branchId",
      "needsMoreThoughts",
      "sessionId",
      "stage",
      "tags",
      "score",
      "metadata",
      "includeParameterUsage",
      "thought_number",
      "other",
    );
    // Half the cases start from a valid thought, so the fast path is exercised on near-misses, not only on junk.
    const raw = fc
      .tuple(fc.boolean(), fc.dictionary(key, value, { maxKeys: 6 }))
      .map(([fromBase, patch]) => (fromBase ? { ...base, ...patch } : patch));
    let accepted = 0;
    fc.assert(
      fc.property(raw, (input) => {
        const fast = wellFormedThought(input);
        if (fast === null) return;
        accepted++;
        const slow = schemaOnly(input);
        expect(slow.ok).toBe(true);
        if (slow.ok) {
          expect(fast).toEqual(slow.value);
          expect(JSON.stringify(fast)).toBe(JSON.stringify(slow.value));
        }
      }),
      { numRuns: 5_000 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it("parseThoughtInput still applies the limits to what the fast path accepts", () => {
    const r = parseThoughtInput({ ...base, thought: "x".repeat(11) }, { maxThoughtChars: 10, maxMetadataBytes: 100 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.field).toBe("thought");
  });
});
