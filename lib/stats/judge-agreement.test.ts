// Judges against people on a fixture where they disagree in known ways, with every number worked out by hand.
//
// A boolean config, 8 targets, two people and a judge (Y = true, N = false):
//   target   1 2 3 4 5 6 7 8
//   P1       Y Y Y Y N N N N
//   P2       Y Y Y N N N N Y
//   J        Y Y N N N N Y Y
// Consensus (majority of P1, P2): targets 4 and 8 are ties and have none; elsewhere Y Y Y · N N N ·.
// J vs consensus on 1,2,3,5,6,7: J = Y Y N N N Y, consensus = Y Y Y N N N: p_o = 4/6; marginals 3/3 each, so
//   p_e = (3·3 + 3·3)/6² = 1/2 and κ = (2/3 − 1/2)/(1 − 1/2) = 1/3; SE = √((2/3·1/3)/(6·1/4)) = √(4/27) ≈ 0.3849, so
//   the interval is 1/3 ± 1.96·0.3849 = [−0.4211, 1.0878], clipped to [−0.4211, 1].
//   α (nominal, 12 values, 6 Y and 6 N): observed Σ over the 2 disagreeing units of (2² − 1 − 1)/1 = 4, expected
//   12² − 6² − 6² = 72, α = 1 − 11·4/72 = 7/18 ≈ 0.3889.
// J vs P1 on all 8: p_o = 4/8, marginals 4/4 each, p_e = 1/2, κ = 0. J vs P2: p_o = 6/8, p_e = 1/2, κ = 1/2.
// People alone: P1 vs P2 agree on 6 of 8; α over 16 values (8 Y, 8 N) with 2 disagreeing units:
//   1 − 15·4/(16² − 8² − 8²) = 1 − 60/128 = 17/32 = 0.53125.
import { describe, expect, it } from "vitest";
import { krippendorffAlpha, type ScoreForAgreement } from "./agreement";
import { comparePair, consensus, fisherInterval, trendAgainst } from "./judge-agreement";

const rows: Record<string, string> = { P1: "YYYYNNNN", P2: "YYYNNNNY", J: "YYNNNNYY" };
const scores: ScoreForAgreement[] = Object.entries(rows).flatMap(([rater, labels]) =>
  [...labels].map((l, i) => ({ targetId: `t${i + 1}`, authorId: rater, value: l === "Y" })),
);
const of = (rater: string) => new Map(scores.filter((s) => s.authorId === rater).map((s) => [s.targetId, s.value]));

describe("judges against people", () => {
  it("consensus: the majority label, ties left out", () => {
    const c = consensus("boolean", scores, (r) => r.startsWith("P"));
    expect([...c.keys()].sort()).toEqual(["t1", "t2", "t3", "t5", "t6", "t7"]);
    expect([...c.values()]).toEqual([true, true, true, false, false, false]);
  });

  it("κ and α of the judge against the consensus, with the κ interval and a bootstrap α interval", () => {
    const c = consensus("boolean", scores, (r) => r.startsWith("P"));
    const vs = comparePair("boolean", of("J"), c, { alphaInterval: true });
    if (vs.configType === "numeric") throw new Error("boolean expected");
    expect(vs.n).toBe(6);
    expect(vs.kappa.value).toBeCloseTo(1 / 3, 12);
    expect(vs.kappa.observed).toBeCloseTo(4 / 6, 12);
    expect(vs.kappa.expected).toBeCloseTo(0.5, 12);
    expect(vs.kappa.ci!.low).toBeCloseTo(1 / 3 - 1.96 * Math.sqrt(4 / 27), 12);
    expect(vs.kappa.ci!.low).toBeCloseTo(-0.4211, 4);
    expect(vs.kappa.ci!.high).toBe(1);
    expect(vs.alpha.value).toBeCloseTo(7 / 18, 12);
    expect(vs.alpha.ci!.low).toBeLessThanOrEqual(vs.alpha.value!);
    expect(vs.alpha.ci!.high).toBeGreaterThanOrEqual(vs.alpha.value!);
    // Seeded: the same data gives the same interval every time.
    expect(comparePair("boolean", of("J"), c, { alphaInterval: true }).alpha.ci).toEqual(vs.alpha.ci);
  });

  it("κ of the judge against each person, and the people's own α", () => {
    const p1 = comparePair("boolean", of("J"), of("P1"));
    const p2 = comparePair("boolean", of("J"), of("P2"));
    expect(p1.configType !== "numeric" && p1.kappa.value).toBeCloseTo(0, 12);
    expect(p2.configType !== "numeric" && p2.kappa.value).toBeCloseTo(0.5, 12);
    const people = [...of("P1")].map(([t, v]) => [v, of("P2").get(t)!]);
    expect(krippendorffAlpha(people, { metric: "nominal" }).value).toBeCloseTo(17 / 32, 12);
  });

  it("numeric: Pearson and Spearman against the consensus mean, with Fisher intervals", () => {
    // People give 1..5 with P2 one higher on items 3 and 4; the judge halves the scale. Consensus = means.
    const numeric: ScoreForAgreement[] = [
      ...[1, 2, 3, 4, 5].map((v, i) => ({ targetId: `n${i}`, authorId: "user:a", value: v })),
      ...[1, 2, 4, 5, 5].map((v, i) => ({ targetId: `n${i}`, authorId: "user:b", value: v })),
      ...[1, 1, 2, 2, 3].map((v, i) => ({ targetId: `n${i}`, authorId: "judge:j", value: v })),
    ];
    const c = consensus("numeric", numeric, (r) => r.startsWith("user:"));
    expect([...c.values()]).toEqual([1, 2, 3.5, 4.5, 5]);
    const judge = new Map(numeric.filter((s) => s.authorId === "judge:j").map((s) => [s.targetId, s.value]));
    const vs = comparePair("numeric", judge, c);
    if (vs.configType !== "numeric") throw new Error("numeric expected");
    // r between (1,1,2,2,3) and (1,2,3.5,4.5,5): deviations (−0.8,−0.8,0.2,0.2,1.2) and (−2.2,−1.2,0.3,1.3,1.8);
    // Σxy = 1.76+0.96+0.06+0.26+2.16 = 5.2, Σx² = 2.8, Σy² = 4.84+1.44+0.09+1.69+3.24 = 11.3; r = 5.2/√(2.8·11.3).
    expect(vs.pearson.value).toBeCloseTo(5.2 / Math.sqrt(2.8 * 11.3), 12);
    expect(vs.pearson.ci).toEqual(fisherInterval(vs.pearson));
    const z = Math.atanh(vs.pearson.value!);
    expect(vs.pearson.ci!.low).toBeCloseTo(Math.tanh(z - 1.96 / Math.sqrt(2)), 12);
    expect(fisherInterval({ value: 0.5, n: 3 })).toBeNull();
  });

  it("a judge's trend: one point per day of judgments, each against the consensus", () => {
    const c = consensus("boolean", scores, (r) => r.startsWith("P"));
    const trend = trendAgainst(
      "boolean",
      [
        { targetId: "t1", value: false, at: "2026-11-20T09:00:00Z" },
        { targetId: "t2", value: true, at: "2026-11-20T10:00:00Z" },
        { targetId: "t1", value: true, at: "2026-11-21T09:00:00Z" },
        { targetId: "t5", value: false, at: "2026-11-21T09:30:00Z" },
      ],
      c,
    );
    expect(trend.map((p) => [p.from, p.n, p.agreement])).toEqual([
      ["2026-11-20", 2, 0.5],
      ["2026-11-21", 2, 1],
    ]);
    expect(trend[1]!.value).toBe(1);
  });
});
