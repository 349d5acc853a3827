// The CLI's `import` and `watch` (sdk/dist, built here) against the real production server on SQLite, and the import
// door's refusals: a directory tree of the three agents' layouts imported once (again: nothing new), a followed file
// written in small pieces split mid-line, truncated, and a new file beside it; a restarted watcher sends nothing
// twice; a 1 GB (sparse) body is refused before it is read; a binary body, not JSON, hostile text.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZTranscriptImportResult } from "@/lib/contracts/transcripts";
import { TEST_API_KEY } from "@/scripts/lib/server-process";
import {
  call,
  expectError,
  expectShape,
  getGraph,
  sleep,
  startSqliteServer,
  tableCounts,
  type SqliteServer,
} from "@/test/support/api-client";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLI = path.join(ROOT, "sdk/dist/sdk/src/cli.js");
const FIXTURES = path.join(ROOT, "lib/transcripts/fixtures");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");

let tg: SqliteServer;
let tmp: string;

beforeAll(async () => {
  const built = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "sdk/scripts/build.ts"],
    { cwd: ROOT, encoding: "utf8" },
  );
  expect(built.status, built.stderr).toBe(0);
  tg = await startSqliteServer("transcripts-cli");
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tg-cli-"));
});

afterAll(async () => {
  await tg?.server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args, "--url", tg.server.url, "--api-key", TEST_API_KEY], {
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function tree(root: string) {
  const claude = path.join(root, ".claude/projects/-home-dev-app");
  const sub = path.join(claude, "5f0c2a8e-7d1b-4c3a-9e6f-0a1b2c3d4e5f/subagents");
  const codex = path.join(root, ".codex/sessions/2026/11/21");
  const chats = path.join(root, ".gemini/tmp/h/chats");
  for (const d of [sub, codex, path.join(chats, "7c1d9e2f-3a4b-4c5d-8e9f-a0b1c2d3e4f5")])
    fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(
    path.join(claude, "5f0c2a8e-7d1b-4c3a-9e6f-0a1b2c3d4e5f.jsonl"),
    fixture("claude-code-session.jsonl"),
  );
  fs.writeFileSync(path.join(sub, "agent-a1b2c3.jsonl"), fixture("claude-code-agent-a1b2c3.jsonl"));
  fs.writeFileSync(path.join(codex, "rollout-2026-11-21T09-00-00-019a2d7a.jsonl"), fixture("codex-rollout.jsonl"));
  fs.writeFileSync(path.join(chats, "session-2026-11-22T08-00-7c1d9e2f.jsonl"), fixture("gemini-session.jsonl"));
  fs.writeFileSync(
    path.join(chats, "7c1d9e2f-3a4b-4c5d-8e9f-a0b1c2d3e4f5/sub-9f8e.jsonl"),
    fixture("gemini-subagent.jsonl"),
  );
  fs.symlinkSync("/etc", path.join(root, "escape"));
}

describe("thoughtgraph import", () => {
  it("imports a directory tree of the three layouts once, and again writes nothing", () => {
    const root = path.join(tmp, "tree");
    tree(root);
    const first = cli(["import", root]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain("Sessions: 3 imported, 0 unchanged, 0 refused.");
    expect(first.stdout).toContain("Thoughts: 40 imported, 0 already there.");
    expect(first.stdout).toMatch(/escape: a symlink out of the tree, not followed/);
    expect(first.stderr).toMatch(/\[1\/3\] .*5f0c2a8e.*\(\+1 sub-agent files\): claude-code, 18 thoughts imported/);
    const before = tableCounts(tg.dbFile);
    const again = cli(["import", root]);
    expect(again.stdout).toContain("Sessions: 0 imported, 3 unchanged, 0 refused.");
    expect(again.stdout).toContain("Thoughts: 0 imported, 40 already there.");
    expect(tableCounts(tg.dbFile).thoughts).toBe(before.thoughts);
  });
});

describe("thoughtgraph watch", () => {
  let child: ChildProcess | null = null;
  let log = "";
  const dir = () => path.join(tmp, "live");
  const state = () => path.join(tmp, "watch-state.json");
  const start = () => {
    log = "";
    child = spawn(
      process.execPath,
      [CLI, "watch", dir(), "--state", state(), "--url", tg.server.url, "--api-key", TEST_API_KEY],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  };
  const stop = async () => {
    const c = child!;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill("SIGTERM");
    await exited;
    child = null;
  };
  afterAll(async () => {
    if (child) await stop();
  });

  const graphOrNull = async (key: string) => {
    const a = await call(tg.server, `/api/v1/sessions/${encodeURIComponent(key)}`);
    return a.status === 200 ? (a.body as { thoughts: { text: string; kind: string | null }[] }) : null;
  };
  async function until<T>(what: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await what();
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out; watch log:\n${log}`);
      await sleep(50);
    }
  }

  it("follows appends split mid-line, a truncation and a new file; a restart sends nothing twice", async () => {
    fs.mkdirSync(dir(), { recursive: true });
    const file = path.join(dir(), "rollout-live.jsonl");
    // Session ids of their own: the import test above wrote the fixtures' sessions.
    const lines = fixture("codex-rollout.jsonl").replaceAll("019a2d7a-41c4", "live0000-41c4").split("\n").slice(0, 20);
    fs.writeFileSync(file, `${lines.slice(0, 3).join("\n")}\n`);
    start();
    const key = "codex:live0000-41c4-78b1-b7cc-a45d62a89cd5";
    await until(async () => (await graphOrNull(key))?.thoughts.length === 1);
    // The rest in 7-byte writes: lines split anywhere, never read half.
    const rest = `${lines.slice(3, 12).join("\n")}\n`;
    for (let i = 0; i < rest.length; i += 7) {
      fs.appendFileSync(file, rest.slice(i, i + 7));
      if (i % 140 === 0) await sleep(5);
    }
    const g = await until(async () => {
      const x = await graphOrNull(key);
      return x && x.thoughts.length === 6 ? x : null;
    });
    expect(g.thoughts.map((t) => t.kind)).toEqual([
      "prompt",
      "reasoning",
      "tool_call",
      "tool_result",
      "placeholder",
      "answer",
    ]);

    // Restart: the state file says what was sent; appending more sends only the new.
    await stop();
    fs.appendFileSync(file, `${lines.slice(12, 20).join("\n")}\n`);
    start();
    const after = await until(async () => {
      const x = await graphOrNull(key);
      return x && x.thoughts.length === 10 ? x : null;
    });
    expect(after.thoughts.map((t) => t.kind).slice(6)).toEqual(["prompt", "prompt", "reasoning", "answer"]);
    await sleep(800);
    expect(log).not.toMatch(/already there/);

    // Truncated and rewritten as another session; and a new file beside it (session ids of their own again: waiting
    // for the fixtures' sessions would return at once, before the watcher read anything).
    const claude = fixture("claude-code-session.jsonl").replaceAll("5f0c2a8e-7d1b", "live0000-7d1b");
    fs.writeFileSync(file, claude.split("\n").slice(2, 3).join("\n") + "\n");
    const gemini = fixture("gemini-session.jsonl").replaceAll("7c1d9e2f-3a4b", "live0000-3a4b");
    fs.writeFileSync(path.join(dir(), "gemini-new.jsonl"), gemini.split("\n").slice(0, 2).join("\n") + "\n");
    await until(async () => (await graphOrNull("claude-code:live0000-7d1b-4c3a-9e6f-0a1b2c3d4e5f")) !== null);
    await until(async () => (await graphOrNull("gemini-cli:live0000-3a4b-4c5d-8e9f-a0b1c2d3e4f5")) !== null);
    expect(log).toMatch(/truncated; reading it from its start/);
    await stop();
  });
});

describe("POST /api/v1/import/transcript refuses bad input, writing nothing", () => {
  const post = (body: BodyInit, query = "") =>
    call(tg.server, `/api/v1/import/transcript${query}`, {
      method: "POST",
      body,
      headers: { "content-type": "application/jsonl" },
    });

  it("answers an import with its counts", async () => {
    const a = await post(fixture("openai-responses.json"), "?name=primes");
    expect(a.status, a.text).toBe(200);
    expect(expectShape(ZTranscriptImportResult, a)).toMatchObject({
      format: "openai-responses",
      sessionKey: "openai-responses:primes",
      thoughts: { imported: 4 },
    });
    const g = await getGraph(tg.server, "openai-responses:primes");
    expect(g.thoughts.map((t) => t.kind)).toEqual(["prompt", "reasoning", "placeholder", "answer"]);
  });

  it.each([
    ["not JSON", "just some words\n", 400],
    ["binary", Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80, 0x81]), 400],
    ["an unknown format name", "{}", 400],
  ])("%s", async (_, body, status) => {
    const before = tableCounts(tg.dbFile);
    const a = await post(body as BodyInit, _ === "an unknown format name" ? "?format=word" : "");
    expectError(a, status, _ === "an unknown format name" ? "format" : "body");
    expect(tableCounts(tg.dbFile)).toEqual(before);
  });

  it("refuses a 1 GB file before reading it (a sparse file, streamed)", async () => {
    const big = path.join(tmp, "big.jsonl");
    const fd = fs.openSync(big, "w");
    fs.ftruncateSync(fd, 1024 ** 3);
    fs.closeSync(fd);
    const before = tableCounts(tg.dbFile);
    const url = new URL("/api/v1/import/transcript", tg.server.url);
    const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      const req = http.request(url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${TEST_API_KEY}`,
          "content-type": "application/jsonl",
          "content-length": String(1024 ** 3),
        },
      });
      const stream = fs.createReadStream(big);
      let sent = 0;
      stream.on("data", (c) => (sent += c.length));
      req.on("response", (res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => {
          stream.destroy();
          resolve({ status: res.statusCode ?? 0, body, sent });
        });
      });
      req.on("error", (e) => (sent > 0 ? resolve({ status: -1, body: String(e), sent }) : reject(e)));
      stream.pipe(req);
    });
    expect(answer.status, answer.body).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "limit_exceeded", field: "body" } });
    expect((JSON.parse(answer.body) as { error: { message: string } }).error.message).toContain(
      "67108864 bytes (64 MiB)",
    );
    expect(answer.sent).toBeLessThan(1024 ** 3);
    expect(tableCounts(tg.dbFile)).toEqual(before);
  });
});
