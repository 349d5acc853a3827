// A transcript file into thoughts: read (lib/transcripts), planned (lib/normalised/plan-thoughts.ts) and written
// through the ingest path in batches, as POST /api/v1/ingest writes them. Each thought's idempotency key is its source
// line's, so a second import, or a longer version of the file, writes only the new thoughts; a file that cannot be
// read is refused as a whole before anything is written.
import type { TranscriptImportQuery, TranscriptImportResult } from "@/lib/contracts/transcripts";
import { planThoughts } from "@/lib/normalised/plan-thoughts";
import { readTranscript, TranscriptError } from "@/lib/transcripts/read";
import { currentLimits } from "@/server/config";
import { ValidationError } from "@/server/errors";
import { ingestEvents, type Writer } from "@/server/ingest/record-thoughts";

export async function importTranscript(
  who: Writer,
  text: string,
  query: TranscriptImportQuery,
): Promise<TranscriptImportResult> {
  const limits = currentLimits();
  let read;
  try {
    read = readTranscript(text, query);
  } catch (error) {
    if (!(error instanceof TranscriptError)) throw error;
    throw new ValidationError({ field: "body", message: error.message, suggestion: error.suggestion });
  }
  const events = planThoughts(read.session, {
    maxThoughtChars: limits.maxThoughtChars,
    ...(who.client ? { client: who.client } : {}),
  });
  const result: TranscriptImportResult = {
    format: read.format,
    sessionId: null,
    sessionKey: events[0]?.body.sessionId ?? `${read.format}:${read.session.id}`,
    records: read.records,
    thoughts: { imported: 0, skipped: 0, refused: 0 },
    refusals: [],
    skippedLines: read.skipped,
  };
  // One batch after another: a later batch's branches fork from thoughts an earlier one wrote.
  for (let at = 0; at < events.length; at += limits.maxIngestEvents) {
    const batch = events.slice(at, at + limits.maxIngestEvents);
    const answers = await ingestEvents(who, { events: batch }, { source: "transcript" });
    answers.forEach((a, i) => {
      result.sessionId ??= a.sessionId ?? null;
      // 200: this line was imported before. 409: it was imported before from a version of the line that said
      // something else (a source that rewrote it): the first import stands.
      if (a.status === 201) result.thoughts.imported += 1;
      else if (a.status === 200 || a.status === 409) result.thoughts.skipped += 1;
      else {
        result.thoughts.refused += 1;
        result.refusals.push({
          sourceRef: batch[i]!.body.detail.sourceRef,
          status: a.status,
          message: a.error?.message ?? `status ${a.status}`,
        });
      }
    });
  }
  return result;
}
