import { describe, expect, it } from "vitest";
import { isUuid, uuidv7 } from "./ids";

describe("uuidv7", () => {
  it("is a version-7, variant-1 UUID carrying the millisecond timestamp", () => {
    const at = Date.UTC(2026, 10, 22, 12, 0, 0);
    const id = uuidv7(at);
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe("7");
    expect(["8", "9", "a", "b"]).toContain(id[19]);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at);
  });

  it("sorts in creation order, also within one millisecond", () => {
    const at = Date.now() + 1_000;
    const ids = Array.from({ length: 5_000 }, () => uuidv7(at));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
