// How unsure the judges were about one session, for queues that send such sessions to people first: the highest of
// (1 − a judge's stated confidence) and the disagreement between judges on one target (numeric: their spread as a share
// of the config's range; categorical and boolean: 1 when they gave different labels). 0 is sure and unanimous, 1 is a
// coin toss; null when no judge scored the session. Pure.

export interface JudgeScoreForUncertainty {
  configId: string;
  targetKey: string;
  /** "judge:<id>" */
  authorKey: string;
  value: number | null;
  stringValue: string | null;
  confidence: number | null;
}

export interface ConfigRange {
  type: string;
  min: number | null;
  max: number | null;
}

export function uncertaintyOf(
  scores: readonly JudgeScoreForUncertainty[],
  configs: ReadonlyMap<string, ConfigRange>,
): number | null {
  if (scores.length === 0) return null;
  let most = 0;
  const byTarget = new Map<string, JudgeScoreForUncertainty[]>();
  for (const s of scores) {
    if (s.confidence !== null) most = Math.max(most, 1 - s.confidence);
    const key = `${s.configId} ${s.targetKey}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), s]);
  }
  for (const group of byTarget.values()) {
    if (group.length < 2) continue;
    const config = configs.get(group[0]!.configId);
    if (!config || config.type === "text") continue;
    if (config.type === "numeric") {
      const values = group.flatMap((s) => (s.value === null ? [] : [s.value]));
      const range = config.min !== null && config.max !== null ? config.max - config.min : 0;
      if (values.length >= 2 && range > 0) most = Math.max(most, (Math.max(...values) - Math.min(...values)) / range);
    } else if (new Set(group.map((s) => s.stringValue)).size > 1) {
      most = 1;
    }
  }
  return Math.min(1, most);
}
