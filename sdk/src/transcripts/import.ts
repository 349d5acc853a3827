// `thoughtgraph import <file|dir>…`: every transcript found becomes a session on the server (or, with --dry-run, the
// thoughts it would become are printed). A session's file is sent with its sub-agents' files, redacted first.
import fs from "node:fs";
import path from "node:path";
import { MAX_TRANSCRIPT_BYTES } from "../../../lib/contracts/transcripts";
import { graphLines } from "../../../lib/transcripts/graph-of";
import { planThoughts } from "../../../lib/normalised/plan-thoughts";
import { readTranscript } from "../../../lib/transcripts/read";
import { redactTranscript } from "../../../lib/transcripts/redact";
import { walkTranscripts } from "./layout";
import { postTranscript, type ServerRef } from "./send";

export interface ImportOptions {
  server: ServerRef;
  redactions: readonly RegExp[];
  dryRun: boolean;
  out: (line: string) => void;
  /** After each session: what became of it, and how many of the `total` sessions are done. */
  progress: (line: string, done: number, total: number) => void;
}

/** A text progress bar: `[########------------] 3/7`. */
export function progressBar(done: number, total: number, width = 20): string {
  const full = total > 0 ? Math.floor((width * Math.min(done, total)) / total) : width;
  return `[${"#".repeat(full)}${"-".repeat(width - full)}] ${done}/${total}`;
}

export interface ImportSummary {
  sessions: { imported: number; unchanged: number; refused: number };
  thoughts: { imported: number; skipped: number };
  refused: { path: string; reason: string }[];
}

/** A file's complete lines: a last line without its newline is still being written, and is left for next time. */
export function completeText(text: string): string {
  const trimmed = text.trimEnd();
  if (text.endsWith("\n") || trimmed.endsWith("}") || trimmed.endsWith("]")) return text;
  const cut = text.lastIndexOf("\n");
  return cut < 0 ? text : text.slice(0, cut + 1);
}

export async function importPaths(paths: readonly string[], o: ImportOptions): Promise<ImportSummary> {
  const walked = walkTranscripts(paths);
  const summary: ImportSummary = {
    sessions: { imported: 0, unchanged: 0, refused: 0 },
    thoughts: { imported: 0, skipped: 0 },
    refused: [...walked.refused],
  };
  const n = walked.groups.length;
  for (const [i, group] of walked.groups.entries()) {
    const main = group.files[0]!;
    const label = `${main}${group.files.length > 1 ? ` (+${group.files.length - 1} sub-agent files)` : ""}`;
    const size = group.files.reduce((sum, f) => sum + fs.statSync(f).size, 0);
    if (size > MAX_TRANSCRIPT_BYTES) {
      summary.sessions.refused += 1;
      summary.refused.push({
        path: main,
        reason: `${size} bytes, more than the ${MAX_TRANSCRIPT_BYTES} one import takes`,
      });
      o.progress(`${label}: refused (larger than 64 MiB)`, i + 1, n);
      continue;
    }
    const text = redactTranscript(
      group.files.map((f) => completeText(fs.readFileSync(f, "utf8"))).join("\n"),
      o.redactions,
    );
    try {
      if (o.dryRun) {
        const read = readTranscript(text, { name: path.basename(main) });
        const events = planThoughts(read.session, { maxThoughtChars: 100_000 });
        o.out(`${main}: ${read.format} session ${read.session.id}, ${events.length} thoughts`);
        for (const line of graphLines(events)) o.out(`  ${line}`);
        summary.sessions.imported += 1;
        summary.thoughts.imported += events.length;
        continue;
      }
      const r = await postTranscript(o.server, text, path.basename(main));
      summary.thoughts.imported += r.thoughts.imported;
      summary.thoughts.skipped += r.thoughts.skipped;
      if (r.thoughts.imported > 0) summary.sessions.imported += 1;
      else summary.sessions.unchanged += 1;
      for (const x of r.refusals) summary.refused.push({ path: `${main} (${x.sourceRef})`, reason: x.message });
      o.progress(
        `${label}: ${r.format}, ${r.thoughts.imported} thoughts imported, ${r.thoughts.skipped} already there`,
        i + 1,
        n,
      );
    } catch (error) {
      summary.sessions.refused += 1;
      summary.refused.push({ path: main, reason: error instanceof Error ? error.message : String(error) });
      o.progress(`${label}: refused (${error instanceof Error ? error.message : String(error)})`, i + 1, n);
    }
  }
  return summary;
}

export function summaryLines(s: ImportSummary, dryRun: boolean): string[] {
  const verb = dryRun ? "would import" : "imported";
  return [
    `Sessions: ${s.sessions.imported} ${verb}, ${s.sessions.unchanged} unchanged, ${s.sessions.refused} refused.`,
    `Thoughts: ${s.thoughts.imported} ${verb}, ${s.thoughts.skipped} already there.`,
    ...(s.refused.length > 0 ? ["Refused:", ...s.refused.map((r) => `  ${r.path}: ${r.reason}`)] : []),
  ];
}
