// detect_bias: the seed's eight bias types as phrase rules (data/bias-rules.json). Each finding names the spans it
// matched (offsets into the input), a severity and a correction. Method: rules.
import rulesJson from "./data/bias-rules.json";
import { clamp, round2, words } from "./text";
import type { EngineResult } from "./types";
import type { BiasType } from "./vocabulary";

export interface EvidenceSpan {
  start: number;
  end: number;
  text: string;
}

export interface BiasFinding {
  type: BiasType;
  description: string;
  severity: number;
  /** The matched phrases, as the seed lists evidence (strings). */
  evidence: string[];
  /** The same matches with their offsets into `reasoning`, for highlighting. */
  spans: EvidenceSpan[];
  correction: string;
  confidence: number;
}

export interface BiasAnswer {
  biases: BiasFinding[];
  detectionTime: number;
  monitoringActive: boolean;
}

interface CompiledRule {
  regex: RegExp;
  weight: number;
}

interface CompiledBias {
  type: BiasType;
  description: string;
  correction: string;
  rules: CompiledRule[];
}

// Compiled once at module load: 44 expressions.
const COMPILED: CompiledBias[] = rulesJson.biases.map((bias) => ({
  type: bias.type as BiasType,
  description: bias.description,
  correction: bias.correction,
  rules: bias.rules.map((rule) => ({ regex: new RegExp(rule.pattern, "gi"), weight: rule.weight })),
}));

/**
 * The words a match of `pattern` can begin with, read from the pattern: every rule starts with `\b` and a word made
 * of letters, optional letters (`s?`) and groups of such words (`(ed|ing)?`, `(first|initial)`); "digit" for a rule
 * that starts with a number (`\d+`); null when the start is anything else (such a rule is always run).
 */
export function firstWords(pattern: string): Set<string> | "digit" | null {
  if (!pattern.startsWith("\\b")) return null;
  if (pattern.startsWith("\\b\\d")) return "digit";
  const parsed = wordStarts(pattern, 2, false);
  if (!parsed || parsed.open.length > 0) return null;
  return new Set(parsed.done.filter((w) => w.length > 0));
}

/** Word prefixes a sequence can spell: `done` ended at a word's end (space, `\b`, end), `open` may go on. */
interface Starts {
  done: string[];
  open: string[];
  end: number;
}

/** Reads a sequence from `i` up to `)` or `|` (inGroup) or the end; null for anything a word cannot be read from. */
function wordStarts(p: string, i: number, inGroup: boolean): Starts | null {
  const done: string[] = [];
  let open = [""];
  while (i < p.length && open.length > 0) {
    const c = p[i]!;
    if (inGroup && (c === ")" || c === "|")) break;
    if (c === " " || p.startsWith("\\b", i)) {
      done.push(...open);
      open = [];
      break;
    }
    let options: Starts;
    if (/[a-z']/i.test(c)) {
      options = { done: [], open: [c.toLowerCase()], end: i + 1 };
    } else if (c === "(") {
      const group = alternatives(p, i + 1);
      if (!group) return null;
      options = group;
    } else return null;
    i = options.end;
    const optional = p[i] === "?";
    if (optional) i++;
    const next: string[] = optional ? [...open] : [];
    for (const prefix of open) {
      for (const w of options.done) done.push(prefix + w);
      for (const w of options.open) next.push(prefix + w);
    }
    open = next;
    if (open.length > 200) return null;
  }
  // Past a finished word the rest of the group is not part of it; find where the group ends.
  if (inGroup) {
    let depth = 0;
    while (i < p.length && !(depth === 0 && (p[i] === ")" || p[i] === "|"))) {
      if (p[i] === "\\") i++;
      else if (p[i] === "(") depth++;
      else if (p[i] === ")") depth--;
      i++;
    }
  } else if (i >= p.length) {
    done.push(...open);
    open = [];
  }
  return { done, open, end: i };
}

/** `(a|b|…)` from just after the `(`: the union of its alternatives; `end` is just after the `)`. */
function alternatives(p: string, i: number): Starts | null {
  const union: Starts = { done: [], open: [], end: i };
  for (;;) {
    const alt = wordStarts(p, i, true);
    if (!alt) return null;
    union.done.push(...alt.done);
    union.open.push(...alt.open);
    i = alt.end;
    if (p[i] === ")") return { ...union, end: i + 1 };
    if (p[i] !== "|") return null;
    i++;
  }
}

/** Rule positions [bias, rule] by the words a match can begin with; rules with no such words run on every text. */
/** Every rule once, with a sticky copy of its expression to try at one offset. */
const FLAT = COMPILED.flatMap((bias, b) =>
  bias.rules.map((rule, r) => ({
    bias: b,
    weight: rule.weight,
    sticky: new RegExp(rulesJson.biases[b]!.rules[r]!.pattern, "iy"),
    global: rule.regex,
  })),
);
/** Rules (indexes into FLAT) by the words a match can begin with; rules with no such word run over every text. */
const BY_FIRST_WORD = new Map<string, number[]>();
const ON_DIGIT: number[] = [];
const ALWAYS: number[] = [];
let k = 0;
for (const bias of rulesJson.biases) {
  for (const rule of bias.rules) {
    const first = firstWords(rule.pattern);
    if (first === null) ALWAYS.push(k);
    else if (first === "digit") ON_DIGIT.push(k);
    else for (const word of first) BY_FIRST_WORD.set(word, [...(BY_FIRST_WORD.get(word) ?? []), k]);
    k++;
  }
}

const D0 = 48,
  D9 = 57;

/** Where each rule's next match may start (per call; reset at its start): a global search resumes after a match. */
const resumeAt = new Int32Array(FLAT.length);

/** A text split by text.ts `words`, with the offsets of its words. */
export interface Scan {
  words: string[];
  starts: number[];
}

export function scanText(text: string): Scan {
  const starts: number[] = [];
  return { words: words(text, starts), starts };
}

/**
 * Every match of every rule, as one global search per rule would find them, but each rule tried only where a word it
 * can begin with stands (one Map lookup per word, then a sticky match at that offset) instead of 44 expressions run
 * over every text. A rule's match begins at a word boundary with a word the pattern spells, so it begins at a word
 * of `scan`, or after an apostrophe inside one ("yesterday's" for "yesterday('s)?"), which is looked up by its parts.
 */
function matchRules(text: string, scan: Scan): Match[] {
  resumeAt.fill(0);
  const found: Match[] = [];
  for (const i of ALWAYS) {
    const { global } = FLAT[i]!;
    global.lastIndex = 0;
    for (let match = global.exec(text); match; match = global.exec(text)) found.push({ rule: FLAT[i]!, match });
  }
  const { words, starts } = scan;
  for (let w = 0; w < words.length; w++) {
    const word = words[w]!;
    const at = starts[w]!;
    tryAt(text, BY_FIRST_WORD.get(word), at, found);
    const c = word.charCodeAt(0);
    if (c >= D0 && c <= D9) tryAt(text, ON_DIGIT, at, found);
    if (word.includes("'")) {
      const parts = word.split("'");
      let from = at;
      for (let i = 0; i < parts.length; i++) {
        for (let j = i + 1; j <= parts.length; j++)
          tryAt(text, BY_FIRST_WORD.get(parts.slice(i, j).join("'")), from, found);
        from += parts[i]!.length + 1;
      }
    }
  }
  return found;
}

interface Match {
  rule: (typeof FLAT)[number];
  match: RegExpExecArray;
}

// A module-level function, not a closure inside matchRules: the server runs under tsx, whose keepNames wraps every
// named closure in a __name() call each time it is created (~8 % of a detector run in a CPU profile).
function tryAt(text: string, rules: readonly number[] | undefined, at: number, found: Match[]): void {
  if (!rules) return;
  for (const i of rules) {
    if (at < resumeAt[i]!) continue;
    const rule = FLAT[i]!;
    rule.sticky.lastIndex = at;
    const match = rule.sticky.exec(text);
    if (!match) continue;
    resumeAt[i] = at + Math.max(1, match[0].length);
    found.push({ rule, match });
  }
}

export interface BiasInput {
  reasoning: string;
  monitorContinuously?: boolean;
}

/** `scan`: the text's words (scanText) when the caller has them already (the detectors on every thought). */
export function detectBias(input: BiasInput, scan: Scan = scanText(input.reasoning)): EngineResult<BiasAnswer> {
  const started = performance.now();
  const biases: BiasFinding[] = [];
  const spansOf: (EvidenceSpan[] | undefined)[] = [];
  const strongest: number[] = [];
  for (const { rule, match } of matchRules(input.reasoning, scan)) {
    (spansOf[rule.bias] ??= []).push({ start: match.index, end: match.index + match[0].length, text: match[0] });
    strongest[rule.bias] = Math.max(strongest[rule.bias] ?? 0, rule.weight);
  }
  for (let b = 0; b < COMPILED.length; b++) {
    const bias = COMPILED[b]!;
    const spans = spansOf[b];
    if (!spans) continue;
    spans.sort((x, y) => x.start - y.start);
    biases.push({
      type: bias.type,
      description: bias.description,
      severity: round2(clamp(strongest[b]! + 0.1 * (spans.length - 1), 0, 1)),
      evidence: spans.map((s) => s.text),
      spans,
      correction: bias.correction,
      // One phrase is suggestive; three or more agreeing phrases make the finding fairly certain.
      confidence: round2(clamp(0.55 + 0.15 * (spans.length - 1), 0, 0.95)),
    });
  }
  biases.sort((a, b) => b.severity - a.severity);
  return {
    data: {
      biases,
      detectionTime: round2(performance.now() - started),
      // Continuous monitoring is a session setting in thoughtgraph (the detectors run on every thought when the
      // project turns them on); a single call reports whether the caller asked for it.
      monitoringActive: input.monitorContinuously === true,
    },
    componentsUsed: ["rules"],
  };
}
