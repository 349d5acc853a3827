// The watcher's reading of files, in dry-run (each thought it would send printed as JSON, no server): a followed file
// read in pieces gives exactly the thoughts an import of the whole file gives (same idempotency keys and bodies, so
// following then importing, or the other way round, writes nothing twice); a file that does not change is not opened
// again; a binary or sparse file is refused once; a line longer than the longest read is skipped and counted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { planThoughts, type ThoughtEvent } from "../../../lib/normalised/plan-thoughts";
import { readTranscript } from "../../../lib/transcripts/read";
import { QUIET_MS, Watcher } from "./watch";

const FIXTURES = path.join(import.meta.dirname, "../../../lib/transcripts/fixtures");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dir = "";
let sent: ThoughtEvent[] = [];
let logged: string[] = [];

function watcher(extra: { maxLineBytes?: number } = {}): Watcher {
  return new Watcher({
    dirs: [dir],
    server: { baseUrl: "http://127.0.0.1:9" },
    redactions: [],
    dryRun: true,
    statePath: path.join(dir, "..", "state.json"),
    out: (line) => sent.push(JSON.parse(line) as ThoughtEvent),
    log: (line) => logged.push(line),
    ...extra,
  });
}

/** Two polls a quiet period apart: what was read, and the responses held for their usage, go out. */
async function settle(w: Watcher): Promise<void> {
  await w.poll();
  await sleep(QUIET_MS + 20);
  await w.poll();
}

beforeEach(() => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tg-watch-"));
  dir = path.join(root, "sessions");
  fs.mkdirSync(dir);
  sent = [];
  logged = [];
});

afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

describe("Watcher", () => {
  it("gives a file read in pieces the thoughts an import of the whole file gives (Codex ids are line numbers)", async () => {
    const text = fixture("codex-rollout.jsonl");
    const lines = text.split("\n");
    const file = path.join(dir, "rollout-2026-11-21T09-00-00-019a2d7a.jsonl");
    const w = watcher();
    // Three reads: a first line alone, a cut mid-line, then the rest (its last line still without its newline).
    fs.writeFileSync(file, `${lines[0]}\n`);
    await settle(w);
    const rest = `${lines.slice(1).join("\n")}`;
    const cut = rest.indexOf("List the routes");
    fs.appendFileSync(file, rest.slice(0, cut));
    await settle(w);
    fs.appendFileSync(file, rest.slice(cut));
    await settle(w);
    const whole = readTranscript(text);
    expect(sent).toEqual(planThoughts(whole.session, { maxThoughtChars: 100_000, client: "thoughtgraph-cli" }));
    expect(sent.map((e) => e.body.detail.sourceRef)).toEqual([
      "L3",
      "L6",
      "L8",
      "L10",
      "L11",
      "L12",
      "L15",
      "L16",
      "L18",
      "L19",
      "L21",
      "L22",
    ]);
  });

  it.each([
    ["beside the session", "agent-a1b2c3.jsonl"],
    ["under the session", "5f0c2a8e-7d1b-4c3a-9e6f-0a1b2c3d4e5f/subagents/agent-a1b2c3.jsonl"],
  ])(
    "gives a Claude Code session first seen as its summary line, and its sub-agent's file %s, the thoughts of an import",
    async (_, agentPath) => {
      const main = fixture("claude-code-session.jsonl");
      const agent = fixture("claude-code-agent-a1b2c3.jsonl");
      const file = path.join(dir, "-home-dev-app", "5f0c2a8e-7d1b-4c3a-9e6f-0a1b2c3d4e5f.jsonl");
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const w = watcher();
      // The agent writes a line at a time; the first (a summary) names no session.
      for (const line of main.split("\n").slice(0, -1)) {
        fs.appendFileSync(file, `${line}\n`);
        await w.poll();
      }
      const agentFile = path.join(path.dirname(file), agentPath);
      fs.mkdirSync(path.dirname(agentFile), { recursive: true });
      fs.writeFileSync(agentFile, agent.endsWith("\n") ? agent : `${agent}\n`);
      await settle(w);
      const whole = readTranscript(`${main}\n${agent}`);
      expect(sent).toEqual(planThoughts(whole.session, { maxThoughtChars: 100_000, client: "thoughtgraph-cli" }));
      expect(sent.at(-5)!.body).toMatchObject({ branchId: "agent-a1b2c3", branchFromThought: 9, thoughtNumber: 10 });
    },
  );

  it("gives a Gemini CLI chat and its sub-agent's chat (chats/<session>/<id>.jsonl) the thoughts of an import", async () => {
    const main = fixture("gemini-session.jsonl");
    const sub = fixture("gemini-subagent.jsonl");
    const chats = path.join(dir, "b3f1", "chats");
    fs.mkdirSync(path.join(chats, "7c1d9e2f-3a4b-4c5d-8e9f-a0b1c2d3e4f5"), { recursive: true });
    const w = watcher();
    const lines = main.split("\n");
    fs.writeFileSync(path.join(chats, "session-2026-11-22T08-00-7c1d9e2f.jsonl"), `${lines.slice(0, 8).join("\n")}\n`);
    await settle(w);
    fs.appendFileSync(path.join(chats, "session-2026-11-22T08-00-7c1d9e2f.jsonl"), lines.slice(8).join("\n"));
    fs.writeFileSync(path.join(chats, "7c1d9e2f-3a4b-4c5d-8e9f-a0b1c2d3e4f5", "sub-9f8e.jsonl"), `${sub}\n`);
    await settle(w);
    const whole = readTranscript(`${main}\n${sub}`);
    expect(sent).toEqual(planThoughts(whole.session, { maxThoughtChars: 100_000, client: "thoughtgraph-cli" }));
    expect(sent.filter((e) => e.body.branchId === "agent-sub-9f8e").map((e) => e.body.detail.sourceRef)).toEqual([
      "sub-9f8e/s1:text",
      "sub-9f8e/s2:text",
    ]);
  });

  it("gives a Codex rollout and a sub-agent's rollout written while it runs the thoughts of an import", async () => {
    const lines = fixture("codex-rollout.jsonl").split("\n");
    const sub = fixture("codex-subagent.jsonl");
    const day = path.join(dir, "2026", "11", "21");
    fs.mkdirSync(day, { recursive: true });
    const file = path.join(day, "rollout-2026-11-21T09-00-00-019a2d7a.jsonl");
    const w = watcher();
    fs.writeFileSync(file, `${lines.slice(0, 9).join("\n")}\n`);
    await settle(w);
    fs.writeFileSync(path.join(day, "rollout-2026-11-21T09-00-04-019a2d7b.jsonl"), `${sub}\n`);
    await settle(w);
    fs.appendFileSync(file, lines.slice(9).join("\n"));
    await settle(w);
    const whole = readTranscript(`${lines.join("\n")}\n${sub}`);
    const byId = (events: ThoughtEvent[]) => [...events].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(sent)).toEqual(
      byId(planThoughts(whole.session, { maxThoughtChars: 100_000, client: "thoughtgraph-cli" })),
    );
    expect(sent.filter((e) => e.body.branchId?.startsWith("agent-")).map((e) => e.body.thoughtNumber)).toEqual([
      4, 5, 6,
    ]);
  });

  it("opens no file that has not changed since the last poll", async () => {
    const claude = fixture("claude-code-session.jsonl").split("\n").slice(0, 6).join("\n") + "\n";
    for (let i = 0; i < 30; i++) {
      const id = `${String(i).padStart(8, "0")}-7d1b-4c3a-9e6f-0a1b2c3d4e5f`;
      fs.writeFileSync(path.join(dir, `${id}.jsonl`), claude.replaceAll("5f0c2a8e-7d1b-4c3a-9e6f-0a1b2c3d4e5f", id));
    }
    const w = watcher();
    await settle(w);
    expect(sent).toHaveLength(30 * 4);
    const opened = vi.spyOn(fs, "openSync");
    await w.poll();
    await w.poll();
    expect(opened).not.toHaveBeenCalled();
  });

  it("writes its state file when it read or sent something, not on every poll", async () => {
    const meta = fixture("codex-rollout.jsonl").split("\n")[0]!;
    fs.writeFileSync(path.join(dir, "rollout-meta.jsonl"), `${meta}\n`);
    const w = new Watcher({
      dirs: [dir],
      server: { baseUrl: "http://127.0.0.1:9" },
      redactions: [],
      dryRun: false,
      statePath: path.join(dir, "..", "state.json"),
      out: () => undefined,
      log: (line) => logged.push(line),
    });
    const written = vi.spyOn(fs, "writeFileSync");
    await w.poll();
    expect(written).toHaveBeenCalledTimes(1);
    await w.poll();
    await w.poll();
    expect(written).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "..", "state.json"), "utf8"))).toMatchObject({
      files: { [path.join(dir, "rollout-meta.jsonl")]: { offset: meta.length + 1, line: 1 } },
    });
  });

  it("refuses a sparse 1 GB file once, reading no more than the longest line", async () => {
    const big = path.join(dir, "big.jsonl");
    const fd = fs.openSync(big, "w");
    fs.ftruncateSync(fd, 1024 ** 3);
    fs.closeSync(fd);
    const read = vi.spyOn(fs, "readSync");
    const w = watcher({ maxLineBytes: 1024 * 1024 });
    await settle(w);
    await w.poll();
    expect(logged).toEqual([`watch: ${big} holds NUL bytes: not a transcript, not followed`]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0]![1]).toHaveLength(1024 * 1024);
    expect(sent).toEqual([]);
  });

  it("skips a line longer than the longest read, counting it, and reads the lines after it", async () => {
    const lines = fixture("codex-rollout.jsonl").split("\n");
    const file = path.join(dir, "rollout-long.jsonl");
    const long = JSON.stringify({ type: "event_msg", payload: { type: "note", text: "x".repeat(5000) } });
    // Line 2 is replaced by the long line: the thoughts after it keep their line numbers.
    fs.writeFileSync(file, [lines[0], long, ...lines.slice(2, 12)].join("\n") + "\n");
    const w = watcher({ maxLineBytes: 1024 });
    for (let i = 0; i < 20; i++) await w.poll();
    await sleep(QUIET_MS + 20);
    await w.poll();
    expect(logged).toEqual([`watch: ${file} line 2 is longer than 1024 bytes: skipped`]);
    expect(sent.map((e) => e.body.detail.sourceRef)).toEqual(["L3", "L6", "L8", "L10", "L11", "L12"]);
  });
});
