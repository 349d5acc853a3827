// What every transcript reader (one module per format) offers: records go in one at a time, in file order, and
// normalised items come out as soon as they are final. A reader may hold the items of a model response back until the
// record that reports its token usage (Claude Code repeats a message's usage on each of its records, Codex writes
// `token_count` after the response, Gemini CLI rewrites a message with its tokens): `flush` lets them go when no such
// record is coming (the end of a file, or a followed file gone quiet).
import type { NormalisedItem, NormalisedSession, SourceKind, Usage } from "../normalised/model";

export type SessionFacts = Omit<NormalisedSession, "items">;

export interface TranscriptReader {
  readonly format: SourceKind;
  /** One parsed JSONL record (`line` is its 1-based line number in its file, part of the items' ids where the format
   *  has no record ids). `file` names the file within a session's set (a sub-agent's file), when there are several. */
  push(record: unknown, line: number, file?: string): NormalisedItem[];
  /** The items held back for usage that has not come. */
  flush(): NormalisedItem[];
  /** The session's facts so far; null until the record that names the session has been read. */
  facts(): SessionFacts | null;
}

/** A plain object, or null. */
export function obj(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

export const num = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;

/** An ISO time, when `value` is a time Date can read. */
export function isoTime(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** Milliseconds from `from` to `to`, both ISO; undefined unless both are known and in order. */
export function between(from: string | undefined, to: string | undefined): number | undefined {
  if (!from || !to) return undefined;
  const ms = new Date(to).getTime() - new Date(from).getTime();
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms) : undefined;
}

/** JSON text of a tool's arguments: pretty when they are JSON (or a JSON string), else as given. */
export function argumentsText(value: unknown): string {
  if (typeof value === "string") {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return value === undefined ? "" : JSON.stringify(value, null, 2);
}

/** The text of a content value: a string, or blocks/parts whose `text` is joined; other blocks are named. */
export function contentText(value: unknown): string {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) {
    const o = obj(value);
    return o ? (str(o.text) ?? str(o.content) ?? (o.content !== undefined ? contentText(o.content) : "")) : "";
  }
  return value
    .map((part) => {
      if (typeof part === "string") return part;
      const p = obj(part);
      if (!p) return "";
      if (typeof p.text === "string") return p.text;
      if (p.type === "image" || p.type === "input_image" || p.inlineData) return "[image]";
      if (p.functionResponse) {
        const response = obj(obj(p.functionResponse)?.response);
        return typeof response?.output === "string" ? response.output : argumentsText(response ?? undefined);
      }
      if (p.content !== undefined) return contentText(p.content);
      return "";
    })
    .filter((t) => t !== "")
    .join("\n\n");
}

/** An Anthropic message's usage: input counts every input token (uncached, read from the cache and written to it, which
 *  Anthropic reports apart), the cache reads also as cachedInput. Claude Code transcripts and Messages JSON alike. */
export function anthropicUsage(value: unknown): Usage | undefined {
  const u = obj(value);
  if (!u) return undefined;
  const input = num(u.input_tokens);
  const cached = num(u.cache_read_input_tokens);
  const created = num(u.cache_creation_input_tokens);
  const usage: Usage = {};
  if (input !== undefined || cached !== undefined || created !== undefined) {
    usage.input = (input ?? 0) + (cached ?? 0) + (created ?? 0);
  }
  if (cached !== undefined) usage.cachedInput = cached;
  const output = num(u.output_tokens);
  if (output !== undefined) usage.output = output;
  return Object.keys(usage).length > 0 ? usage : undefined;
}
