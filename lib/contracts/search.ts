// Contracts of the search across every thought of a project: `GET /api/v1/search?q=…` and the dashboard's
// app-bar search box. `q` is parsed by the one query parser (lib/search/query.ts: AND, OR, NOT, "phrases", implicit
// AND), so a query that cannot run is a field error on `q` with a suggestion. Highlights are ranges into a plain-text
// snippet, never markup a client could render.
import { z } from "zod";

import { coerceInteger } from "./coerce";
import { parseQuery } from "../search/query";

export const SEARCH_LIMIT = { min: 1, max: 100, default: 20 } as const;

export const ZThoughtSearchQuery = z.object({
  q: z
    .string({ error: 'q is required | e.g. q=dark AND mode, q="exact phrase", q=cache NOT redis' })
    .superRefine((text, ctx) => {
      const parsed = parseQuery(text);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: `${parsed.message} | ${parsed.suggestion}` });
    }),
  limit: z
    .preprocess(
      coerceInteger,
      z
        .number({ error: "limit must be a whole number from 1 to 100" })
        .int({ error: "limit must be a whole number from 1 to 100" })
        .min(SEARCH_LIMIT.min, { error: "limit must be at least 1" })
        .max(SEARCH_LIMIT.max, { error: "limit must be at most 100 | Page with offset instead." }),
    )
    .default(SEARCH_LIMIT.default),
  offset: z
    .preprocess(
      coerceInteger,
      z
        .number({ error: "offset must be a whole number ≥ 0" })
        .int({ error: "offset must be a whole number ≥ 0" })
        .min(0, { error: "offset must be ≥ 0" })
        .max(10_000, { error: "offset must be at most 10000 | Narrow the query instead." }),
    )
    .default(0),
});
export type ThoughtSearchQuery = z.infer<typeof ZThoughtSearchQuery>;

const ZRange = z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() });

export const ZThoughtSearchHit = z.object({
  thoughtId: z.string(),
  sessionId: z.string(),
  sessionTitle: z.string().nullable(),
  seq: z.number().int(),
  thoughtNumber: z.number().int(),
  /** 0–1, comparable within one answer. */
  rank: z.number().min(0).max(1),
  /** A plain-text window of the text around the first match, and where the matches are inside it. */
  snippet: z.object({
    text: z.string(),
    ranges: z.array(ZRange),
    cutStart: z.boolean(),
    cutEnd: z.boolean(),
  }),
  /** The query's terms and phrases found, case-folded, in query order. */
  matchedTerms: z.array(z.string()),
  /** "current": the thought's text matched; a number: only that earlier version's text did (revise_thought). */
  matchedVersion: z.union([z.literal("current"), z.number().int().positive()]),
  createdAt: z.string(),
});
export type ThoughtSearchHit = z.infer<typeof ZThoughtSearchHit>;

export const ZThoughtSearchResult = z.object({
  hits: z.array(ZThoughtSearchHit),
  /** Matching thoughts in the project, before limit/offset: all of them when `totalExact`, else those among the newest
   *  1,000 matching texts, which are the ones ranked (server/services/search/full-text.ts, SEARCH_WINDOW). */
  total: z.number().int().nonnegative(),
  /** False when the query matched more texts than the ranked window: `total` is then a lower bound. */
  totalExact: z.boolean(),
});
export type ThoughtSearchResult = z.infer<typeof ZThoughtSearchResult>;
