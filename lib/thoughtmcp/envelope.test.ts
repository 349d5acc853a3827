import { describe, expect, it } from "vitest";
import { z } from "zod";

import { memoryNotFound, problemFromField, startEnvelope, ZAnyEnvelope, zEnvelope } from "./envelope";

/** A clock that returns the given instants in turn (the last one repeats). */
function steppingClock(...instants: number[]) {
  let i = 0;
  return () => instants[Math.min(i++, instants.length - 1)] ?? 0;
}

const T0 = Date.UTC(2025, 11, 7, 10, 30, 0);

describe("startEnvelope", () => {
  it("wraps data with the seed's metadata: timestamp at the answer, processing time, components in use order", () => {
    const call = startEnvelope(["memoryRepository"], steppingClock(T0, T0 + 245));
    call.use("lexicalSimilarity", "memoryRepository", "graphBuilder");
    const answer = call.success({ memoryId: "mem-1", linksCreated: 2 });
    expect(answer).toEqual({
      success: true,
      data: { memoryId: "mem-1", linksCreated: 2 },
      metadata: {
        timestamp: "2025-12-07T10:30:00.245Z",
        processingTime: 245,
        componentsUsed: ["memoryRepository", "lexicalSimilarity", "graphBuilder"],
      },
    });
    expect(zEnvelope(z.object({ memoryId: z.string(), linksCreated: z.number() })).parse(answer)).toEqual(answer);
  });

  it("puts metadata on failures too, with the suggestion, code and field", () => {
    const call = startEnvelope([], steppingClock(T0, T0 + 3));
    const answer = call.failure(memoryNotFound("mem-x"));
    expect(answer).toEqual({
      success: false,
      error: "Memory not found: mem-x",
      suggestion: expect.stringContaining("belongs to userId") as string,
      code: "not_found",
      field: "memoryId",
      metadata: { timestamp: "2025-12-07T10:30:00.003Z", processingTime: 3, componentsUsed: [] },
    });
    expect(ZAnyEnvelope.safeParse(answer).success).toBe(true);
  });

  it("leaves absent optional fields out instead of sending undefined, and never reports negative time", () => {
    const call = startEnvelope([], steppingClock(T0, T0 - 5));
    const answer = call.failure({ message: "Timeout exceeded" });
    expect(Object.keys(answer).sort()).toEqual(["error", "metadata", "success"]);
    expect(answer.metadata.processingTime).toBe(0);
    expect(call.success(1, { confidence: 0.8 }).metadata.confidence).toBe(0.8);
  });

  it("maps a contract field problem to a validation error", () => {
    expect(problemFromField({ field: "limit", message: "limit must be ≤ 100", suggestion: "Send 1–100." })).toEqual({
      message: "limit must be ≤ 100",
      suggestion: "Send 1–100.",
      code: "validation_error",
      field: "limit",
    });
  });

  it("the schema refuses a success without data shape or a failure without error", () => {
    const schema = zEnvelope(z.object({ n: z.number() }));
    const metadata = { timestamp: "x", processingTime: 1, componentsUsed: [] };
    expect(schema.safeParse({ success: true, data: { n: "1" }, metadata }).success).toBe(false);
    expect(schema.safeParse({ success: false, metadata }).success).toBe(false);
    expect(schema.safeParse({ success: true, data: { n: 1 } }).success).toBe(false);
  });
});
