// `thoughtgraph watch`: follows the agents' transcript directories and sends every new record's thoughts as it is
// written. The directories are polled (every 200 ms: fs.watch misses files in new directories on Linux and is not
// recursive on Node 20's every platform), listing file names only: a file is opened when its size changes. It is read
// from where it was left, at most MAX_LINE_BYTES at a time, up to its last complete line, so a line written in pieces
// is read once whole and keeps its line number (a Codex item's id). A file that shrinks or is replaced (another
// inode) is read again from its start as a new file; one holding NUL bytes (binary, sparse) is not followed. A model
// response's items wait for its usage (Claude Code repeats it on each of the response's records, final on the last):
// they go out when a poll finds no new line of their session since the previous one.
//
// Restart: the state file keeps each file's inode and the bytes read, and each session's count of thoughts sent. On
// start, a known file's lines are read again (the readers need them to place what follows) and what they produce is
// held until the session is quiet: then a session read from one file sends all but its first `sent` thoughts (the
// thoughts of a prefix never change, lib/normalised/plan-thoughts.ts), and one read from several files (a session
// and its sub-agents', whose lines interleaved as they grew) asks the server which of its thoughts it has.
import fs from "node:fs";
import path from "node:path";
import { MAX_TRANSCRIPT_BYTES } from "../../../lib/contracts/transcripts";
import { ThoughtPlanner, type ThoughtEvent } from "../../../lib/normalised/plan-thoughts";
import { detectRecord, readerFor, type LineFormat } from "../../../lib/transcripts/read";
import type { TranscriptReader } from "../../../lib/transcripts/reader";
import { redactValue } from "../../../lib/transcripts/redact";
import { isSubAgentFile, listTranscripts, subAgentParent } from "./layout";
import { knownSourceRefs, postEvents, type ServerRef } from "./send";

export const POLL_MS = 200;
/** A session with no new line for this long has its waiting responses sent: one poll. At 300 ms (two polls) a
 *  thinking line took 592–654 ms (p50) and up to 1,055 ms (p95) from its append to the page (bench:import, load
 *  average 20–29); a person's question, sent as soon as it is read, 196–326 ms. */
export const QUIET_MS = POLL_MS;
/** The most of a file read at once, and so the longest line followed (as long as the largest file an import takes):
 *  a record holding an image or a long tool output runs to a few MB. A longer line is skipped and said so. */
export const MAX_LINE_BYTES = MAX_TRANSCRIPT_BYTES;

export interface WatchOptions {
  dirs: readonly string[];
  server: ServerRef;
  redactions: readonly RegExp[];
  dryRun: boolean;
  statePath: string;
  out: (line: string) => void;
  log: (line: string) => void;
  /** The longest line followed (default MAX_LINE_BYTES). */
  maxLineBytes?: number;
}

interface Session {
  key: string;
  reader: TranscriptReader;
  planner: ThoughtPlanner | null;
  /** Thoughts sent (to the state file: how many of a single-file session's not to send again after a restart). */
  sent: number;
  queue: ThoughtEvent[];
  quietSince: number;
  /** The files it is read from (a session's own and its sub-agents'). */
  files: Set<string>;
  /** After a restart, what it produced until it first went quiet: which of it was sent before is settled then. */
  backlog: ThoughtEvent[] | null;
}

interface Followed {
  ino: number;
  offset: number;
  line: number;
  session: Session | null;
  /** Sub-agent files name themselves to the reader (Gemini keys a sub-agent's records by its file). */
  name?: string;
  changedAt: number;
  /** The state file's entry for it no longer matches the file. */
  stale: boolean;
  /** Holds NUL bytes: not a transcript, not read again unless it is truncated or replaced. */
  refused?: boolean;
  /** Inside a line longer than the longest read, dropping bytes up to its end. */
  skipping?: boolean;
  /** Claude Code records read before the first that names the session. */
  early?: { record: unknown; line: number }[];
}

interface State {
  files: Record<string, { ino: number; offset: number; line: number }>;
  sessions: Record<string, number>;
}

/** The session a Claude Code record names (a sub-agent's records name their parent session). */
function claudeSessionId(record: unknown): string | null {
  const id = (record as { sessionId?: unknown }).sessionId;
  return typeof id === "string" && id !== "" ? id : null;
}

/** The parent thread a Codex sub-agent's rollout names in its session_meta. */
function codexParent(record: unknown): string | null {
  const r = record as {
    type?: unknown;
    payload?: { source?: { subagent?: { thread_spawn?: { parent_thread_id?: unknown } } } };
  };
  const parent = r.type === "session_meta" ? r.payload?.source?.subagent?.thread_spawn?.parent_thread_id : undefined;
  return typeof parent === "string" ? parent : null;
}

function loadState(p: string): State {
  try {
    const s = JSON.parse(fs.readFileSync(p, "utf8")) as State;
    return { files: s.files ?? {}, sessions: s.sessions ?? {} };
  } catch {
    return { files: {}, sessions: {} };
  }
}

export class Watcher {
  private readonly files = new Map<string, Followed>();
  private readonly sessions = new Map<string, Session>();
  private readonly state: State;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private stopped = false;
  /** The state changed since it was last written (written only then: a poll that finds nothing writes nothing). */
  private dirty = false;

  constructor(private readonly o: WatchOptions) {
    this.state = loadState(o.statePath);
  }

  start(): void {
    const tick = async () => {
      if (this.stopped) return;
      if (!this.busy) {
        this.busy = true;
        try {
          await this.poll();
        } catch (error) {
          this.o.log(`watch: ${error instanceof Error ? error.message : String(error)} (trying again)`);
        } finally {
          this.busy = false;
        }
      }
      if (!this.stopped) this.timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.busy) await new Promise((r) => setTimeout(r, 20));
  }

  /** One pass: new bytes of every file, their thoughts sent. Exposed for tests. */
  async poll(): Promise<void> {
    const now = Date.now();
    const found = listTranscripts(this.o.dirs.filter((d) => fs.existsSync(d)));
    // Session files first, so a sub-agent's file finds its session.
    const paths = found.files.sort((a, b) => Number(isSubAgentFile(a)) - Number(isSubAgentFile(b)));
    for (const p of paths) this.readNew(p, now);
    for (const s of this.sessions.values()) {
      const quiet = now - s.quietSince >= QUIET_MS;
      if (!quiet) continue;
      for (const item of s.reader.flush()) this.produce(s, s.planner?.add(item) ?? []);
      if (s.backlog) await this.settleBacklog(s);
    }
    await this.send();
  }

  private sessionFor(file: string, format: LineFormat, stale: boolean, first: unknown): Session {
    const claudeId = format === "claude-code" ? claudeSessionId(first) : null;
    const key = claudeId !== null ? `claude:${claudeId}` : file;
    // A Gemini sub-agent's chat, or a Codex sub-agent's rollout, joins the session it names, when that is followed.
    const parent =
      format === "gemini-cli" && isSubAgentFile(file)
        ? subAgentParent(file)
        : format === "codex"
          ? codexParent(first)
          : null;
    if (parent !== null) {
      const owner = [...this.sessions.values()].find((s) => s.reader.facts()?.id === parent);
      if (owner) return owner;
    }
    let s = this.sessions.get(key);
    if (!s) {
      s = {
        key,
        reader: readerFor(format),
        planner: null,
        sent: stale ? 0 : (this.state.sessions[key] ?? 0),
        queue: [],
        quietSince: 0,
        files: new Set(),
        backlog: !stale && (this.state.sessions[key] ?? 0) > 0 ? [] : null,
      };
      this.sessions.set(key, s);
    }
    return s;
  }

  private readNew(p: string, now: number): void {
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      this.files.delete(p);
      return;
    }
    let f = this.files.get(p);
    if (f && (f.ino !== st.ino || st.size < f.offset)) {
      // Truncated, or replaced by a new file under the same name: read it as new.
      this.o.log(`watch: ${p} was ${f.ino !== st.ino ? "replaced" : "truncated"}; reading it from its start`);
      if (f.session) {
        this.sessions.delete(f.session.key);
        delete this.state.sessions[f.session.key];
        this.dirty = true;
      }
      f = undefined;
      this.files.delete(p);
    }
    if (!f) {
      // A file read before a restart is read again from its start; its session's count of thoughts sent says which
      // not to send again, unless the file changed meanwhile.
      const saved = this.state.files[p];
      const stale = saved !== undefined && (saved.ino !== st.ino || st.size < saved.offset);
      f = { ino: st.ino, offset: 0, line: 0, session: null, changedAt: now, stale };
      this.files.set(p, f);
    }
    if (f.refused || st.size === f.offset) return;
    const maxLine = this.o.maxLineBytes ?? MAX_LINE_BYTES;
    const fd = fs.openSync(p, "r");
    let buf: Buffer;
    try {
      buf = Buffer.alloc(Math.min(st.size - f.offset, maxLine));
      buf = buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, f.offset));
    } finally {
      fs.closeSync(fd);
    }
    if (buf.includes(0)) {
      // JSON text never holds a NUL byte (JSON escapes it): a binary file, or a sparse one. Not read again unless it
      // is truncated or replaced.
      f.refused = true;
      this.o.log(`watch: ${p} holds NUL bytes: not a transcript, not followed`);
      return;
    }
    let start = 0;
    if (f.skipping) {
      // The rest of a line longer than maxLine: dropped up to its end.
      const end = buf.indexOf(0x0a);
      f.offset += end < 0 ? buf.length : end + 1;
      if (end < 0) return;
      f.skipping = false;
      f.line += 1;
      start = end + 1;
    }
    const end = buf.lastIndexOf(0x0a);
    if (end < start) {
      // A whole read with no end of line in it: a line longer than the longest read.
      if (start === 0 && buf.length === maxLine) {
        f.skipping = true;
        f.offset += buf.length;
        this.o.log(`watch: ${p} line ${f.line + 1} is longer than ${maxLine} bytes: skipped`);
      }
      return; // no complete line yet
    }
    const text = buf.subarray(start, end + 1).toString("utf8");
    f.offset += end + 1 - start;
    f.changedAt = now;
    for (const line of text.split("\n").slice(0, -1)) {
      f.line += 1;
      if (line.trim() === "") continue;
      let record: unknown;
      try {
        record = JSON.parse(line);
      } catch {
        continue;
      }
      if (!f.session) {
        const format = detectRecord(record);
        if (!format) continue;
        const claudeId = format === "claude-code" ? claudeSessionId(record) : null;
        if (format === "claude-code" && claudeId === null) {
          // A summary or snapshot line before the first record that names the session: its file's records and its
          // sub-agents' files go to one session, keyed by that name, so it waits for it.
          (f.early ??= []).push({ record, line: f.line });
          continue;
        }
        f.session = this.sessionFor(p, format, f.stale, record);
        f.session.files.add(p);
        if (isSubAgentFile(p) || (format === "codex" && codexParent(record) !== null)) f.name = path.basename(p);
        for (const early of f.early?.splice(0) ?? []) this.push(f.session, early.record, early.line, f.name, now);
      }
      this.push(f.session, record, f.line, f.name, now);
    }
    this.state.files[p] = { ino: f.ino, offset: f.offset, line: f.line };
    this.dirty = true;
  }

  private push(s: Session, record: unknown, line: number, name: string | undefined, now: number): void {
    const items = s.reader.push(redactValue(record, this.o.redactions), line, name);
    if (items.length > 0 && !s.planner) {
      s.planner = new ThoughtPlanner(
        { ...s.reader.facts()! },
        { maxThoughtChars: 100_000, client: "thoughtgraph-cli" },
      );
    }
    for (const item of items) this.produce(s, s.planner!.add(item));
    s.quietSince = now;
  }

  private produce(s: Session, events: ThoughtEvent[]): void {
    (s.backlog ?? s.queue).push(...events);
  }

  /**
   * A restarted session's thoughts, read again, that were not sent before the restart. A session read from one file
   * produces its thoughts in the same order every time (the thoughts of a prefix never change), so the first `sent`
   * were sent. One read from several files (its sub-agents') interleaves them as the files grew, which a restart
   * does not repeat: the server says which of its thoughts it has (their source refs).
   */
  private async settleBacklog(s: Session): Promise<void> {
    const backlog = s.backlog!;
    if (s.files.size <= 1 || this.o.dryRun || backlog.length === 0) {
      s.queue.push(...backlog.slice(s.sent));
    } else {
      const known = await knownSourceRefs(this.o.server, backlog[0]!.body.sessionId);
      s.queue.push(...backlog.filter((e) => !known.has(e.body.detail.sourceRef)));
    }
    s.backlog = null;
  }

  private async send(): Promise<void> {
    for (const s of this.sessions.values()) {
      if (s.queue.length === 0) continue;
      const batch = s.queue.splice(0);
      if (this.o.dryRun) {
        for (const e of batch) this.o.out(JSON.stringify(e));
      } else {
        try {
          const r = await postEvents(this.o.server, batch);
          this.o.log(
            `watch: ${batch[0]!.body.sessionId}: ${r.written} new thoughts${r.seen ? `, ${r.seen} already there` : ""}`,
          );
        } catch (error) {
          s.queue.unshift(...batch); // sent again on the next pass
          throw error;
        }
      }
      s.sent += batch.length;
      this.state.sessions[s.key] = s.sent;
      this.dirty = true;
    }
    this.saveState();
  }

  private saveState(): void {
    if (this.o.dryRun || !this.dirty) return;
    this.dirty = false;
    fs.mkdirSync(path.dirname(this.o.statePath), { recursive: true });
    const tmp = `${this.o.statePath}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.state));
    fs.renameSync(tmp, this.o.statePath);
  }
}
