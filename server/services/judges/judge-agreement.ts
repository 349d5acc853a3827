// The agreement page's judges: for one score config, each judge against each person and against the people's
// consensus, with the page's statistics and their intervals, the people's own α beside them, and each judge's trend
// over time from its judgments (lib/stats/judge-agreement.ts does the arithmetic).
import "@/server/server-only";
import type { JudgeAgreementView } from "@/lib/contracts/judges";
import { krippendorffAlpha, type Label } from "@/lib/stats/agreement";
import { alphaInterval, comparePair, consensus, trendAgainst } from "@/lib/stats/judge-agreement";
import type { Db } from "@/server/db/client";
import { findConfig } from "../scores/score-configs";
import { authorLabels } from "../scores/score-views";

const isPerson = (key: string) => key.startsWith("user:");
const isJudge = (key: string) => key.startsWith("judge:");

/** Null for a text config: free text has no agreement statistic. */
export async function judgeAgreement(
  db: Db,
  projectId: string,
  configId: string,
  meKey?: string,
): Promise<JudgeAgreementView | null> {
  const config = await findConfig(db, projectId, configId, "configId");
  if (config.type === "text") return null;
  const type = config.type as JudgeAgreementView["configType"];
  const rows = await db.score.findMany({
    where: { projectId, configId: config.id },
    select: { targetKey: true, authorKey: true, value: true, stringValue: true },
  });
  const valueOf = (value: number | null, stringValue: string | null): Label | null =>
    type === "numeric" ? value : type === "boolean" ? stringValue === "true" : stringValue;
  const scores = rows.flatMap((r) => {
    const value = valueOf(r.value, r.stringValue);
    return value === null ? [] : [{ targetId: r.targetKey, authorId: r.authorKey, value }];
  });
  const byRater = new Map<string, Map<string, Label>>();
  for (const s of scores) {
    const mine = byRater.get(s.authorId) ?? new Map<string, Label>();
    mine.set(s.targetId, s.value);
    byRater.set(s.authorId, mine);
  }
  const people = [...byRater.keys()].filter(isPerson).sort();
  const judgeKeys = [...byRater.keys()].filter(isJudge).sort();
  const reference = consensus(type, scores, isPerson);

  const metric = type === "numeric" ? "interval" : "nominal";
  const peopleUnits = new Map<string, Label[]>();
  for (const s of scores)
    if (isPerson(s.authorId)) peopleUnits.set(s.targetId, [...(peopleUnits.get(s.targetId) ?? []), s.value]);
  const units = [...peopleUnits.values()];
  const peopleAlpha =
    people.length >= 2 ? { ...krippendorffAlpha(units, { metric }), ci: alphaInterval(units, metric) } : null;

  const judgments =
    judgeKeys.length > 0
      ? await db.judgment.findMany({
          where: { projectId, configId: config.id, judgeId: { in: judgeKeys.map((k) => k.slice(6)) } },
          select: { judgeId: true, targetKey: true, value: true, stringValue: true, createdAt: true },
          orderBy: { createdAt: "asc" },
        })
      : [];
  const labels = await authorLabels(db, projectId, [...byRater.keys()], meKey);
  return {
    configType: type,
    raterLabels: Object.fromEntries(labels),
    people,
    consensusTargets: reference.size,
    peopleAlpha,
    judges: judgeKeys.map((key) => {
      const mine = byRater.get(key)!;
      const timed = judgments
        .filter((j) => `judge:${j.judgeId}` === key)
        .flatMap((j) => {
          const value = valueOf(j.value, j.stringValue);
          return value === null ? [] : [{ targetId: j.targetKey, value, at: j.createdAt.toISOString() }];
        });
      return {
        key,
        scored: mine.size,
        vsConsensus: comparePair(type, mine, reference, { alphaInterval: true }),
        vsPeople: people.map((person) => ({ person, comparison: comparePair(type, mine, byRater.get(person)!) })),
        trend: trendAgainst(type, timed, reference),
      };
    }),
  };
}
