// Scoring rubrics (score configs) and scores, shared by REST, tRPC and the browser: what a config may be, what a
// score must say, and the pure check of a value against its config (validateScoreValue), which names `value` and
// says what the config allows.
import { z } from "zod";
import { coerceBoolean, coerceNumber, opt } from "./coerce";
import type { FieldProblem } from "./errors";
import type { ParseResult } from "./parse";
import type { AgreementReport, Distribution } from "../stats/agreement";
import { describeScoreRule, MAX_TEXT_SCORE_CHARS, SCORE_TYPES, showNumber as show } from "./zod-free";

export { describeScoreRule, MAX_TEXT_SCORE_CHARS, SCORE_TYPES } from "./zod-free";

export type ScoreType = (typeof SCORE_TYPES)[number];

/** Characters in a config's name; names are typed by people and sent by evaluators as `name`. */
export const MAX_SCORE_NAME_CHARS = 100;
/** Labels of a categorical config. The review screen scores with number keys, so long lists are already awkward. */
export const MAX_SCORE_CATEGORIES = 50;
/** Characters in one category label. */
export const MAX_CATEGORY_LABEL_CHARS = 100;
/** Characters in what one category label means. */
export const MAX_CATEGORY_DESCRIPTION_CHARS = 500;
/** Characters in a config's description. */
export const MAX_SCORE_DESCRIPTION_CHARS = 2_000;

/** Who wrote a score: a person, an API key (an evaluator), one of the project's judges, or the agent itself. */
export const SCORE_SOURCES = ["user", "key", "judge", "agent"] as const;
export type ScoreSource = (typeof SCORE_SOURCES)[number];

const text = (field: string, max: number, example: string, required = false) =>
  z
    .string({ error: `${field} must be a string | e.g. ${field}: ${example}.` })
    .trim()
    .min(1, {
      error: required
        ? `${field} must not be empty | e.g. ${field}: ${example}.`
        : `${field} must not be empty | Leave ${field} out instead of sending an empty string.`,
    })
    .max(max, { error: `${field} must be at most ${max} characters | Shorten it.` });
const finite = (field: string, example: string) =>
  z.preprocess(coerceNumber, z.number({ error: `${field} must be a number | e.g. ${field}: ${example}.` }));

// ---- score configs ----

/** A label of a categorical config, its value, and what it means (shown to reviewers beside the form). */
export const ZScoreCategory = z.object({ label: z.string(), value: z.number(), description: z.string().optional() });
export type ScoreCategory = z.infer<typeof ZScoreCategory>;

const ZCategoryInput = z.union(
  [
    text("categories[]", MAX_CATEGORY_LABEL_CHARS, '"good"', true),
    z.strictObject({
      label: text("categories[].label", MAX_CATEGORY_LABEL_CHARS, '"good"', true),
      value: opt(finite("categories[].value", "1")),
      description: opt(
        text("categories[].description", MAX_CATEGORY_DESCRIPTION_CHARS, '"the answer is right and complete"'),
      ),
    }),
  ],
  {
    error:
      'categories[] must be a label or {label, value, description} | e.g. categories: ["bad", "ok", "good"] or ' +
      '[{"label": "bad", "value": 0}, {"label": "good", "value": 1}].',
  },
);

/** A new score config (and the full replacement when editing one that no score uses yet). */
export const ZScoreConfigInput = z
  .strictObject({
    name: text("name", MAX_SCORE_NAME_CHARS, '"correctness"', true),
    type: z.enum(SCORE_TYPES, { error: "type must be numeric, categorical, boolean or text" }),
    min: opt(finite("min", "0")),
    max: opt(finite("max", "1")),
    step: opt(
      finite("step", "0.5").refine((s) => s > 0, {
        error: "step must be greater than 0 | e.g. step: 1 for whole numbers, or leave it out for any value.",
      }),
    ),
    categories: opt(
      z
        .array(ZCategoryInput, { error: 'categories must be an array of labels | e.g. ["bad", "ok", "good"].' })
        .max(MAX_SCORE_CATEGORIES, { error: `categories may hold at most ${MAX_SCORE_CATEGORIES} labels` }),
    ),
    description: opt(text("description", MAX_SCORE_DESCRIPTION_CHARS, '"Is the final answer right?"')),
  })
  .superRefine((c, ctx) => {
    const problem = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
    if (c.type !== "numeric") {
      for (const f of ["min", "max", "step"] as const) {
        if (c[f] !== undefined) problem(f, `${f} applies only to numeric configs | Leave ${f} out for ${c.type}.`);
      }
    }
    if (c.type !== "categorical" && c.categories !== undefined) {
      problem("categories", `categories apply only to categorical configs | Leave categories out for ${c.type}.`);
    }
    if (c.type === "numeric") {
      if (c.min !== undefined && c.max !== undefined && !(c.min < c.max)) {
        problem("max", `max must be greater than min (min is ${c.min}, max is ${c.max}) | e.g. min: 1, max: 5.`);
      } else if (c.step !== undefined && c.min !== undefined && c.max !== undefined && c.step > c.max - c.min) {
        problem("step", `step must be at most max − min (${c.max - c.min}) | e.g. step: 1.`);
      }
    }
    // Refinements also run when another field already failed; only look at categories that parsed.
    if (c.type === "categorical" && (c.categories === undefined || Array.isArray(c.categories))) {
      const labels = (c.categories ?? []).map((x) => (typeof x === "string" ? x : x.label));
      const distinct = new Set(labels.map((l) => l.toLowerCase()));
      if (distinct.size < 2) {
        problem(
          "categories",
          'categories must hold at least 2 distinct labels | e.g. categories: ["bad", "ok", "good"].',
        );
      } else if (distinct.size < labels.length) {
        const seen = new Set<string>();
        const twice = labels.find((l) => (seen.has(l.toLowerCase()) ? true : (seen.add(l.toLowerCase()), false)));
        problem("categories", `categories must have distinct labels; "${twice}" appears twice (case is ignored).`);
      } else {
        const values = normaliseCategories(c.categories ?? []).map((x) => x.value);
        if (new Set(values).size < values.length) {
          problem("categories", "categories must have distinct values | Give each label its own value, or none.");
        }
      }
    }
  })
  .transform((c) => ({
    ...c,
    ...(c.categories !== undefined ? { categories: normaliseCategories(c.categories) } : {}),
  }));
export type ScoreConfigInput = z.infer<typeof ZScoreConfigInput>;

/** Labels given as strings get their position (0, 1, 2, …) as value, so the order of the labels is their order. */
function normaliseCategories(
  input: (string | { label: string; value?: number | undefined; description?: string | undefined })[],
): ScoreCategory[] {
  return input.map((c, i) =>
    typeof c === "string"
      ? { label: c, value: i }
      : { label: c.label, value: c.value ?? i, ...(c.description ? { description: c.description } : {}) },
  );
}

export const ZListScoreConfigsQuery = z.object({
  includeArchived: opt(z.preprocess(coerceBoolean, z.boolean({ error: "includeArchived must be true or false" }))),
});
export type ListScoreConfigsQuery = z.infer<typeof ZListScoreConfigsQuery>;

export const ZScoreConfigView = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(SCORE_TYPES),
  min: z.number().nullable(),
  max: z.number().nullable(),
  step: z.number().nullable(),
  categories: z.array(ZScoreCategory).nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  archivedAt: z.string().nullable(),
  /** Scores that use it; a config with scores is archived, never edited. */
  scoreCount: z.number().int(),
});
export type ScoreConfigView = z.infer<typeof ZScoreConfigView>;

export const ZScoreConfigList = z.object({ configs: z.array(ZScoreConfigView) });

// ---- scores ----

/** A score on a thought or a whole session, by config name (or id). `value` is checked against the config. */
export const ZScoreInput = z
  .strictObject({
    thoughtId: opt(text("thoughtId", 200, '"0199…"')),
    sessionId: opt(text("sessionId", 200, '"0199…"')),
    name: opt(text("name", MAX_SCORE_NAME_CHARS, '"correctness"')),
    configId: opt(text("configId", 200, '"0199…"')),
    // Required, but checked below so the message can say what a value looks like.
    value: z.unknown().optional(),
    comment: opt(
      z
        .string({ error: "comment must be a string" })
        .max(MAX_TEXT_SCORE_CHARS, { error: `comment must be at most ${MAX_TEXT_SCORE_CHARS} characters` }),
    ),
  })
  .superRefine((s, ctx) => {
    const problem = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
    if (s.thoughtId === undefined && s.sessionId === undefined) {
      problem(
        "thoughtId",
        "thoughtId or sessionId is required | Score a thought by thoughtId, a session by sessionId.",
      );
    } else if (s.thoughtId !== undefined && s.sessionId !== undefined) {
      problem("sessionId", "Send thoughtId or sessionId, not both | A score has one target.");
    }
    if (s.name === undefined && s.configId === undefined) {
      problem("name", "name is required | The score config's name; GET /api/v1/score-configs lists them.");
    } else if (s.name !== undefined && s.configId !== undefined) {
      problem("configId", "Send name or configId, not both | Either names one score config.");
    }
    if (s.value === undefined || s.value === null) {
      problem("value", 'value is required | e.g. value: 4, value: "good", value: true or value: "text".');
    }
  });
export type ScoreInput = z.infer<typeof ZScoreInput>;

/** A judge's part in a score (ZScoreView.judge): who judged, with what, at what cost. Its rationale is the score's
 *  comment. */
export const ZScoreJudge = z.object({
  judgeId: z.string(),
  name: z.string(),
  model: z.string(),
  runId: z.string(),
  /** 0–1 as the model stated it. */
  confidence: z.number().nullable(),
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  /** US dollars from the connection's prices; null when it has none. */
  costUsd: z.number().nullable(),
  latencyMs: z.number().int(),
});
export type ScoreJudge = z.infer<typeof ZScoreJudge>;

export const ZScoreView = z.object({
  id: z.string(),
  configId: z.string(),
  /** The config's name and type, so a reader needs no second request. */
  name: z.string(),
  type: z.enum(SCORE_TYPES),
  sessionId: z.string(),
  /** null: the score is on the whole session. */
  thoughtId: z.string().nullable(),
  /** numeric: the value; categorical: the category's value; boolean: 1 or 0; text: null. */
  value: z.number().nullable(),
  /** categorical: the label; boolean: "true" or "false"; text: the text; numeric: null. */
  stringValue: z.string().nullable(),
  comment: z.string().nullable(),
  source: z.enum(SCORE_SOURCES),
  /** "user:<id>", "key:<apiKeyId>", "judge:<judgeId>" or "agent": one score per config × target × authorKey. */
  authorKey: z.string(),
  authorId: z.string().nullable(),
  /** The person's name (or email) when a person scored. */
  authorName: z.string().nullable(),
  apiKeyId: z.string().nullable(),
  /** Set when a judge gave the score (source "judge"); its rationale is `comment`. */
  judge: ZScoreJudge.nullable().default(null),
  /** Who scored, in words: a person's name, `API key <name> (<prefix>…)` for an evaluator or judge, or `the agent`.
   *  Filled by the exports; other reads leave it out. */
  authorLabel: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScoreView = z.infer<typeof ZScoreView>;

/** One config's scores within a session (all its thoughts and the session itself), for the sessions list. */
export const ZScoreSummary = z.object({
  configId: z.string(),
  name: z.string(),
  type: z.enum(SCORE_TYPES),
  count: z.number().int(),
  /** The average of `value` (numeric; category values; the share of true for boolean); null for text. */
  mean: z.number().nullable(),
});
export type ScoreSummary = z.infer<typeof ZScoreSummary>;

// ---- checking a value against its config ----

/** The parts of a config that decide which values it takes. */
export interface ScoreRule {
  name: string;
  type: ScoreType;
  min: number | null;
  max: number | null;
  step: number | null;
  categories: ScoreCategory[] | null;
}

/** A value as stored: see ZScoreView's `value` and `stringValue`. */
export interface StoredScoreValue {
  value: number | null;
  stringValue: string | null;
}

/** Whether `value` is allowed by the config, and how it is stored; otherwise why not, naming `value`. Pure. */
export function validateScoreValue(rule: ScoreRule, value: unknown): ParseResult<StoredScoreValue> {
  const allowed = describeScoreRule(rule);
  const refuse = (got: string, suggestion?: string): ParseResult<StoredScoreValue> => {
    const problem: FieldProblem = {
      field: "value",
      message: `value must be ${allowed} for "${rule.name}"; got ${got}.`,
      ...(suggestion !== undefined ? { suggestion } : {}),
    };
    return { ok: false, problem };
  };
  const got = gotText(value);
  switch (rule.type) {
    case "numeric": {
      const n = coerceNumber(value);
      if (typeof n !== "number" || !Number.isFinite(n)) return refuse(got, "Send a JSON number, e.g. value: 3.");
      if (rule.min !== null && n < rule.min) return refuse(got, `The lowest allowed value is ${show(rule.min)}.`);
      if (rule.max !== null && n > rule.max) return refuse(got, `The highest allowed value is ${show(rule.max)}.`);
      if (rule.step !== null) {
        const base = rule.min ?? 0;
        const k = (n - base) / rule.step;
        // Floating point: 0.3 / 0.1 is 2.9999999999999996, which is on the grid.
        if (Math.abs(k - Math.round(k)) > 1e-9 * Math.max(1, Math.abs(k))) {
          const near = base + Math.round(k) * rule.step;
          return refuse(got, `Round it to the grid, e.g. ${show(near)}.`);
        }
      }
      return { ok: true, value: { value: n, stringValue: null } };
    }
    case "categorical": {
      const categories = rule.categories ?? [];
      const label = typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : null;
      if (label === null) return refuse(got, "Send the label as a string.");
      const match =
        categories.find((c) => c.label === label) ??
        uniqueMatch(categories.filter((c) => c.label.toLowerCase() === label.toLowerCase()));
      if (!match) return refuse(got, "Labels are listed by GET /api/v1/score-configs.");
      return { ok: true, value: { value: match.value, stringValue: match.label } };
    }
    case "boolean": {
      const b = coerceBoolean(value);
      if (typeof b !== "boolean") return refuse(got, 'Send a JSON boolean, or the string "true" or "false".');
      return { ok: true, value: { value: b ? 1 : 0, stringValue: b ? "true" : "false" } };
    }
    case "text": {
      if (typeof value !== "string" || value.trim() === "") return refuse(got, "Send the judgement as a string.");
      if (value.length > MAX_TEXT_SCORE_CHARS) {
        return refuse(`${value.length} characters`, "Shorten it, or put the detail in `comment`.");
      }
      return { ok: true, value: { value: null, stringValue: value } };
    }
  }
}

const uniqueMatch = (matches: ScoreCategory[]) => (matches.length === 1 ? matches[0] : undefined);

function gotText(value: unknown): string {
  if (typeof value === "string")
    return value.length > 60 ? `a ${value.length}-character string` : JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === null || value === undefined) return "nothing";
  return Array.isArray(value) ? "an array" : "an object";
}

// ---- the review dashboard's views (tRPC) ----

/** The single-user dashboard's author key (no accounts yet). */
export const LOCAL_AUTHOR_KEY = "user:local";

/** A score with who gave it in words ("you", "API key judge (tg_ab12…)"), and whether it is the viewer's own. */
export interface ReviewScore extends ScoreView {
  authorLabel: string;
  mine: boolean;
}

/** A session's scores for the review screen; the agent's self-scores (Thought.score) come apart from them. */
export interface SessionReviewScores {
  scores: ReviewScore[];
  /** Thoughts the agent scored itself (0..1), by thought id. */
  agentSelfScores: { thoughtId: string; score: number }[];
}

/** What a graph node shows: how many scores its thought has, and the mean of the first numeric config's. */
export interface ThoughtScoreChip {
  thoughtId: string;
  count: number;
  /** Mean of `meanOf` (the numeric config most used in this session) on this thought; null when it has none. */
  mean: number | null;
}

export interface ThoughtScoreChips {
  /** The numeric config whose mean the chips show, if any. */
  meanOf: { id: string; name: string } | null;
  chips: ThoughtScoreChip[];
}

/** Agreement among the reviewers of one config (lib/stats/agreement.ts), with the reviewers named in words. */
export interface ConfigAgreement {
  config: ScoreConfigView;
  /** Author key → words ("you", "API key judge (tg_ab12…)"). */
  raterLabels: Record<string, string>;
  /** Null for text configs: free text has no agreement statistic. */
  report: AgreementReport | null;
  distribution: Distribution | null;
  /** Scores of this config in the project, every author. */
  scoreCount: number;
}
