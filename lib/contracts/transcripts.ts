// POST /api/v1/import/transcript: a coding agent's transcript file (Claude Code, Codex CLI, Gemini CLI JSONL) or a
// provider conversation (JSON) becomes a session, and importing it again (or a longer version of it) adds only what
// is new. The CLI (`thoughtgraph import`) sends files through this door.
import { z } from "zod";
import { TRANSCRIPT_FORMATS } from "../transcripts/read";

/** Bytes of one transcript file: long Claude Code sessions reach tens of MB. A larger file is refused before it is
 *  read (its Content-Length), or as soon as more arrives. */
export const MAX_TRANSCRIPT_BYTES = 64 * 1024 * 1024;

export const ZTranscriptImportQuery = z.object({
  format: z
    .enum(TRANSCRIPT_FORMATS, { error: `format must be one of ${TRANSCRIPT_FORMATS.join(", ")}` })
    .optional()
    .describe("The file's format; detected from its first record when left out."),
  name: z
    .string()
    .trim()
    .min(1)
    .max(200, { error: "name must be at most 200 characters" })
    .optional()
    .describe("The file's name: the session id of a provider conversation (which has none of its own)."),
});
export type TranscriptImportQuery = z.infer<typeof ZTranscriptImportQuery>;

export const ZTranscriptImportResult = z.object({
  format: z.enum(TRANSCRIPT_FORMATS),
  /** thoughtgraph's session, and its key (the source and the source's session id). */
  sessionId: z.string().nullable(),
  sessionKey: z.string(),
  /** JSON records read from the file. */
  records: z.number().int(),
  thoughts: z.object({
    /** Written now. */
    imported: z.number().int(),
    /** Already there from an earlier import (the same source line). */
    skipped: z.number().int(),
    /** Refused by the write path, each with why. */
    refused: z.number().int(),
  }),
  refusals: z.array(z.object({ sourceRef: z.string(), status: z.number().int(), message: z.string() })),
  /** Lines not read (not JSON, an incomplete last line, records of no known format). */
  skippedLines: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type TranscriptImportResult = z.infer<typeof ZTranscriptImportResult>;
