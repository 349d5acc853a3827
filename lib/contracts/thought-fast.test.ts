// The fast path must agree with the schema: whatever it accepts, ZThoughtInput accepts and returns the same value,
// key for key and in the same order (the order reaches stored JSON). Everything it declines goes to the schema.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseArguments } from "./parse";
import { ITEM_KINDS } from "../normalised/model";
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
    ["a detail", { ...base, detail: { kind: "reasoning", sourceRef: "t:s:0", at: "2026-11-27T10:00:00.000Z" } }],
    [
      "a detail time with an offset",
      { ...base, detail: { kind: "answer", sourceRef: "a", at: "2026-02-03T00:00:00+01:00" } },
    ],
    [
      "a detail with every field, opaque before tool as the OTLP mapper writes it",
      {
        ...base,
        detail: {
          kind: "tool_result",
          sourceRef: "call:1",
          at: "2024-02-29T23:59:59.999Z",
          model: "claude-sonnet-4-5",
          tokensIn: 400,
          tokensOut: 0,
          tokensReasoning: 80,
          tokensCached: 12,
          latencyMs: 900,
          costUsd: 0.0042,
          opaque: { encryptedContent: "gAAA", signature: "sig" },
          toolName: "search",
          toolCallId: "call-1",
          isError: true,
          withheld: "encrypted",
        },
      },
    ],
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
    ["a detail with an unknown key", { ...base, detail: { kind: "answer", sourceRef: "a", extra: 1 } }],
    ["a detail key of Object.prototype", { ...base, detail: { kind: "answer", sourceRef: "a", toString: "x" } }],
    [
      "a detail time that is no date",
      { ...base, detail: { kind: "answer", sourceRef: "a", at: "2026-02-30T00:00:00.000Z" } },
    ],
    ["a detail without its source", { ...base, detail: { kind: "answer" } }],
    ["a detail value left undefined", { ...base, detail: { kind: "answer", sourceRef: "a", model: undefined } }],
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

  it("never disagrees with the schema on generated details", () => {
    // Each key's values near its bounds, valid and not, so whole details pass the fast check often enough to compare.
    const text = (max: number) =>
      fc.oneof(
        fc.string({ minLength: 1, maxLength: 6 }),
        fc.constantFrom("", " a ", "a\u0000", "\ud800", "x".repeat(max), "x".repeat(max + 1), 1, null),
      );
    const count = fc.oneof(
      fc.nat(1_000),
      fc.constantFrom(-1, -0, 0.5, 1e12, 1e12 + 1, Number.NaN, Infinity, "7", null),
    );
    const fields = {
      kind: fc.constantFrom(...ITEM_KINDS, "thought", ""),
      sourceRef: text(500),
      at: fc.constantFrom(
        "2026-11-27T10:00:00.000Z",
        "2024-02-29T00:00:00.000Z",
        "2023-02-29T00:00:00.000Z",
        "2026-11-27T10:00:00Z",
        "2026-11-27T24:00:00.000Z",
        "0000-01-01T00:00:00.000Z",
        "2026-11-27T10:00:00.123456+01:00",
        "2026-11-27T10:00:00+24:00",
        "",
      ),
      model: text(200),
      tokensIn: count,
      tokensOut: count,
      tokensReasoning: count,
      tokensCached: count,
      latencyMs: count,
      costUsd: fc.oneof(fc.double({ min: 0, max: 10, noNaN: true }), fc.constantFrom(-0.01, 1e9, 1e9 + 1, Infinity)),
      toolName: text(200),
      toolCallId: text(500),
      isError: fc.constantFrom(true, false, "true", 0),
      withheld: fc.constantFrom("not_recorded", "redacted", "encrypted", "secret"),
      opaque: fc.oneof(
        fc.record(
          {
            signature: fc.oneof(fc.string({ maxLength: 4 }), fc.constant(1)),
            redactedData: fc.string({ maxLength: 4 }),
            encryptedContent: fc.string({ maxLength: 4 }),
            other: fc.string({ maxLength: 4 }),
          },
          { requiredKeys: [] },
        ),
        fc.constantFrom(null, [], "x"),
      ),
    };
    type Key = keyof typeof fields;
    const start = { kind: "reasoning", sourceRef: "trace:span:0" };
    // A valid detail with up to four fields set (or replaced), sometimes a key the schema does not know.
    const detail = fc
      .tuple(
        fc
          .subarray(Object.keys(fields) as Key[], { maxLength: 4 })
          .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, fields[k]])))),
        fc.constantFrom(undefined, undefined, undefined, "valueOf", "other", "__proto__"),
      )
      .map(([patch, extra]) => {
        const out: Record<string, unknown> = { ...start, ...patch };
        // A key as JSON.parse makes it: an own property (for __proto__ too, not the prototype).
        return extra ? { ...out, ...(JSON.parse(`{"${extra}": "x"}`) as object) } : out;
      });
    let accepted = 0;
    fc.assert(
      fc.property(detail, (d) => {
        const fast = wellFormedThought({ ...base, detail: d });
        if (fast === null) return;
        accepted++;
        const slow = schemaOnly({ ...base, detail: d });
        expect(slow.ok).toBe(true);
        if (slow.ok) expect(JSON.stringify(fast)).toBe(JSON.stringify(slow.value));
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
