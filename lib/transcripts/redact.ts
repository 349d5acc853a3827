// Redaction before a transcript leaves the machine (`thoughtgraph import` and `watch`): every string in every record
// (text, tool arguments and results, keys' values) has each pattern's matches replaced by [REDACTED]. Applied to parsed
// values, not to the file's text, so a pattern can never break a record's JSON.

/** Common secret shapes, on unless `--no-default-redact`: provider API keys, bearer tokens, cloud and VCS tokens, and
 *  private key blocks. Each names the secret's own shape, so ordinary prose is left alone. */
export const DEFAULT_REDACTIONS: readonly RegExp[] = [
  /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}/g, // Anthropic and OpenAI keys
  /\bAIza[0-9A-Za-z_-]{35}\b/g, // Google API keys
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, // AWS access key ids
  /\bgh[pousr]_[A-Za-z0-9]{36,}\b/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{40,}\b/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack tokens
  /\btg_[A-Za-z0-9_-]{20,}/g, // thoughtgraph API keys
  /\b[Bb]earer\s+[A-Za-z0-9._~+/=-]{16,}/g, // Authorization: Bearer …
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
];

export const REDACTED = "[REDACTED]";

/** A pattern from the command line: `/source/flags` or a plain regular expression source; always global. */
export function redactionPattern(text: string): RegExp {
  const m = /^\/(.+)\/([a-z]*)$/s.exec(text);
  const source = m ? m[1]! : text;
  const flags = m ? m[2]! : "";
  return new RegExp(source, flags.includes("g") ? flags : `${flags}g`);
}

export function redactText(text: string, patterns: readonly RegExp[]): string {
  let out = text;
  for (const p of patterns) {
    p.lastIndex = 0;
    out = out.replace(p, REDACTED);
  }
  return out;
}

/** A parsed JSON value with every string redacted (object keys too). */
export function redactValue(value: unknown, patterns: readonly RegExp[]): unknown {
  if (patterns.length === 0) return value;
  if (typeof value === "string") return redactText(value, patterns);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, patterns));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[redactText(k, patterns)] = redactValue(v, patterns);
    return out;
  }
  return value;
}

/** A transcript file's text with every record redacted: JSONL line by line (a line that is not JSON stays as it is,
 *  redacted as text), or one JSON document. */
export function redactTranscript(text: string, patterns: readonly RegExp[]): string {
  if (patterns.length === 0) return text;
  const redactLine = (line: string) => {
    try {
      return JSON.stringify(redactValue(JSON.parse(line), patterns));
    } catch {
      return redactText(line, patterns);
    }
  };
  const lines = text.split("\n");
  const parses = (line: string) => {
    try {
      JSON.parse(line);
      return true;
    } catch {
      return false;
    }
  };
  // A pretty-printed document (a provider conversation) has lines that are not JSON on their own.
  if (!lines.every((l) => l.trim() === "" || parses(l))) {
    try {
      return JSON.stringify(redactValue(JSON.parse(text), patterns), null, 2);
    } catch {
      // JSONL with a broken line: line by line below
    }
  }
  return text
    .split("\n")
    .map((line) => (line.trim() === "" ? line : redactLine(line)))
    .join("\n");
}
