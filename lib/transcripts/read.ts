// A transcript file's text → one normalised session: the format detected from its first record (or named), each line
// parsed on its own. Tolerant where agents' files are untidy and strict where the input is not a transcript at all:
// unknown record types add nothing, a line that is not JSON is skipped and reported (a crash can leave one), a last
// line without its newline is an append in progress (reported, read next time); text with NUL characters, a file
// with no JSON record, or records of no known format are refused as a whole, before anything is written.
import type { NormalisedItem, NormalisedSession, SourceKind } from "../normalised/model";
import { claudeCodeReader } from "./claude-code";
import { codexReader } from "./codex";
import { geminiReader } from "./gemini";
import { detectProvider, readProviderJson } from "./provider-json";
import { obj, type SessionFacts, type TranscriptReader } from "./reader";

const snapshot = (facts: SessionFacts | null): SessionFacts | null => (facts ? { ...facts } : null);

export const TRANSCRIPT_FORMATS = [
  "claude-code",
  "codex",
  "gemini-cli",
  "anthropic",
  "openai-chat",
  "openai-responses",
] as const satisfies readonly SourceKind[];
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];
export type LineFormat = Extract<TranscriptFormat, "claude-code" | "codex" | "gemini-cli">;

const CLAUDE_TYPES = new Set([
  "user",
  "assistant",
  "system",
  "summary",
  "file-history-snapshot",
  "queue-operation",
  "progress",
  "attachment",
]);
const CODEX_TYPES = new Set(["session_meta", "response_item", "turn_context", "event_msg", "compacted"]);

const PROVIDER_NAMES = {
  anthropic: "an Anthropic Messages",
  "openai-chat": "an OpenAI Chat Completions",
  "openai-responses": "an OpenAI Responses",
} as const;

/** A transcript that cannot be read: `field` names what to fix (the door's error). */
export class TranscriptError extends Error {
  constructor(
    message: string,
    readonly suggestion: string,
  ) {
    super(message);
  }
}

/** The line format of one parsed record, or null. */
export function detectRecord(record: unknown): LineFormat | null {
  const r = obj(record);
  if (!r) return null;
  if (typeof r.type === "string" && CODEX_TYPES.has(r.type) && "payload" in r) return "codex";
  if (typeof r.sessionId === "string" && typeof r.projectHash === "string") return "gemini-cli";
  if (typeof r.type === "string" && CLAUDE_TYPES.has(r.type) && ("uuid" in r || "sessionId" in r || "leafUuid" in r)) {
    return "claude-code";
  }
  return null;
}

export function readerFor(format: LineFormat): TranscriptReader {
  return format === "claude-code" ? claudeCodeReader() : format === "codex" ? codexReader() : geminiReader();
}

export interface ReadOutcome {
  format: TranscriptFormat;
  session: NormalisedSession;
  /** JSON records read. */
  records: number;
  /** Lines not read, with why (1-based line numbers). */
  skipped: { line: number; reason: string }[];
}

export interface ReadOptions {
  format?: TranscriptFormat;
  /** The file's name: a provider document's session id. */
  name?: string;
}

/** Splits text into lines, each with its 1-based number; `partial` is a last line with no newline after it. */
export function* linesOf(text: string): Generator<{ line: number; text: string; partial: boolean }> {
  let start = 0;
  let line = 0;
  while (start < text.length) {
    const end = text.indexOf("\n", start);
    line += 1;
    if (end < 0) {
      yield { line, text: text.slice(start), partial: true };
      return;
    }
    yield { line, text: text.slice(start, end), partial: false };
    start = end + 1;
  }
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function readTranscript(text: string, options: ReadOptions = {}): ReadOutcome {
  if (text.includes("\u0000")) {
    throw new TranscriptError(
      "The file holds NUL characters: it is binary, not a transcript.",
      "Send a .jsonl or .json transcript file.",
    );
  }
  const trimmed = text.trim();
  if (trimmed === "") throw new TranscriptError("The file is empty.", "Send a transcript with at least one record.");
  const asked = options.format;
  const provider = asked === "anthropic" || asked === "openai-chat" || asked === "openai-responses" ? asked : null;
  // A whole JSON document that is no line record: a provider conversation (a one-line JSONL file parses whole too,
  // and reads as lines). Gemini CLI's legacy single-JSON chat is one record of its own format.
  const whole = provider || !asked ? parse(trimmed) : { ok: false as const };
  if (whole.ok && (provider || detectRecord(whole.value) === null)) {
    const format = provider ?? detectProvider(whole.value);
    if (!format) {
      throw new TranscriptError(
        "The file is JSON but no known transcript: not an Anthropic Messages, OpenAI Chat Completions or OpenAI Responses conversation.",
        "Send a Claude Code, Codex or Gemini CLI .jsonl file, or a provider conversation ({messages: [...]} or a response); name it with format= if detection fails.",
      );
    }
    const session = readProviderJson(whole.value, format, options.name);
    if (session.items.length === 0) {
      throw new TranscriptError(
        `The file reads as ${PROVIDER_NAMES[format]} conversation, but none of its messages holds text, reasoning or a tool call.`,
        "Send the conversation itself; if it is another format, name it with format=.",
      );
    }
    return { format, session, records: 1, skipped: [] };
  }
  if (whole.ok && trimmed.includes("\n")) {
    // One pretty-printed record (Gemini CLI's legacy .json chat): read as a single record.
    return readLines(JSON.stringify(whole.value), asked as LineFormat | undefined);
  }
  if (provider) {
    throw new TranscriptError(
      `The file is not one JSON document, as format=${provider} needs.`,
      "Send the conversation as one JSON document.",
    );
  }
  return readLines(text, asked as LineFormat | undefined);
}

function readLines(text: string, asked: LineFormat | undefined): ReadOutcome {
  let format: LineFormat | null = asked ?? null;
  let reader: TranscriptReader | null = asked ? readerFor(asked) : null;
  const items: NormalisedItem[] = [];
  const skipped: ReadOutcome["skipped"] = [];
  let records = 0;
  let first: SessionFacts | null = null;
  for (const { line, text: lineText, partial } of linesOf(text)) {
    if (lineText.trim() === "") continue;
    const parsed = parse(lineText);
    if (!parsed.ok) {
      skipped.push({ line, reason: partial ? "the last line is incomplete (still being written)" : "not JSON" });
      continue;
    }
    if (!reader) {
      format = detectRecord(parsed.value);
      if (!format) {
        skipped.push({ line, reason: "not a record of a known transcript format" });
        if (skipped.length >= 20 && records === 0) break;
        continue;
      }
      reader = readerFor(format);
    }
    records += 1;
    const out = reader.push(parsed.value, line);
    // The session's facts as known at its first item: what a follower of the file knows when it writes the first
    // thought (they go with it), so reading whole and following give the same thoughts.
    if (out.length > 0 && !first) first = snapshot(reader.facts());
    items.push(...out);
  }
  if (!reader || !format) {
    const first = skipped[0];
    throw new TranscriptError(
      first?.reason === "not JSON"
        ? `Line ${first.line} is not JSON, and no line is a transcript record.`
        : "No line is a record of a known transcript format (Claude Code, Codex CLI, Gemini CLI).",
      "Send a Claude Code, Codex or Gemini CLI .jsonl file, or name the format with format=.",
    );
  }
  const rest = reader.flush();
  if (rest.length > 0 && !first) first = snapshot(reader.facts());
  items.push(...rest);
  const last = reader.facts();
  const facts = first ? { ...first, ...(last?.title ? { title: last.title } : {}) } : last;
  if (!facts) {
    throw new TranscriptError(
      `No record names the ${format} session (its id).`,
      format === "claude-code"
        ? "Records carry a sessionId; send the whole file."
        : "Send the whole file, with its first line.",
    );
  }
  return { format, session: { ...facts, items }, records, skipped };
}
