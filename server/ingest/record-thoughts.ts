// The agent write operations behind every door: one thought, or a batch of ingest events. Validation happens here,
// before anything is queued, so a rejected request writes nothing.
import { firstProblem } from "@/lib/contracts/errors";
import { wellFormedEvent, ZIngestEvent, ZIngestRequest, type IngestResult } from "@/lib/contracts/ingest";
import {
  parseThoughtInput,
  wellFormedThought,
  withClient,
  withinLimits,
  type ThoughtResult,
} from "@/lib/contracts/thought";
import { uuidv7 } from "@/lib/ids";
import { currentLimits } from "@/server/config";
import { JsonText } from "@/server/ingest/write-store";
import { DomainError, LimitError, ValidationError } from "@/server/errors";
import { submitThoughts } from "./thought-writer";
import type { IngestLog, WriteRequest } from "./write-batch";

/** Who writes: the project and API key, and the client name (MCP clientInfo) when the door knows it. */
export interface Writer {
  projectId: string;
  apiKeyId: string | null;
  client?: string | null;
  /** The agent when the arguments name none (an MCP client's clientInfo as "name/version"). */
  agent?: string | null;
}

/** Records one thought. Returns 201 for a new one, 200 when the idempotency key was seen before. */
export async function recordThought(
  who: Writer,
  raw: unknown,
  idempotencyKey: string | null,
): Promise<{ status: 200 | 201; result: ThoughtResult }> {
  const parsed = parseThoughtInput(raw, currentLimits());
  if (!parsed.ok) throw new ValidationError(parsed.problem);
  const [outcome] = await submitThoughts([
    { ...writerFields(who), input: withClient(parsed.value, who.client, who.agent), raw, idempotencyKey },
  ]);
  if (!outcome) throw new Error("the writer returned no outcome");
  if (outcome.result === undefined) {
    const e = outcome.error;
    throw new DomainError(e.code, outcome.status, e.message, e.field, e.suggestion);
  }
  return { status: outcome.status, result: outcome.result };
}

/**
 * Ingests a batch: every event is validated and answered on its own; valid ones are written in one commit, and the
 * request is logged once (`bodyText`, the body as it arrived, when the door has it; else the parsed body).
 */
export async function ingestEvents(
  who: Writer,
  body: unknown,
  options: { bodyText?: string; source?: WriteRequest["tool"] } = {},
): Promise<IngestResult[]> {
  const { bodyText, source } = options;
  const limits = currentLimits();
  const envelope = ZIngestRequest.safeParse(body);
  if (!envelope.success) throw new ValidationError(firstProblem(envelope.error));
  const events = envelope.data.events;
  if (events.length === 0) {
    throw new ValidationError({ field: "events", message: "events is empty.", suggestion: "Send at least one event." });
  }
  if (events.length > limits.maxIngestEvents) {
    throw new LimitError(
      `events holds ${events.length} events; at most ${limits.maxIngestEvents} are allowed per request.`,
      "events",
      `Split the batch into requests of at most ${limits.maxIngestEvents} events.`,
      413,
    );
  }

  const log: IngestLog = {
    id: uuidv7(),
    projectId: who.projectId,
    body: bodyText === undefined ? body : new JsonText(bodyText),
    events: events.length,
  };
  const results: IngestResult[] = Array.from<IngestResult>({ length: events.length });
  const requests: WriteRequest[] = [];
  const slots: number[] = [];
  events.forEach((raw, i) => {
    const fast = wellFormedEvent(raw);
    const event = fast ? { success: true as const, data: fast } : ZIngestEvent.safeParse(raw);
    const id = typeof (raw as { id?: unknown } | null)?.id === "string" ? (raw as { id: string }).id : null;
    if (!event.success) {
      const p = firstProblem(event.error);
      results[i] = { id, status: 400, error: { code: "validation_error", ...p, field: `events[${i}].${p.field}` } };
      return;
    }
    const wellFormed = fast ? wellFormedThought(event.data.body) : null;
    const parsed = wellFormed ? withinLimits(wellFormed, limits) : parseThoughtInput(event.data.body, limits);
    if (!parsed.ok) {
      const p = parsed.problem;
      results[i] = {
        id: event.data.id,
        status: 400,
        error: { code: "validation_error", ...p, field: `events[${i}].body.${p.field}` },
      };
      return;
    }
    requests.push({
      ...(source ? { tool: source } : {}),
      ...writerFields(who),
      input: withClient(parsed.value, who.client),
      raw: event.data.body,
      idempotencyKey: event.data.id,
      batch: { log, position: i },
    });
    slots.push(i);
  });

  const outcomes = await submitThoughts(requests);
  outcomes.forEach((outcome, k) => {
    const i = slots[k]!;
    const id = requests[k]!.idempotencyKey;
    results[i] = outcome.result
      ? {
          id,
          status: outcome.status,
          sessionId: outcome.result.sessionId,
          thoughtId: outcome.result.thoughtId,
          seq: outcome.result.seq,
        }
      : { id, status: outcome.status, error: outcome.error };
  });
  return results;
}

function writerFields(who: Writer) {
  return { projectId: who.projectId, apiKeyId: who.apiKeyId };
}
