// Agreement among everyone who scored with one config (the dashboard's agreement page): targets are thoughts and
// sessions, reviewers are author keys; the statistics are pure (lib/stats/agreement.ts).
import type { ConfigAgreement } from "@/lib/contracts/scores";
import { agreementFor, distribution, type Label } from "@/lib/stats/agreement";
import type { Db } from "@/server/db/client";
import { findConfig, toScoreConfigView } from "./score-configs";
import { authorLabels } from "./score-views";

/**
 * Agreement among everyone who scored with one config, across the project: targets are thoughts and sessions,
 * reviewers are author keys. Categorical compares labels, boolean true/false, numeric the numbers; text has none.
 */
export async function configAgreement(
  db: Db,
  projectId: string,
  configId: string,
  meKey?: string,
): Promise<ConfigAgreement> {
  const row = await findConfig(db, projectId, configId, "configId");
  const config = toScoreConfigView(row, row._count.scores);
  const rows = await db.score.findMany({
    where: { projectId, configId: row.id },
    select: { targetKey: true, authorKey: true, value: true, stringValue: true },
  });
  const labels = Object.fromEntries(
    await authorLabels(
      db,
      projectId,
      rows.map((r) => r.authorKey),
      meKey,
    ),
  );
  if (config.type === "text") {
    return { config, raterLabels: labels, report: null, distribution: null, scoreCount: rows.length };
  }
  const type = config.type;
  const valueOf = (r: (typeof rows)[number]): Label | null =>
    type === "numeric" ? r.value : type === "boolean" ? r.stringValue === "true" : r.stringValue;
  const scores = rows.flatMap((r) => {
    const value = valueOf(r);
    return value === null ? [] : [{ targetId: r.targetKey, authorId: r.authorKey, value }];
  });
  return {
    config,
    raterLabels: labels,
    report: agreementFor(type, scores),
    distribution: distribution(
      scores.map((s) => s.value),
      {
        type,
        ...(type === "categorical" ? { labels: (config.categories ?? []).map((c) => c.label) } : {}),
        ...(config.min !== null ? { min: config.min } : {}),
        ...(config.max !== null ? { max: config.max } : {}),
        ...(config.step !== null ? { step: config.step } : {}),
      },
    ),
    scoreCount: rows.length,
  };
}
