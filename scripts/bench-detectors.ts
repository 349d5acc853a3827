// `npm run bench:detectors`: CPU per 1,000 thoughts of the detectors that run on every thought when a project turns
// them on (server/services/reasoning/detect-on-write.ts), beside a same-run baseline: every bias rule searched over the
// whole text and the emotion lexicon read through tokenize's token objects, the way both detectors worked before the
// first-word gate and the one-pass word scan (lib/thoughtmcp/bias.ts, text.ts); and a second one: the same detectors
// with an object per finding and JSON.stringify of each answer, as the drain stored them before
// lib/thoughtmcp/answer-json.ts. Two texts: bench:ingest's worst case
// (a bias and an emotion in every thought) and the golden set's neutral sentences (no finding). Compare the figures
// with bench:ingest's `server_cpu_ms_per_1k` for batch ingest: the setting must not cost more than a quarter of it.
// Options (env): BENCH_DETECTOR_THOUGHTS (default 20000) thoughts per measurement, best of 5 measurements.
import english from "sentiment/languages/en/index.js";
import rulesJson from "@/lib/thoughtmcp/data/bias-rules.json";
import golden from "@/lib/thoughtmcp/data/golden/bias.json";
import lexiconJson from "@/lib/thoughtmcp/data/emotion-lexicon.json";
import { detectBias, scanText } from "@/lib/thoughtmcp/bias";
import { detectEmotion } from "@/lib/thoughtmcp/emotion";
import { tokenize } from "@/lib/thoughtmcp/text";
import type { WrittenThought } from "@/server/ingest/after-commit";
import { addFindings, emptyRows } from "@/server/services/reasoning/detect-on-write";

const N = Number(process.env.BENCH_DETECTOR_THOUGHTS ?? 20_000);

/** bench:ingest's DETECT_TEXT: every thought stores two findings. */
const WORST =
  "We already invested two years in this cache design, so we cannot abandon it now; I am worried the invalidation " +
  "order is wrong, so check that the write is acknowledged only after the cache entry is gone.";

const RULES = rulesJson.biases.flatMap((b) => b.rules.map((r) => new RegExp(r.pattern, "gi")));
const AFINN = english.labels;
const WORDS = lexiconJson.words as Record<string, unknown>;

/** The baseline: 44 searches over the text, then a token object per word and two lexicon lookups each. */
function baseline(text: string): number {
  let hits = 0;
  for (const rule of RULES) for (const _match of text.matchAll(rule)) hits++;
  for (const token of tokenize(text)) if (WORDS[token.word] !== undefined || AFINN[token.word] !== undefined) hits++;
  return hits;
}

let rows = emptyRows();

/** What the drain does per thought: both detectors, and the findings serialised into the insert's columns. */
function current(text: string): number {
  if (rows.thoughtId.length >= 2_000) rows = emptyRows();
  const before = rows.thoughtId.length;
  addFindings(rows, { projectId: "p", sessionId: "s", thoughtId: "t", text });
  return rows.thoughtId.length - before;
}

/** The second baseline: the same detectors, with an object per finding and JSON.stringify of each answer (the drain
 *  before lib/thoughtmcp/answer-json.ts). */
function objectsAndStringify(text: string): number {
  const t: WrittenThought = { projectId: "p", sessionId: "s", thoughtId: "t", text };
  const found: { kind: string; result: object; componentsUsed: string[] }[] = [];
  const scan = scanText(text);
  const bias = detectBias({ reasoning: text }, scan);
  if (bias.data.biases.length > 0)
    found.push({ ...t, kind: "bias", result: bias.data, componentsUsed: bias.componentsUsed });
  const emotion = detectEmotion({ text, includeDiscrete: true }, scan.words);
  if (emotion.data.discrete?.primary)
    found.push({ ...t, kind: "emotion", result: emotion.data, componentsUsed: emotion.componentsUsed });
  let bytes = 0;
  for (const f of found) bytes += JSON.stringify(f.result).length;
  return bytes;
}

function cpuPer1k(texts: readonly string[], run: (text: string) => number): number {
  let sink = 0;
  for (let i = 0; i < 3_000; i++) sink += run(texts[i % texts.length]!);
  let best = Infinity;
  for (let rep = 0; rep < 5; rep++) {
    const start = process.cpuUsage();
    for (let i = 0; i < N; i++) sink += run(texts[i % texts.length]!);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000 / (N / 1000));
  }
  if (sink < 0) console.log(sink);
  return Math.round(best * 100) / 100;
}

for (const [name, texts] of [
  ["worst_case", [WORST]],
  ["neutral", golden.neutral],
] as const) {
  console.log(
    JSON.stringify({
      scenario: `detectors_${name}`,
      cpu_ms_per_1k: cpuPer1k(texts, current),
      baseline_objects_and_stringify_cpu_ms_per_1k: cpuPer1k(texts, objectsAndStringify),
      baseline_rules_and_tokens_cpu_ms_per_1k: cpuPer1k(texts, baseline),
    }),
  );
}
