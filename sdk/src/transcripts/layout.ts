// Where coding agents keep their transcripts, and which files make one session: a Claude Code session's file with
// its sub-agents' files (`agent-<id>.jsonl` beside it, or `<session>/subagents/agent-<id>.jsonl`), a Gemini CLI chat
// with its sub-agents' chats (`chats/<session id>/<id>.jsonl`), a Codex rollout with its sub-agents' rollouts (which
// name their parent thread). A directory walk follows no symlink that leads out of the tree it was given, and passes
// over Gemini CLI's logs and checkpoints.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type Agent = "claude" | "codex" | "gemini";

/** Each agent's transcript directory (their own environment variables first). */
export function agentDirs(env: NodeJS.ProcessEnv = process.env): Record<Agent, string> {
  const home = env.HOME ?? os.homedir();
  return {
    claude: path.join(env.CLAUDE_CONFIG_DIR ?? path.join(home, ".claude"), "projects"),
    codex: path.join(env.CODEX_HOME ?? path.join(home, ".codex"), "sessions"),
    gemini: path.join(home, ".gemini", "tmp"),
  };
}

export interface TranscriptGroup {
  /** The session's own file, then its sub-agents' files. */
  files: string[];
}

export interface Walked {
  groups: TranscriptGroup[];
  refused: { path: string; reason: string }[];
}

const isTranscriptName = (name: string) => name.endsWith(".jsonl") || name.endsWith(".json");

/** Gemini CLI's files beside a project's `chats/`: its prompt log and /chat save checkpoints, no transcripts (their
 *  messages are in the chats). */
const GEMINI_PROJECT_FILES = /^(logs\.json|checkpoint.*\.json)$/;

/** What a file's first 256 KiB say of its session: its id (a Claude Code record's sessionId, a Gemini metadata
 *  line's, a Codex session_meta's id) and, for a Codex sub-agent's rollout, its parent thread. A resumed Claude Code
 *  session's file starts with a summary line per earlier conversation, which names none. */
export function sessionHead(file: string): { id: string | null; parent: string | null } {
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, "r");
    const buf = Buffer.alloc(256 * 1024);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    for (const line of buf.subarray(0, n).toString("utf8").split("\n")) {
      try {
        const r = JSON.parse(line) as { sessionId?: unknown; type?: unknown; payload?: unknown };
        if (typeof r.sessionId === "string") return { id: r.sessionId, parent: null };
        if (r.type === "session_meta") {
          const meta = r.payload as {
            id?: unknown;
            source?: { subagent?: { thread_spawn?: { parent_thread_id?: unknown } } };
          };
          const parent = meta?.source?.subagent?.thread_spawn?.parent_thread_id;
          return {
            id: typeof meta?.id === "string" ? meta.id : null,
            parent: typeof parent === "string" ? parent : null,
          };
        }
      } catch {
        // not a whole line
      }
    }
    return { id: null, parent: null };
  } catch {
    return { id: null, parent: null };
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

/** Transcript files under `paths` (files or directories), grouped into sessions. */
export function walkTranscripts(paths: readonly string[]): Walked {
  const { files, refused } = listTranscripts(paths);
  return { groups: groupSessions(files), refused };
}

/** Transcript files under `paths`, in walk order, without opening any (`watch` lists them on every poll). */
export function listTranscripts(paths: readonly string[]): { files: string[]; refused: Walked["refused"] } {
  const files: string[] = [];
  const refused: Walked["refused"] = [];
  const visit = (p: string, root: string) => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch (error) {
      refused.push({ path: p, reason: (error as NodeJS.ErrnoException).code ?? "cannot be read" });
      return;
    }
    if (st.isSymbolicLink()) {
      let real: string;
      try {
        real = fs.realpathSync(p);
      } catch {
        refused.push({ path: p, reason: "a broken symlink" });
        return;
      }
      if (real !== root && !real.startsWith(root + path.sep)) {
        refused.push({ path: p, reason: "a symlink out of the tree, not followed" });
        return;
      }
      if (fs.statSync(real).isDirectory()) {
        refused.push({ path: p, reason: "a symlinked directory, not followed (its files are walked where they are)" });
        return;
      }
      if (isTranscriptName(p)) files.push(p);
      return;
    }
    if (st.isDirectory()) {
      const names = fs.readdirSync(p).sort();
      const geminiProject = names.includes("chats");
      for (const name of names) {
        if (geminiProject && GEMINI_PROJECT_FILES.test(name)) continue;
        visit(path.join(p, name), root);
      }
    } else if (st.isFile() && isTranscriptName(p)) files.push(p);
  };
  for (const p of paths) {
    const abs = path.resolve(p);
    let root = abs;
    try {
      root = fs.realpathSync(abs);
    } catch {
      // reported by visit
    }
    visit(abs, fs.existsSync(abs) && fs.statSync(abs).isDirectory() ? root : path.dirname(root));
  }
  return { files, refused };
}

/** Sub-agent files (by their place, or a Codex rollout naming its parent thread) go with the session file they belong
 *  to; every other file is a session of its own. */
export function groupSessions(files: readonly string[]): TranscriptGroup[] {
  const groups = new Map<string, TranscriptGroup>();
  const bySession = new Map<string, TranscriptGroup>();
  const extras: string[] = [];
  const heads = new Map(files.map((f) => [f, sessionHead(f)]));
  for (const f of files) {
    if (isSubAgentFile(f) || heads.get(f)!.parent !== null) extras.push(f);
    else {
      const g = { files: [f] };
      groups.set(f, g);
      const id = heads.get(f)!.id;
      if (id && !bySession.has(id)) bySession.set(id, g);
    }
  }
  for (const f of extras) {
    const head = heads.get(f)!;
    const parent = subAgentParent(f) ?? head.parent ?? head.id;
    const g = parent ? bySession.get(parent) : undefined;
    if (g) g.files.push(f);
    else groups.set(f, { files: [f] });
  }
  return [...groups.values()];
}

/** A Claude Code sub-agent's file (agent-*.jsonl), or a Gemini sub-agent's chat (chats/<parent>/<id>.jsonl). */
export function isSubAgentFile(file: string): boolean {
  const base = path.basename(file);
  const dir = path.basename(path.dirname(file));
  const above = path.basename(path.dirname(path.dirname(file)));
  return base.startsWith("agent-") || (above === "chats" && dir !== "chats");
}

/** The parent session's id a sub-agent file's place names: `<session>/subagents/…` or Gemini's `chats/<session>/…`. */
export function subAgentParent(file: string): string | null {
  const dir = path.basename(path.dirname(file));
  const above = path.basename(path.dirname(path.dirname(file)));
  if (dir === "subagents") return above;
  if (above === "chats") return dir;
  return null;
}
