// Judges, shared by REST, tRPC and the browser: model connections (where a judge's calls go), judges (which config
// they fill, how they are prompted), runs (what to judge, and how it went) and the project's daily budget. Inputs are
// strict zod schemas whose messages name the field; views are what the server answers.
import { z } from "zod";
import { coerceBoolean, coerceNumber, opt } from "./coerce";
import { ZQueueFilter } from "./queues";
import { SCORE_TYPES } from "./zod-free";
import { JUDGE_TARGETS, MAX_TEMPLATE_CHARS } from "../judges/template";
import type { AlphaStat } from "../stats/agreement";
import type { PairComparison, TrendPoint, WithInterval } from "../stats/judge-agreement";

export { JUDGE_TARGETS } from "../judges/template";

import { MAX_CONNECTION_CONCURRENCY, MODEL_PROVIDERS, TIMEOUT_RANGE_MS } from "./zod-free";

export {
  DEFAULT_CONNECTION_CONCURRENCY,
  MAX_CONNECTION_CONCURRENCY,
  MODEL_PROVIDERS,
  TIMEOUT_RANGE_MS,
  type ModelProvider,
} from "./zod-free";
const MAX_NAME_CHARS = 100;
const MAX_URL_CHARS = 2_000;
const MAX_API_KEY_CHARS = 4_000;
const MAX_MODEL_CHARS = 200;

const id = (field: string) =>
  z
    .string({ error: `${field} must be a string | e.g. ${field}: "0199…".` })
    .trim()
    .min(1, { error: `${field} must not be empty` })
    .max(200, { error: `${field} must be at most 200 characters` });

const name = (field: string, example: string) =>
  z
    .string({ error: `${field} must be a string | e.g. ${field}: ${example}.` })
    .trim()
    .min(1, { error: `${field} must not be empty | e.g. ${field}: ${example}.` })
    .max(MAX_NAME_CHARS, { error: `${field} must be at most ${MAX_NAME_CHARS} characters` });

const integer = (field: string, min: number, max: number) =>
  z.preprocess(
    coerceNumber,
    z
      .number({ error: `${field} must be a whole number from ${min} to ${max}` })
      .int({ error: `${field} must be a whole number from ${min} to ${max}` })
      .min(min, { error: `${field} must be at least ${min}` })
      .max(max, { error: `${field} must be at most ${max}` }),
  );

const price = (field: string) =>
  z.preprocess(
    coerceNumber,
    z
      .number({ error: `${field} must be a number of US dollars per million tokens | e.g. ${field}: 2.5.` })
      .min(0, { error: `${field} must not be negative` })
      .max(10_000, { error: `${field} must be at most 10000` }),
  );

const flag = (field: string) => z.preprocess(coerceBoolean, z.boolean({ error: `${field} must be true or false` }));

const ZBaseUrl = z
  .string({ error: 'baseUrl must be a string | e.g. baseUrl: "http://127.0.0.1:11434/v1".' })
  .trim()
  .max(MAX_URL_CHARS, { error: `baseUrl must be at most ${MAX_URL_CHARS} characters` })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === "http:" || u.protocol === "https:") && u.username === "" && u.password === "";
      } catch {
        return false;
      }
    },
    {
      error:
        'baseUrl must be an http or https URL without credentials | e.g. "https://api.example.com/v1"; send a key as apiKey.',
    },
  );

const ZApiKey = z
  .string({ error: "apiKey must be a string" })
  .trim()
  .min(1, { error: "apiKey must not be empty | Leave it out for an endpoint that needs no key." })
  .max(MAX_API_KEY_CHARS, { error: `apiKey must be at most ${MAX_API_KEY_CHARS} characters` });

const connectionFields = {
  name: name("name", '"local llama"'),
  provider: z.enum(MODEL_PROVIDERS, { error: "provider must be openai-compatible, openai or anthropic" }),
  baseUrl: opt(ZBaseUrl),
  /** Write-only: stored encrypted, never answered. */
  apiKey: opt(ZApiKey),
  /** Allow a private or loopback address (a local model server). Off by default. */
  allowPrivateNetwork: opt(flag("allowPrivateNetwork")),
  maxConcurrency: opt(integer("maxConcurrency", 1, MAX_CONNECTION_CONCURRENCY)),
  timeoutMs: opt(integer("timeoutMs", TIMEOUT_RANGE_MS.min, TIMEOUT_RANGE_MS.max)),
  inputPricePerMTok: opt(price("inputPricePerMTok")),
  outputPricePerMTok: opt(price("outputPricePerMTok")),
};

export const ZConnectionInput = z.strictObject(connectionFields).superRefine((c, ctx) => {
  if (c.provider === "openai-compatible" && c.baseUrl === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["baseUrl"],
      message:
        'baseUrl is required for an openai-compatible endpoint | e.g. "http://127.0.0.1:11434/v1" for Ollama, "http://127.0.0.1:1234/v1" for LM Studio.',
    });
  }
});
export type ConnectionInput = z.infer<typeof ZConnectionInput>;

/** A change to a connection: the fields to change; `apiKey: null` removes the key. */
export const ZConnectionUpdate = z.strictObject({
  name: opt(connectionFields.name),
  baseUrl: ZBaseUrl.nullable().optional(),
  apiKey: ZApiKey.nullable().optional(),
  allowPrivateNetwork: connectionFields.allowPrivateNetwork,
  maxConcurrency: connectionFields.maxConcurrency,
  timeoutMs: connectionFields.timeoutMs,
  inputPricePerMTok: price("inputPricePerMTok").nullable().optional(),
  outputPricePerMTok: price("outputPricePerMTok").nullable().optional(),
});
export type ConnectionUpdate = z.infer<typeof ZConnectionUpdate>;

export const ZConnectionView = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.enum(MODEL_PROVIDERS),
  baseUrl: z.string().nullable(),
  /** The key itself is never answered: only whether there is one, and its last 4 characters. */
  hasApiKey: z.boolean(),
  apiKeyLast4: z.string().nullable(),
  allowPrivateNetwork: z.boolean(),
  maxConcurrency: z.number().int(),
  timeoutMs: z.number().int(),
  inputPricePerMTok: z.number().nullable(),
  outputPricePerMTok: z.number().nullable(),
  /** Judges (not deleted) that call through it. */
  judgeCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConnectionView = z.infer<typeof ZConnectionView>;
export const ZConnectionList = z.object({ connections: z.array(ZConnectionView) });

export const ZConnectionTestResult = z.object({
  ok: z.boolean(),
  latencyMs: z.number().int(),
  /** The models the endpoint lists (its first 100), when it lists them. */
  models: z.array(z.string()),
  /** Why it failed, as the provider said it. */
  error: z.string().nullable(),
  status: z.number().int().nullable(),
});
export type ConnectionTestResult = z.infer<typeof ZConnectionTestResult>;

// ---- judges ----

const ZTarget = z.enum(JUDGE_TARGETS, { error: 'target must be "thought" (each thought) or "session"' });
const ZPrompt = z
  .string({ error: "prompt must be a string" })
  .min(1, { error: "prompt must not be empty | Leave it out for the default prompt." })
  .max(MAX_TEMPLATE_CHARS, { error: `prompt must be at most ${MAX_TEMPLATE_CHARS} characters` });
const ZModel = z
  .string({ error: 'model must be a string | e.g. model: "llama3.1:8b".' })
  .trim()
  .min(1, { error: 'model must not be empty | e.g. model: "gpt-4.1-mini".' })
  .max(MAX_MODEL_CHARS, { error: `model must be at most ${MAX_MODEL_CHARS} characters` });
const ZSampleRate = z.preprocess(
  coerceNumber,
  z
    .number({ error: "sampleRate must be a number from 0 to 1 | e.g. 0.1 judges one completed session in ten." })
    .min(0, { error: "sampleRate must be at least 0" })
    .max(1, { error: "sampleRate must be at most 1" }),
);

const judgeFields = {
  name: name("name", '"step quality"'),
  connectionId: id("connectionId"),
  model: ZModel,
  scoreConfigId: id("scoreConfigId"),
  target: ZTarget,
  /** The template; the default for the target when left out (GET …/judges/variables lists the variables). */
  prompt: opt(ZPrompt),
  /** Judge completed sessions as they complete (a share of them, matching autoFilter). */
  autoRun: opt(flag("autoRun")),
  sampleRate: opt(ZSampleRate),
  autoFilter: opt(ZQueueFilter.strict()),
};

export const ZJudgeInput = z.strictObject(judgeFields);
export type JudgeInput = z.infer<typeof ZJudgeInput>;

export const ZJudgeUpdate = z.strictObject({
  name: opt(judgeFields.name),
  connectionId: opt(judgeFields.connectionId),
  model: opt(judgeFields.model),
  scoreConfigId: opt(judgeFields.scoreConfigId),
  target: opt(judgeFields.target),
  prompt: judgeFields.prompt,
  autoRun: judgeFields.autoRun,
  sampleRate: judgeFields.sampleRate,
  autoFilter: ZQueueFilter.strict().nullable().optional(),
});
export type JudgeUpdate = z.infer<typeof ZJudgeUpdate>;

export const ZJudgeView = z.object({
  id: z.string(),
  name: z.string(),
  connectionId: z.string(),
  connectionName: z.string(),
  provider: z.enum(MODEL_PROVIDERS),
  model: z.string(),
  scoreConfigId: z.string(),
  configName: z.string(),
  configType: z.enum(SCORE_TYPES),
  target: ZTarget,
  prompt: z.string(),
  autoRun: z.boolean(),
  sampleRate: z.number(),
  autoFilter: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JudgeView = z.infer<typeof ZJudgeView>;
export const ZJudgeList = z.object({ judges: z.array(ZJudgeView) });

/** What a run (or a preview, or an estimate) covers: one session, one thought, a filter's sessions or a queue's. */
export const ZRunTarget = z
  .strictObject({
    sessionId: opt(id("sessionId")),
    thoughtId: opt(id("thoughtId")),
    /** The sessions-list filters: every session matching them now (a backfill). */
    filter: opt(ZQueueFilter.strict()),
    queueId: opt(id("queueId")),
  })
  .superRefine((r, ctx) => {
    const given = (["sessionId", "thoughtId", "filter", "queueId"] as const).filter((k) => r[k] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: "custom",
        path: [given[1] ?? "sessionId"],
        message:
          'Send exactly one of sessionId, thoughtId, filter and queueId | e.g. {"sessionId": "…"}, or {"filter": {"status": "completed"}} for a backfill.',
      });
    }
  });
export type RunTarget = z.infer<typeof ZRunTarget>;

export const RUN_KINDS = ["session", "thought", "filter", "queue", "auto"] as const;
export type RunKind = (typeof RUN_KINDS)[number];
export const RUN_STATUSES = ["running", "paused", "done", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const JOB_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;

export const ZRunFailure = z.object({
  jobId: z.string(),
  sessionId: z.string(),
  thoughtId: z.string().nullable(),
  /** Calls made for this target. */
  attempts: z.number().int(),
  /** The provider's error as it said it (or ours: a private address, an answer outside the config). */
  error: z.string(),
  /** The HTTP status of the last call, if it got one. */
  status: z.number().int().nullable(),
  at: z.string(),
});
export type RunFailure = z.infer<typeof ZRunFailure>;

export const ZRunView = z.object({
  id: z.string(),
  judgeId: z.string(),
  judgeName: z.string(),
  kind: z.enum(RUN_KINDS),
  scope: z.record(z.string(), z.unknown()),
  /** running (jobs left), paused (the daily budget is spent: see pausedReason), done or cancelled. */
  status: z.enum(RUN_STATUSES),
  pausedReason: z.string().nullable(),
  total: z.number().int(),
  queued: z.number().int(),
  running: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  /** US dollars from the connection's prices; null when it has none. */
  costUsd: z.number().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The failed jobs, newest first (at most 100). */
  failures: z.array(ZRunFailure),
});
export type RunView = z.infer<typeof ZRunView>;
export const ZRunList = z.object({ runs: z.array(ZRunView.omit({ failures: true })) });

export const ZRunCreated = z.object({ runId: z.string(), total: z.number().int() });

export const ZRunEstimate = z.object({
  sessions: z.number().int(),
  /** Calls the run would make: one per thought (thought judges) or per session. */
  targets: z.number().int(),
  estimatedInputTokens: z.number().int(),
  estimatedOutputTokens: z.number().int(),
  /** From the connection's prices; null when it has none. */
  estimatedCostUsd: z.number().nullable(),
  /** What is left of today's budget (null: no limit), so a backfill's size can be judged before it starts. */
  callsLeftToday: z.number().int().nullable(),
  tokensLeftToday: z.number().int().nullable(),
});
export type RunEstimate = z.infer<typeof ZRunEstimate>;

export const ZPreviewInput = z.strictObject({
  thoughtId: opt(id("thoughtId")),
  sessionId: opt(id("sessionId")),
  /** Try an unsaved template instead of the judge's own. */
  prompt: opt(ZPrompt),
});
export type PreviewInput = z.infer<typeof ZPreviewInput>;

export const ZJudgeMessage = z.object({ role: z.enum(["system", "user"]), content: z.string() });

export const ZPreviewResult = z.object({
  /** Exactly what was sent, message by message. */
  messages: z.array(ZJudgeMessage),
  /** The JSON schema the answer had to follow. */
  schema: z.record(z.string(), z.unknown()),
  model: z.string(),
  /** The answer as it would be stored; null when the call or the answer failed. */
  answer: z
    .object({
      value: z.number().nullable(),
      stringValue: z.string().nullable(),
      rationale: z.string(),
      confidence: z.number().nullable(),
    })
    .nullable(),
  error: z.string().nullable(),
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  costUsd: z.number().nullable(),
  latencyMs: z.number().int(),
});
export type PreviewResult = z.infer<typeof ZPreviewResult>;

// ---- the project's daily budget ----

const limit = (field: string) => integer(field, 1, 1_000_000_000).nullable().optional();

export const ZJudgeSettingsInput = z.strictObject({
  /** Calls per UTC day across the project's judges; null: no limit. */
  dailyCallLimit: limit("dailyCallLimit"),
  /** Tokens (input and output) per UTC day; null: no limit. */
  dailyTokenLimit: limit("dailyTokenLimit"),
});
export type JudgeSettingsInput = z.infer<typeof ZJudgeSettingsInput>;

export const ZJudgeSettingsView = z.object({
  dailyCallLimit: z.number().int().nullable(),
  dailyTokenLimit: z.number().int().nullable(),
  /** Today (UTC) so far. */
  callsToday: z.number().int(),
  tokensToday: z.number().int(),
  /** Set while the budget is spent: runs are paused until it resets (00:00 UTC) or is raised. */
  pausedReason: z.string().nullable(),
});
export type JudgeSettingsView = z.infer<typeof ZJudgeSettingsView>;

export const ZDeleted = z.object({ id: z.string(), deleted: z.literal(true) });

export const ZListRunsQuery = z.object({
  judgeId: z.string().trim().min(1).max(200).optional(),
  limit: z
    .preprocess(
      coerceNumber,
      z
        .number({ error: "limit must be a whole number from 1 to 200" })
        .int({ error: "limit must be a whole number from 1 to 200" })
        .min(1, { error: "limit must be at least 1" })
        .max(200, { error: "limit must be at most 200" }),
    )
    .default(50),
});
export type ListRunsQuery = z.infer<typeof ZListRunsQuery>;

// ---- agreement with judges (the agreement page) ----

/** Each judge of one config against each person and against the people's consensus (lib/stats/judge-agreement.ts). */
export interface JudgeAgreementView {
  configType: "numeric" | "categorical" | "boolean";
  /** Author key → words ("you", a person's name, "judge <name>"). */
  raterLabels: Record<string, string>;
  /** The people who scored with this config (author keys). */
  people: string[];
  /** Targets with a consensus of the people. */
  consensusTargets: number;
  /** Krippendorff's α among the people alone, with its interval: the bar a judge is measured against. */
  peopleAlpha: WithInterval<AlphaStat> | null;
  judges: {
    key: string;
    /** Targets the judge scored with this config. */
    scored: number;
    vsConsensus: PairComparison;
    vsPeople: { person: string; comparison: PairComparison }[];
    trend: TrendPoint[];
  }[];
}
