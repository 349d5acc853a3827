import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  agreementFor,
  averageRanks,
  cohensKappa,
  distribution,
  krippendorffAlpha,
  pearson,
  spearman,
  type Label,
} from "./agreement";

const repeat = <T>(n: number, item: T): T[] => Array.from({ length: n }, () => item);

describe("Cohen's κ", () => {
  it("matches the classic 2×2 example (κ = 0.4)", () => {
    // 50 items: 20 yes/yes, 15 no/no, 5 yes/no (A yes, B no), 10 no/yes.
    //   p_o = (20 + 15) / 50 = 0.7
    //   A says yes 25 times (0.5), B says yes 30 times (0.6)
    //   p_e = 0.5·0.6 + 0.5·0.4 = 0.5
    //   κ = (0.7 − 0.5) / (1 − 0.5) = 0.4
    const pairs: [Label, Label][] = [
      ...repeat(20, ["yes", "yes"] as [Label, Label]),
      ...repeat(15, ["no", "no"] as [Label, Label]),
      ...repeat(5, ["yes", "no"] as [Label, Label]),
      ...repeat(10, ["no", "yes"] as [Label, Label]),
    ];
    const k = cohensKappa(pairs);
    expect(k.n).toBe(50);
    expect(k.observed).toBeCloseTo(0.7, 12);
    expect(k.expected).toBeCloseTo(0.5, 12);
    expect(k.value).toBeCloseTo(0.4, 12);
    expect(k.reason).toBeUndefined();
  });

  it("handles three categories and booleans", () => {
    // 10 items, labels a/b/c:
    //   A: a a a a b b b c c c
    //   B: a a a b b b c c c a
    //   agreements: items 1–3 (a), 5–6 (b), 8–9 (c) → p_o = 7/10
    //   A marginals a 4, b 3, c 3; B marginals a 4, b 3, c 3
    //   p_e = (4·4 + 3·3 + 3·3) / 100 = 0.34
    //   κ = (0.7 − 0.34) / 0.66 = 0.36 / 0.66 = 6/11 ≈ 0.545454…
    const a = ["a", "a", "a", "a", "b", "b", "b", "c", "c", "c"];
    const b = ["a", "a", "a", "b", "b", "b", "c", "c", "c", "a"];
    expect(cohensKappa(a.map((x, i) => [x, b[i]!])).value).toBeCloseTo(6 / 11, 12);

    // Booleans: the same 2×2 table as above with true/false.
    const bools: [boolean, boolean][] = [
      ...repeat(20, [true, true] as [boolean, boolean]),
      ...repeat(15, [false, false] as [boolean, boolean]),
      ...repeat(5, [true, false] as [boolean, boolean]),
      ...repeat(10, [false, true] as [boolean, boolean]),
    ];
    expect(cohensKappa(bools).value).toBeCloseTo(0.4, 12);
  });

  it("is 1 for perfect agreement, 0 for chance-level, −1 for perfect disagreement on two balanced labels", () => {
    expect(
      cohensKappa([
        ["x", "x"],
        ["y", "y"],
        ["x", "x"],
      ]).value,
    ).toBe(1);
    // A: x x y y, B: x y x y → p_o = 0.5, p_e = 0.5·0.5 + 0.5·0.5 = 0.5 → κ = 0.
    expect(
      cohensKappa([
        ["x", "x"],
        ["x", "y"],
        ["y", "x"],
        ["y", "y"],
      ]).value,
    ).toBe(0);
    // A: x y, B: y x → p_o = 0, p_e = 0.5 → κ = −0.5 / 0.5 = −1.
    expect(
      cohensKappa([
        ["x", "y"],
        ["y", "x"],
        ["x", "y"],
        ["y", "x"],
      ]).value,
    ).toBe(-1);
  });

  it("answers null with a reason in the degenerate cases, never NaN", () => {
    const empty = cohensKappa([]);
    expect(empty).toMatchObject({ value: null, n: 0 });
    expect(empty.reason).toMatch(/no items/i);

    const one = cohensKappa([["x", "y"]]);
    expect(one).toMatchObject({ value: null, n: 1 });
    expect(one.reason).toMatch(/at least 2/);

    // Everyone says "yes" about everything: p_o = 1 but p_e = 1 too, κ = 0/0.
    const same = cohensKappa(repeat(5, ["yes", "yes"] as [Label, Label]));
    expect(same).toMatchObject({ value: null, n: 5, observed: 1, expected: 1 });
    expect(same.reason).toMatch(/same single label/);

    // Each rater uses one label, but not the same one: p_o = 0, p_e = 0 → κ = 0 (defined).
    expect(cohensKappa(repeat(4, [true, false] as [Label, Label])).value).toBe(0);
  });

  it("keeps labels of different types apart", () => {
    // "1" and 1 are different labels: p_o = 0, A all "1", B all 1 → p_e = 0 → κ = 0.
    expect(
      cohensKappa([
        ["1", 1],
        ["1", 1],
      ]).value,
    ).toBe(0);
  });

  it("stays within [−1, 1] whenever it is defined", () => {
    const label = fc.constantFrom<Label>("a", "b", "c", "d", true, false);
    fc.assert(
      fc.property(fc.array(fc.tuple(label, label), { maxLength: 60 }), (pairs) => {
        const k = cohensKappa(pairs);
        expect(k.n).toBe(pairs.length);
        if (k.value === null) {
          expect(typeof k.reason).toBe("string");
        } else {
          expect(Number.isFinite(k.value)).toBe(true);
          expect(k.value).toBeGreaterThanOrEqual(-1);
          expect(k.value).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("Krippendorff's α", () => {
  // Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", the example with missing values:
  // 4 coders × 12 units, values 1–5, "." = missing.
  //
  //   unit  1  2  3  4  5  6  7  8  9 10 11 12
  //   A     1  2  3  3  2  1  4  1  2  .  .  .
  //   B     1  2  3  3  2  2  4  1  2  5  .  3
  //   C     .  3  3  3  2  3  4  2  2  5  1  .
  //   D     1  2  3  3  2  4  4  1  2  5  1  .
  //
  // Unit 12 has a single value and is not pairable; the other 11 units hold n.. = 40 pairable values:
  //   n_1 = 9, n_2 = 13, n_3 = 10, n_4 = 5, n_5 = 3.
  // Only units 2 (2,2,3,2), 6 (1,2,3,4) and 8 (1,1,2,1) hold disagreements.
  //
  // Nominal: off-diagonal coincidences Σ_{c≠k} o_ck, per unit (m_u² − Σ_c n_uc²) / (m_u − 1):
  //   unit 2: (16 − 9 − 1) / 3 = 2; unit 6: (16 − 4) / 3 = 4; unit 8: (16 − 9 − 1) / 3 = 2 → 8.
  //   expected Σ_{c≠k} n_c n_k = n..² − Σ n_c² = 1600 − (81 + 169 + 100 + 25 + 9) = 1600 − 384 = 1216.
  //   α = 1 − (n.. − 1) · 8 / 1216 = 1 − 39 · 8 / 1216 = 1 − 312 / 1216 = 0.743421…  (the paper: 0.743)
  //
  // Interval (δ² = (c − k)²), using Σ_{i≠j} (x_i − x_j)² = 2m · Σ (x_i − x̄)²:
  //   unit 2: mean 2.25, SS 0.75 → 2·4·0.75 / 3 = 2; unit 6: mean 2.5, SS 5 → 2·4·5 / 3 = 40/3;
  //   unit 8: SS 0.75 → 2 → observed Σ o_ck δ² = 4 + 40/3 = 52/3.
  //   all 40 values: Σx = 100, Σx² = 306, SS = 306 − 40·2.5² = 56 → expected Σ n_c n_k δ² = 2·40·56 = 4480.
  //   α = 1 − 39 · (52/3) / 4480 = 1 − 676 / 4480 = 0.849107…  (the paper: 0.849)
  const M = null;
  const coders: Record<string, (number | null)[]> = {
    A: [1, 2, 3, 3, 2, 1, 4, 1, 2, M, M, M],
    B: [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, M, 3],
    C: [M, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, M],
    D: [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, M],
  };
  const rows = Array.from({ length: 12 }, (_, u) => Object.values(coders).map((values) => values[u]));

  it("reproduces Krippendorff's 2011 example, nominal α = 0.743, from the array form", () => {
    const alpha = krippendorffAlpha(rows);
    expect(alpha.metric).toBe("nominal");
    expect(alpha.n).toBe(11);
    expect(alpha.values).toBe(40);
    expect(alpha.value).toBeCloseTo(1 - 312 / 1216, 12);
    expect(alpha.value!.toFixed(3)).toBe("0.743");
  });

  it("gives the same from the map form, where a missing rater is simply absent", () => {
    const units = new Map<string, Map<string, Label>>();
    for (const [coder, values] of Object.entries(coders)) {
      values.forEach((v, u) => {
        if (v === null) return;
        const unit = units.get(`u${u}`) ?? new Map<string, Label>();
        unit.set(coder, v);
        units.set(`u${u}`, unit);
      });
    }
    const alpha = krippendorffAlpha(units);
    expect(alpha).toMatchObject({ n: 11, values: 40 });
    expect(alpha.value).toBeCloseTo(1 - 312 / 1216, 12);
  });

  it("reproduces the same example's interval α = 0.849", () => {
    const alpha = krippendorffAlpha(rows, { metric: "interval" });
    expect(alpha).toMatchObject({ metric: "interval", n: 11, values: 40 });
    expect(alpha.value).toBeCloseTo(1 - 676 / 4480, 12);
    expect(alpha.value!.toFixed(3)).toBe("0.849");
  });

  it("works a small nominal example with three raters and a missing value", () => {
    // unit 1: a a a   unit 2: a b .   unit 3: b b b   unit 4: b . .  (not pairable)
    //   pairable values n.. = 3 + 2 + 3 = 8: n_a = 4, n_b = 4
    //   observed Σ_{c≠k} o_ck: only unit 2, (2² − 1 − 1) / (2 − 1) = 2
    //   expected Σ_{c≠k} n_c n_k = 64 − 16 − 16 = 32
    //   α = 1 − 7 · 2 / 32 = 1 − 14/32 = 0.5625
    const alpha = krippendorffAlpha([
      ["a", "a", "a"],
      ["a", "b", null],
      ["b", "b", "b"],
      ["b", undefined, null],
    ]);
    expect(alpha).toMatchObject({ n: 3, values: 8 });
    expect(alpha.value).toBeCloseTo(0.5625, 12);
  });

  it("is 1 for perfect agreement and null with a reason when it is undefined", () => {
    expect(
      krippendorffAlpha([
        ["x", "x", null],
        ["y", "y", "y"],
      ]).value,
    ).toBe(1);

    const same = krippendorffAlpha([
      ["x", "x"],
      ["x", "x", "x"],
    ]);
    expect(same).toMatchObject({ value: null, n: 2 });
    expect(same.reason).toMatch(/same value/);

    const lonely = krippendorffAlpha([["x"], ["y", null], []]);
    expect(lonely).toMatchObject({ value: null, n: 0, values: 0 });
    expect(lonely.reason).toMatch(/two or more/);

    expect(krippendorffAlpha(new Map()).value).toBeNull();
    expect(krippendorffAlpha([["a", 1]], { metric: "interval" }).reason).toMatch(/numeric/);
    expect(
      krippendorffAlpha(
        [
          [2, 2],
          [2, 2],
        ],
        { metric: "interval" },
      ).value,
    ).toBeNull();
  });

  it("differs from κ on small samples by its (n.. − 1) correction", () => {
    // The 4-item example A: x x y y, B: x y x y: κ = 0; α = 1 − 7 · 4 / (64 − 32) = 1 − 28/32 = 0.125.
    // (α corrects for small samples: observed 4 disagreements of 8 values, (n − 1)/n² weighting.)
    const rows4: [Label, Label][] = [
      ["x", "x"],
      ["x", "y"],
      ["y", "x"],
      ["y", "y"],
    ];
    expect(krippendorffAlpha(rows4).value).toBeCloseTo(0.125, 12);
  });
});

describe("Pearson's r", () => {
  it("matches a small hand-worked set", () => {
    // x = 1 2 3 4 5 (mean 3), y = 2 4 5 4 5 (mean 4)
    //   dx = −2 −1 0 1 2, dy = −2 0 1 0 1
    //   Σ dx·dy = 4 + 0 + 0 + 0 + 2 = 6, Σ dx² = 10, Σ dy² = 6
    //   r = 6 / √60 = √0.6 ≈ 0.774597
    const r = pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]);
    expect(r.n).toBe(5);
    expect(r.value).toBeCloseTo(Math.sqrt(0.6), 12);
  });

  it("is ±1 on exact lines and null with a reason when undefined", () => {
    expect(pearson([1, 2, 3], [10, 20, 30]).value).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [3, 2, 1]).value).toBeCloseTo(-1, 12);
    expect(pearson([], [])).toMatchObject({ value: null, n: 0 });
    expect(pearson([1], [2])).toMatchObject({ value: null, n: 1 });
    const flat = pearson([0.1, 0.1, 0.1], [1, 2, 3]);
    expect(flat).toMatchObject({ value: null, n: 3 });
    expect(flat.reason).toMatch(/same score/);
    expect(pearson([1, NaN], [1, 2]).value).toBeNull();
    expect(() => pearson([1, 2], [1])).toThrow(RangeError);
  });

  it("of a series with itself is 1", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 50 }), (xs) => {
        const r = pearson(xs, xs);
        if (xs.every((x) => x === xs[0])) expect(r.value).toBeNull();
        else expect(r.value).toBeCloseTo(1, 9);
      }),
      { numRuns: 300 },
    );
  });
});

describe("Spearman's ρ", () => {
  it("uses average ranks for ties", () => {
    expect(averageRanks([10, 20, 20, 30])).toEqual([1, 2.5, 2.5, 4]);
    expect(averageRanks([3, 1, 3, 3])).toEqual([3, 1, 3, 3]);
    // x = 1 2 2 3 → ranks 1 2.5 2.5 4; y = 1 3 2 4 → ranks 1 3 2 4 (both mean 2.5)
    //   dx = −1.5 0 0 1.5, dy = −1.5 0.5 −0.5 1.5
    //   Σ dx·dy = 2.25 + 2.25 = 4.5, Σ dx² = 4.5, Σ dy² = 5
    //   ρ = 4.5 / √22.5 = √0.9 ≈ 0.948683   (the no-ties formula 1 − 6Σd²/(n(n²−1)) would give 0.95)
    const rho = spearman([1, 2, 2, 3], [1, 3, 2, 4]);
    expect(rho.n).toBe(4);
    expect(rho.value).toBeCloseTo(Math.sqrt(0.9), 12);
  });

  it("works a second tied example on both sides", () => {
    // x = 1 1 2 3 3 → ranks 1.5 1.5 3 4.5 4.5; y = 5 6 6 7 9 → ranks 1 2.5 2.5 4 5 (means 3)
    //   dx = −1.5 −1.5 0 1.5 1.5, dy = −2 −0.5 −0.5 1 2
    //   Σ dx·dy = 3 + 0.75 + 0 + 1.5 + 3 = 8.25, Σ dx² = 9, Σ dy² = 4 + 0.25 + 0.25 + 1 + 4 = 9.5
    //   ρ = 8.25 / √85.5 ≈ 0.892218
    expect(spearman([1, 1, 2, 3, 3], [5, 6, 6, 7, 9]).value).toBeCloseTo(8.25 / Math.sqrt(85.5), 12);
  });

  it("is null when a reviewer scores everything the same", () => {
    expect(spearman([2, 2, 2], [1, 2, 3])).toMatchObject({ value: null, n: 3 });
    expect(spearman([1], [1])).toMatchObject({ value: null, n: 1 });
  });

  it("is invariant under strictly increasing transforms", () => {
    const ints = fc.array(fc.tuple(fc.integer({ min: -100, max: 100 }), fc.integer({ min: -100, max: 100 })), {
      minLength: 2,
      maxLength: 40,
    });
    fc.assert(
      fc.property(ints, (pairs) => {
        const xs = pairs.map(([x]) => x);
        const ys = pairs.map(([, y]) => y);
        const base = spearman(xs, ys);
        const cubed = spearman(
          xs.map((x) => x * x * x + 7 * x),
          ys,
        );
        const exped = spearman(
          xs,
          ys.map((y) => Math.exp(y / 10)),
        );
        expect(cubed).toEqual(base);
        expect(exped).toEqual(base);
      }),
      { numRuns: 300 },
    );
  });
});

describe("agreementFor", () => {
  it("gives κ per reviewer pair with each pair's n, and α over all reviewers (categorical)", () => {
    const scores = [
      // t1..t4 scored by ann and bob; t3, t4 also by cat; t5 by cat only.
      { targetId: "t1", authorId: "bob", value: "good" },
      { targetId: "t1", authorId: "ann", value: "good" },
      { targetId: "t2", authorId: "ann", value: "bad" },
      { targetId: "t2", authorId: "bob", value: "bad" },
      { targetId: "t3", authorId: "ann", value: "good" },
      { targetId: "t3", authorId: "bob", value: "bad" },
      { targetId: "t3", authorId: "cat", value: "good" },
      { targetId: "t4", authorId: "ann", value: "bad" },
      { targetId: "t4", authorId: "bob", value: "bad" },
      { targetId: "t4", authorId: "cat", value: "bad" },
      { targetId: "t5", authorId: "cat", value: "good" },
    ];
    const report = agreementFor("categorical", scores);
    if (report.configType === "numeric") throw new Error("unreachable");
    expect(report.raters).toEqual(["ann", "bob", "cat"]);
    expect(report.targets).toBe(5);
    expect(report.pairs.map((p) => [p.raters, p.n])).toEqual([
      [["ann", "bob"], 4],
      [["ann", "cat"], 2],
      [["bob", "cat"], 2],
    ]);
    // ann/bob: ann g b g b, bob g b b b → p_o = 3/4; ann g 2 b 2, bob g 1 b 3 → p_e = (2·1 + 2·3)/16 = 0.5
    //   κ = (0.75 − 0.5) / 0.5 = 0.5
    expect(report.pairs[0]!.kappa.value).toBeCloseTo(0.5, 12);
    // ann/cat: g/g, b/b → κ = 1. bob/cat: b/g, b/b → p_o = 0.5, p_e = (0·1 + 2·1)/4 = 0.5 → κ = 0.
    expect(report.pairs[1]!.kappa.value).toBe(1);
    expect(report.pairs[2]!.kappa.value).toBe(0);
    // α: units t1 (g g), t2 (b b), t3 (g b g), t4 (b b b); t5 is not pairable.
    //   n.. = 10: n_g = 4, n_b = 6; disagreement only in t3: (9 − 4 − 1) / 2 = 2
    //   α = 1 − 9 · 2 / (100 − 16 − 36) = 1 − 18/48 = 0.625
    expect(report.alpha).toMatchObject({ metric: "nominal", n: 4, values: 10 });
    expect(report.alpha.value).toBeCloseTo(0.625, 12);
  });

  it("handles booleans and keeps a reviewer's last score for a target", () => {
    const report = agreementFor("boolean", [
      { targetId: "a", authorId: "x", value: false },
      { targetId: "a", authorId: "x", value: true },
      { targetId: "a", authorId: "y", value: true },
      { targetId: "b", authorId: "x", value: false },
      { targetId: "b", authorId: "y", value: false },
    ]);
    if (report.configType === "numeric") throw new Error("unreachable");
    expect(report.pairs).toHaveLength(1);
    expect(report.pairs[0]!.n).toBe(2);
    expect(report.pairs[0]!.kappa.value).toBe(1);
    expect(report.alpha.value).toBe(1);
  });

  it("gives Pearson and Spearman per pair and interval α for numeric configs, ignoring bad values", () => {
    const report = agreementFor("numeric", [
      ...[1, 2, 3, 4, 5].map((v, i) => ({ targetId: `t${i}`, authorId: "p", value: v })),
      ...[2, 4, 5, 4, 5].map((v, i) => ({ targetId: `t${i}`, authorId: "q", value: v })),
      { targetId: "t9", authorId: "q", value: "n/a" },
      { targetId: "t8", authorId: "p", value: Number.NaN },
    ]);
    if (report.configType !== "numeric") throw new Error("unreachable");
    expect(report.ignored).toBe(2);
    expect(report.targets).toBe(5);
    expect(report.pairs).toHaveLength(1);
    const [pair] = report.pairs;
    expect(pair!.raters).toEqual(["p", "q"]);
    expect(pair!.n).toBe(5);
    expect(pair!.pearson.value).toBeCloseTo(Math.sqrt(0.6), 12);
    // ranks p: 1 2 3 4 5 (dx = −2 −1 0 1 2); q = 2 4 5 4 5 → ranks 1 2.5 4.5 2.5 4.5 (dy = −2 −0.5 1.5 −0.5 1.5)
    //   Σ dx·dy = 4 + 0.5 + 0 − 0.5 + 3 = 7, Σ dx² = 10, Σ dy² = 4 + 0.25 + 2.25 + 0.25 + 2.25 = 9
    //   ρ = 7 / √90 ≈ 0.737865
    expect(pair!.spearman.value).toBeCloseTo(7 / Math.sqrt(90), 12);
    // interval α: 5 units of 2, n.. = 10. Per unit 2·2·SS/1 = (x − y)²·2: (1 + 4 + 4 + 0 + 0)·2 = 18.
    //   all values 1 2 3 4 5 2 4 5 4 5: Σx = 35, Σx² = 55 + 86 = 141, SS = 141 − 122.5 = 18.5
    //   → expected 2·10·18.5 = 370
    //   α = 1 − 9 · 18 / 370 = 1 − 162/370 ≈ 0.562162
    expect(report.alpha).toMatchObject({ metric: "interval", n: 5, values: 10 });
    expect(report.alpha.value).toBeCloseTo(1 - 162 / 370, 12);
  });

  it("reports nothing to compare when reviewers never overlap", () => {
    const report = agreementFor("categorical", [
      { targetId: "a", authorId: "x", value: "l" },
      { targetId: "b", authorId: "y", value: "m" },
    ]);
    expect(report.pairs).toEqual([]);
    expect(report.alpha).toMatchObject({ value: null, n: 0 });
    expect(agreementFor("numeric", [])).toMatchObject({ raters: [], targets: 0, pairs: [], ignored: 0 });
  });
});

describe("distribution", () => {
  it("counts categorical labels, config labels first with zero counts", () => {
    expect(distribution(["b", "a", "b", "z"], { type: "categorical", labels: ["a", "b", "c"] })).toEqual({
      kind: "counts",
      total: 4,
      counts: [
        { label: "a", count: 1 },
        { label: "b", count: 2 },
        { label: "c", count: 0 },
        { label: "z", count: 1 },
      ],
    });
    expect(distribution(["x", "y", "x"])).toMatchObject({ kind: "counts", total: 3 });
  });

  it("counts booleans true then false", () => {
    expect(distribution([false, false], { type: "boolean" })).toEqual({
      kind: "counts",
      total: 2,
      counts: [
        { label: true, count: 0 },
        { label: false, count: 2 },
      ],
    });
  });

  it("gives one bin per possible value on a small numeric scale", () => {
    const d = distribution([1, 2, 2, 5, 5, 5], { type: "numeric", min: 1, max: 5, step: 1 });
    if (d.kind !== "histogram") throw new Error("unreachable");
    expect(d.bins.map((b) => [b.label, b.count])).toEqual([
      ["1", 1],
      ["2", 2],
      ["3", 0],
      ["4", 0],
      ["5", 3],
    ]);
    expect(d.outOfRange).toBe(0);

    const halves = distribution([0, 0.5, 1, 1], { min: 0, max: 1, step: 0.1 });
    if (halves.kind !== "histogram") throw new Error("unreachable");
    expect(halves.bins.map((b) => b.label)).toEqual([
      "0",
      "0.1",
      "0.2",
      "0.3",
      "0.4",
      "0.5",
      "0.6",
      "0.7",
      "0.8",
      "0.9",
      "1",
    ]);
    expect(halves.bins.map((b) => b.count)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2]);

    // Integer data without a config: one bin per integer when the span is small.
    const ints = distribution([3, 4, 4, 6]);
    if (ints.kind !== "histogram") throw new Error("unreachable");
    expect(ints.bins.map((b) => [b.from, b.count])).toEqual([
      [3, 1],
      [4, 2],
      [5, 0],
      [6, 1],
    ]);
  });

  it("gives equal-width bins over a wide or continuous range", () => {
    // 0–100 in steps of 1 has 101 values: ranges instead. 8 values → Sturges ⌈log₂ 8⌉ + 1 = 4 bins of 25.
    const d = distribution([0, 10, 30, 49.9, 50, 75, 99, 100, 120], { type: "numeric", min: 0, max: 100, step: 1 });
    if (d.kind !== "histogram") throw new Error("unreachable");
    expect(d.bins.map((b) => [b.from, b.to, b.count])).toEqual([
      [0, 25, 2],
      [25, 50, 2],
      [50, 75, 1],
      [75, 100, 3],
    ]);
    expect(d.bins[0]!.label).toBe("0–25");
    expect(d.outOfRange).toBe(1);
    expect(d.total).toBe(9);

    const cont = distribution([0.1, 0.2, 0.9], { bins: 2 });
    if (cont.kind !== "histogram") throw new Error("unreachable");
    expect(cont.bins.map((b) => b.count)).toEqual([2, 1]);
  });

  it("handles empty and constant data", () => {
    expect(distribution([], { type: "numeric" })).toEqual({ kind: "histogram", total: 0, bins: [], outOfRange: 0 });
    const flat = distribution([0.5, 0.5]);
    if (flat.kind !== "histogram") throw new Error("unreachable");
    expect(flat.bins).toEqual([{ from: 0.5, to: 0.5, label: "0.5", count: 2 }]);
    expect(distribution([], { type: "categorical" })).toEqual({ kind: "counts", total: 0, counts: [] });
  });

  it("keeps values too close together to split, or too far apart to measure, in one bin", () => {
    for (const xs of [
      [7e-323, 7.4e-323],
      [-1.7e308, 1.7e308],
    ]) {
      const d = distribution(xs, { type: "numeric" });
      if (d.kind !== "histogram") throw new Error("unreachable");
      expect(d.bins).toHaveLength(1);
      expect(d.bins[0]!.count).toBe(2);
    }
  });

  it("counts every finite value exactly once", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 80 }), (xs) => {
        const d = distribution(xs, { type: "numeric" });
        if (d.kind !== "histogram") throw new Error("unreachable");
        expect(d.bins.reduce((sum, b) => sum + b.count, 0) + d.outOfRange).toBe(xs.length);
      }),
    );
  });
});

describe("scale", () => {
  it("handles many scores without running out of stack", () => {
    const xs = Array.from({ length: 300_000 }, (_, i) => i % 97);
    const ys = xs.map((x) => (x * 7) % 97);
    expect(pearson(xs, ys).n).toBe(300_000);
    expect(spearman(xs, ys).value).not.toBeNull();
    const d = distribution(xs);
    if (d.kind !== "histogram") throw new Error("unreachable");
    expect(d.bins.reduce((sum, b) => sum + b.count, 0)).toBe(300_000);
  });
});
