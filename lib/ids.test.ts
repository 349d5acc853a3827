import { describe, expect, it } from "vitest";
import { isUuid, uuidv7, uuidv7Floor } from "./ids";

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

  it("has a floor per millisecond: every id made at or after it sorts at or after the floor, and before the next", () => {
    const at = Date.now() + 10_000;
    const ids = Array.from({ length: 5_000 }, () => uuidv7(at));
    // 5,000 ids in one millisecond: the counter runs into the next one (4,096 per millisecond).
    expect(ids.every((id) => id >= uuidv7Floor(at) && id < uuidv7Floor(at + 2))).toBe(true);
    expect(ids.filter((id) => id < uuidv7Floor(at + 1)).length).toBeGreaterThan(4_000);
    // A time before the last id's: the id takes the last millisecond, never an earlier one.
    expect(uuidv7(at - 5_000) >= uuidv7Floor(at)).toBe(true);
    expect(uuidv7Floor(at)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7000-0000-000000000000$/);
  });
});
