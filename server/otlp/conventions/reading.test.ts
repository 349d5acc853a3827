// A span's time and duration read from its decimal nanoseconds: the same as through Date and BigInt for every uint64
// (the reading takes neither on its hot path).
import { describe, expect, it } from "vitest";
import { durationMs, isoOf } from "./reading";

const UINT64_MAX = 2n ** 64n - 1n;
const viaDate = (ns: string) => (ns === "0" ? undefined : new Date(Number(BigInt(ns) / 1_000_000n)).toISOString());
const viaBigInt = (start: string, end: string) => {
  if (start === "0" || end === "0") return undefined;
  const d = BigInt(end) - BigInt(start);
  return d < 0n ? undefined : Number(d / 1_000_000n);
};

/** Deterministic pseudo-random uint64s (xorshift), as decimal text. */
function* uint64s(count: number): Generator<string> {
  let x = 0x9e3779b97f4a7c15n;
  for (let i = 0; i < count; i++) {
    x ^= (x << 13n) & UINT64_MAX;
    x ^= x >> 7n;
    x ^= (x << 17n) & UINT64_MAX;
    yield (i % 2 === 0 ? x : 1767225600000000000n + (x % 10n ** 15n)).toString();
  }
}

const EDGES = ["0", "1", "999999", "1000000", "1999999", "1767225600999999999", "1767225601000000000"];

describe("span times", () => {
  it("give the ISO time Date gives, for edges and 10,000 times", () => {
    for (const ns of [...EDGES, UINT64_MAX.toString(), ...uint64s(10_000)]) expect(isoOf(ns)).toBe(viaDate(ns));
  });

  it("give the whole milliseconds between start and end that BigInt gives, none for a span without an end", () => {
    const times = [...EDGES, ...uint64s(10_000)];
    for (let i = 0; i + 1 < times.length; i++) {
      const [start, end] = [
        times[i]!,
        i % 2 === 0 ? times[i + 1]! : (BigInt(times[i]!) + BigInt(i * 7_919)).toString(),
      ];
      expect(durationMs({ startTimeUnixNano: start, endTimeUnixNano: end })).toBe(viaBigInt(start, end));
    }
  });
});
