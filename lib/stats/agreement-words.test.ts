import { describe, expect, it } from "vitest";
import { alphaWords, correlationWords, kappaWords, reading, readingWhy } from "./agreement-words";

describe("reading", () => {
  it("reads a statistic with its words and a plural-aware count", () => {
    expect(reading({ value: 0.41, n: 12 }, kappaWords)).toBe("0.41: moderate agreement, 12 shared items");
    expect(reading({ value: 1, n: 2 }, correlationWords)).toBe(
      "1.00: a very strong positive correlation, 2 shared items",
    );
    expect(
      reading({ value: 0.7, n: 2 }, alphaWords, ["item scored by two or more", "items scored by two or more"]),
    ).toBe("0.70: tentative agreement, good enough for rough conclusions, 2 items scored by two or more");
  });

  it("says 'not enough data (n = 1)' for one item, never 'no agreement beyond chance' or 'undefined'", () => {
    expect(reading({ value: 0, n: 1 }, alphaWords)).toBe("not enough data (n\u00a0=\u00a01)");
    const undefinedStat = { value: null, n: 1, reason: "A correlation needs at least 2 items." };
    expect(reading(undefinedStat, correlationWords)).toBe("not enough data (n\u00a0=\u00a01)");
    expect(reading(undefinedStat, correlationWords)).not.toContain("undefined");
    expect(reading({ value: null, n: 0 }, kappaWords)).toMatch(/\(n\u00a0=\u00a00\)$/); // no-break spaces: no place to break the count
    expect(readingWhy(undefinedStat)).toBe("A correlation needs at least 2 items.");
    expect(readingWhy({ value: 0.5, n: 4 })).toBeNull();
    expect(readingWhy({ value: 0, n: 0 })).toBe("It needs at least 2 items; it has 0.");
  });
});
