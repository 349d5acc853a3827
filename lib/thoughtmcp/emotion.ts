// detect_emotion: valence from AFINN-165 (npm `sentiment`, MIT), arousal, dominance and the seed's 11 discrete
// emotions from our own lexicon (data/emotion-lexicon.json). Negators within 3 words flip and halve a word; an
// intensifier just before a word scales it. Method: lexicon.
// The language pack, not labels.json itself: tsx (which runs the production server) turns an imported JSON object's
// keys into named exports, and AFINN has the word "await", a reserved word in a module, so the server would not start.
// The pack loads the JSON through CommonJS `require`, which every bundler and Node handle.
import english from "sentiment/languages/en/index.js";

import lexiconJson from "./data/emotion-lexicon.json";
import { clamp, round2, tokenize } from "./text";
import type { EngineResult } from "./types";
import { DISCRETE_EMOTIONS, type DiscreteEmotion } from "./vocabulary";

interface LexiconEntry {
  a: number;
  d: number;
  e: string[];
  v?: number;
}

const AFINN = english.labels;
const WORDS = lexiconJson.words as Record<string, LexiconEntry>;
const NEGATORS = new Set(lexiconJson.negators);
const INTENSIFIERS = lexiconJson.intensifiers as Record<string, number>;
const NEGATION_WINDOW = lexiconJson.negationWindow;
/** A negated word keeps half its weight with the sign flipped: "not happy" is milder than "sad" (VADER uses 0.74). */
const NEGATION_FACTOR = -0.5;
/** VADER's normalisation x / sqrt(x² + α) with α = 15 maps an AFINN sum onto (-1, 1); one "good" (+3) gives 0.61. */
const NORMALISE_ALPHA = 15;
/** Arousal of a text with no affect word: a calm, matter-of-fact statement. */
const NEUTRAL_AROUSAL = 0.3;

export interface EmotionScore {
  emotion: DiscreteEmotion;
  score: number;
  intensity: "low" | "moderate" | "high";
}

export interface EmotionAnswer {
  circumplex: { valence: number; arousal: number; dominance: number; confidence: number };
  discrete?: { primary: DiscreteEmotion | null; emotions: EmotionScore[]; confidence: number };
  detectionTime: number;
}

export interface EmotionInput {
  text: string;
  includeDiscrete?: boolean;
}

function intensity(score: number): EmotionScore["intensity"] {
  if (score >= 0.6) return "high";
  if (score >= 0.3) return "moderate";
  return "low";
}

export function detectEmotion(input: EmotionInput): EngineResult<EmotionAnswer> {
  const started = performance.now();
  const tokens = tokenize(input.text);
  let valenceSum = 0;
  const arousal: number[] = [];
  const dominance: number[] = [];
  const raw = new Map<DiscreteEmotion, number>();
  let affectWords = 0;

  tokens.forEach((token, i) => {
    const entry = WORDS[token.word];
    const afinn = AFINN[token.word];
    if (entry === undefined && afinn === undefined) return;
    affectWords++;
    const before = tokens[i - 1]?.word;
    const scale = before !== undefined ? (INTENSIFIERS[before] ?? 1) : 1;
    let negated = false;
    for (let j = Math.max(0, i - NEGATION_WINDOW); j < i; j++) if (NEGATORS.has(tokens[j]!.word)) negated = true;
    const sign = negated ? NEGATION_FACTOR : 1;
    valenceSum += (afinn ?? entry?.v ?? 0) * scale * sign;
    if (entry) {
      arousal.push(clamp(entry.a * (scale > 1 ? 1.15 : scale < 1 ? 0.85 : 1), 0, 1));
      dominance.push(entry.d * sign);
      // A negated emotion word says the emotion is absent, so it adds to no discrete emotion.
      if (!negated)
        for (const e of entry.e) raw.set(e as DiscreteEmotion, (raw.get(e as DiscreteEmotion) ?? 0) + scale);
    } else {
      // AFINN-only words: stronger words are more activating (|5| → 0.7, |1| → 0.38).
      arousal.push(0.3 + (Math.abs(afinn!) / 5) * 0.4);
    }
  });

  const exclamations = Math.min(3, (input.text.match(/!/g) ?? []).length);
  const meanArousal = arousal.length ? arousal.reduce((s, x) => s + x, 0) / arousal.length : NEUTRAL_AROUSAL;
  const meanDominance = dominance.length ? dominance.reduce((s, x) => s + x, 0) / dominance.length : 0;
  const coverage = affectWords === 0 ? 0.3 : Math.min(0.95, 0.45 + 0.15 * affectWords);

  const answer: EmotionAnswer = {
    circumplex: {
      valence: round2(valenceSum / Math.sqrt(valenceSum * valenceSum + NORMALISE_ALPHA)),
      arousal: round2(clamp(meanArousal + 0.05 * exclamations, 0, 1)),
      dominance: round2(clamp(meanDominance, -1, 1)),
      confidence: round2(coverage),
    },
    detectionTime: 0,
  };

  if (input.includeDiscrete !== false) {
    // score = s / (s + 0.5): one plain word gives 0.67, an intensified one 0.75, two words 0.8.
    const emotions = [...raw.entries()]
      .map(([emotion, s]) => ({ emotion, score: round2(s / (s + 0.5)), intensity: intensity(s / (s + 0.5)) }))
      .sort((x, y) => y.score - x.score || DISCRETE_EMOTIONS.indexOf(x.emotion) - DISCRETE_EMOTIONS.indexOf(y.emotion));
    const top = emotions[0];
    const second = emotions[1];
    answer.discrete = {
      primary: top?.emotion ?? null,
      emotions,
      // A clear winner is more certain than a tie; no emotion word at all is the least certain answer.
      confidence: round2(top ? clamp(0.5 + (top.score - (second?.score ?? 0)) * 0.6, 0, 0.95) : 0.2),
    };
  }
  answer.detectionTime = round2(performance.now() - started);
  return { data: answer, componentsUsed: ["lexicon"] };
}
