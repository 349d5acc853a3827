// POST /api/v1/import/transcript — a transcript file as the body (JSONL or JSON, any text type), its format detected
// or named with ?format=; answered with what was imported, skipped and refused.
import { MAX_TRANSCRIPT_BYTES, type TranscriptImportQuery } from "@/lib/contracts/transcripts";
import type { RouteHandler } from "@/server/http/door";
import { json } from "@/server/http/respond";
import { LimitError, TooLargeError, ValidationError } from "@/server/errors";
import { importTranscript } from "@/server/services/transcripts/import-transcript";

export const postTranscriptImport: RouteHandler<TranscriptImportQuery> = async (req, { principal, query }) => {
  let bytes: Buffer;
  try {
    bytes = await req.readBody(MAX_TRANSCRIPT_BYTES);
  } catch (error) {
    if (!(error instanceof TooLargeError)) throw error;
    throw new LimitError(
      `The transcript is larger than ${MAX_TRANSCRIPT_BYTES} bytes (64 MiB), the most one import takes.`,
      "body",
      "Import a file of at most 64 MiB.",
      413,
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ValidationError({
      field: "body",
      message: "The body is not UTF-8 text: it looks like a binary file, not a transcript.",
      suggestion: "Send a .jsonl or .json transcript file as it is on disk.",
    });
  }
  return json(await importTranscript(principal!, text, query), 200);
};
