// Tokens and cost of what models did in a session or across the project, summed from the thoughts that carry them
// (Thought.detail of thoughts from traces and transcripts: tokens in/out/reasoning, US dollars).
import { z } from "zod";

export const ZUsageTotals = z.object({
  /** Thoughts that carry a model call's figures. */
  calls: z.number().int(),
  tokensIn: z.number(),
  tokensOut: z.number(),
  tokensReasoning: z.number(),
  /** US dollars; null when no call had a cost. */
  costUsd: z.number().nullable(),
});
export type UsageTotals = z.infer<typeof ZUsageTotals>;

export const ZUsageGroup = ZUsageTotals.extend({ key: z.string(), sessions: z.number().int() });
export type UsageGroup = z.infer<typeof ZUsageGroup>;

/** The analytics page's comparison: agents (the session's agent) and models (each call's model) by tokens and cost. */
export const ZUsageFleet = z.object({
  days: z.number().int(),
  total: ZUsageTotals,
  byAgent: z.array(ZUsageGroup),
  byModel: z.array(ZUsageGroup),
});
export type UsageFleet = z.infer<typeof ZUsageFleet>;
