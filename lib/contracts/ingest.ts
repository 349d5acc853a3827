// POST /api/v1/ingest: a batch of events, each standing alone with its own idempotency id.
import { z } from "zod";
import { ZApiError } from "./errors";
import { ILL_FORMED_WORDS, isWellFormedText } from "./text";

export const INGEST_EVENT_TYPES = ["thought"] as const;

export const ZIngestEvent = z.object({
  id: z
    .string({ error: "id must be a string | Give every event a unique id, e.g. a UUID; it makes retries safe." })
    .trim()
    .min(1, { error: "id must not be empty | Give every event a unique id, e.g. a UUID." })
    .max(200, { error: "id must be at most 200 characters" })
    .refine(isWellFormedText, { error: `id ${ILL_FORMED_WORDS}` }),
  type: z.enum(INGEST_EVENT_TYPES, { error: 'type must be "thought"' }),
  body: z.record(z.string(), z.unknown(), { error: "body must be a JSON object with the thought's fields" }),
});

export type IngestEvent = z.infer<typeof ZIngestEvent>;

/** An event ZIngestEvent would accept unchanged (the common case), checked without zod; otherwise null. */
export function wellFormedEvent(raw: unknown): IngestEvent | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  if (Object.keys(raw).length !== 3) return null; // exactly id, type and body (a missing one fails below)
  const { id, type, body } = raw as Record<string, unknown>;
  if (
    typeof id !== "string" ||
    id.length < 1 ||
    id.length > 200 ||
    id.trim() !== id ||
    !isWellFormedText(id) ||
    type !== "thought"
  )
    return null;
  if (body === null || typeof body !== "object" || Array.isArray(body)) return null;
  if (Object.getPrototypeOf(body) !== Object.prototype) return null;
  return { id, type, body: body as Record<string, unknown> };
}

export const ZIngestRequest = z.object({
  events: z.array(z.unknown(), { error: 'events must be an array | Send {"events": [{"id", "type", "body"}]}.' }),
});

export const ZIngestResult = z.object({
  id: z.string().nullable(),
  status: z.number().int(),
  sessionId: z.string().optional(),
  thoughtId: z.string().optional(),
  seq: z.number().int().optional(),
  error: ZApiError.optional(),
});

export const ZIngestResponse = z.object({ results: z.array(ZIngestResult) });
export type IngestResult = z.infer<typeof ZIngestResult>;
