// The ingest envelope's fast path agrees with ZIngestEvent: what it accepts, the schema accepts and returns the same.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wellFormedEvent, ZIngestEvent } from "./ingest";

describe("wellFormedEvent", () => {
  it("takes the common event and declines the rest", () => {
    expect(wellFormedEvent({ id: "e-1", type: "thought", body: { thought: "x" } })).toEqual({
      id: "e-1",
      type: "thought",
      body: { thought: "x" },
    });
    for (const raw of [
      { id: " e-1", type: "thought", body: {} },
      { id: "e-1", type: "thought", body: [] },
      { id: "e-1", type: "other", body: {} },
      { id: "e-1", type: "thought", body: {}, extra: 1 },
      { id: "e-1", type: "thought" },
      null,
    ]) {
      expect(wellFormedEvent(raw)).toBeNull();
    }
  });

  it("never disagrees with the schema on generated input", () => {
    const value = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.constantFrom("thought", " id", "x".repeat(201), "", null, 1, [], {}),
      fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
    );
    const event = fc.dictionary(fc.constantFrom("id", "type", "body", "other"), value, { maxKeys: 4 });
    const near = fc.record({
      id: fc.oneof(value, fc.constant("e-1")),
      type: fc.constantFrom("thought", "x"),
      body: fc.oneof(value, fc.constant({ thought: "x" })),
    });
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(event, near), (raw) => {
        const fast = wellFormedEvent(raw);
        if (fast === null) return;
        accepted++;
        const slow = ZIngestEvent.safeParse(raw);
        expect(slow.success).toBe(true);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(slow.data));
      }),
      { numRuns: 3_000 },
    );
    expect(accepted).toBeGreaterThan(50);
  });
});
