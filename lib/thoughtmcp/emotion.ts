// detect_emotion: valence from AFINN-165 (npm `sentiment`, MIT), arousal, dominance and the seed's 11 discrete
// emotions from our own lexicon (data/emotion-lexicon.json). Negators within 3 words flip and halve a word; an
// intensifier just before a word scales it. Method: lexicon.
// The language pack, not labels.json itself: tsx (which runs the production server) turns an imported JSON object's
// keys into named exports, and AFINN has the word "await", a reserved word in a module, so the server would not start.
// The pack loads the JSON through CommonJS `require`, which every bundler and Node handle.
import english from "sentiment/languages/en/index.js";

import lexiconJson from "./data/emotion-lexicon.json";
import { clamp, round2, words } from "./text";
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
const NEGATION_WINDOW = lexiconJson.negationWindow;

/** Everything the lexicons say about one word, merged into one Map at load so a token costs one lookup. */
interface WordInfo {
  entry?: LexiconEntry;
  afinn?: number;
  negator: boolean;
  /** The scale this word gives the word after it (1 when it is no intensifier). */
  scale: number;
}

const LEXICON = new Map<string, WordInfo>();
const info = (word: string) => {
  let found = LEXICON.get(word);
  if (!found) LEXICON.set(word, (found = { negator: false, scale: 1 }));
  return found;
};
for (const [word, entry] of Object.entries(WORDS)) info(word).entry = entry;
for (const [word, score] of Object.entries(AFINN)) info(word).afinn = score;
for (const word of lexiconJson.negators) info(word).negator = true;
for (const [word, scale] of Object.entries(lexiconJson.intensifiers)) info(word).scale = scale;

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

/** `tokens`: the text's words (text.ts `words`) when the caller has them already (the detectors on every thought). */
export function detectEmotion(
  input: EmotionInput,
  tokens: readonly string[] = words(input.text),
): EngineResult<EmotionAnswer> {
  const started = performance.now();
  let valenceSum = 0;
  let arousalSum = 0;
  let dominanceSum = 0;
  let lexiconWords = 0;
  const raw = new Map<DiscreteEmotion, number>();
  let affectWords = 0;
  let lastNegator = -Infinity;
  let scale = 1;

  for (let i = 0; i < tokens.length; i++) {
    const word = LEXICON.get(tokens[i]!);
    // The word before sets the scale; a negator within NEGATION_WINDOW words before flips it.
    const before = scale;
    const negated = i - lastNegator <= NEGATION_WINDOW;
    scale = word?.scale ?? 1;
    if (word === undefined) continue;
    if (word.negator) lastNegator = i;
    const { entry, afinn } = word;
    if (entry === undefined && afinn === undefined) continue;
    affectWords++;
    const sign = negated ? NEGATION_FACTOR : 1;
    valenceSum += (afinn ?? entry?.v ?? 0) * before * sign;
    if (entry) {
      lexiconWords++;
      arousalSum += clamp(entry.a * (before > 1 ? 1.15 : before < 1 ? 0.85 : 1), 0, 1);
      dominanceSum += entry.d * sign;
      // A negated emotion word says the emotion is absent, so it adds to no discrete emotion.
      if (!negated)
        for (const e of entry.e) raw.set(e as DiscreteEmotion, (raw.get(e as DiscreteEmotion) ?? 0) + before);
    } else {
      // AFINN-only words: stronger words are more activating (|5| → 0.7, |1| → 0.38).
      arousalSum += 0.3 + (Math.abs(afinn!) / 5) * 0.4;
    }
  }

  let exclamations = 0;
  for (let at = input.text.indexOf("!"); at >= 0 && exclamations < 3; at = input.text.indexOf("!", at + 1))
    exclamations++;
  const meanArousal = affectWords ? arousalSum / affectWords : NEUTRAL_AROUSAL;
  const meanDominance = lexiconWords ? dominanceSum / lexiconWords : 0;
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
