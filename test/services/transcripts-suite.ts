// Transcript imports (server/services/transcripts) against a real database of each provider
// (transcripts.sqlite.test.ts, transcripts.postgres.test.ts): a fixture becomes exactly its graph in stored rows (kind,
// detail, branches), importing it again writes nothing, a longer version adds only its new lines, and a file that
// cannot be read is refused with nothing written.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type Services = typeof import("@/server/services/transcripts/import-transcript") & {
  graph: typeof import("@/server/services/sessions/sessions").getSessionGraph;
  db: import("@/server/db/client").Db;
  close: () => Promise<void>;
};

const fixtures = path.join(import.meta.dirname, "../../lib/transcripts/fixtures");
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), "utf8");

export function transcriptsSuite(provider: "sqlite" | "postgresql", databaseUrl: () => Promise<string>) {
  let svc: Services;
  let projectId = "";
  const who = () => ({ projectId, apiKeyId: null, client: "transcripts-suite" });

  beforeAll(async () => {
    process.env.DATABASE_URL = await databaseUrl();
    const client = await import("@/server/db/client");
    await (await import("@/server/db/migrations")).applyMigrations(process.env.DATABASE_URL);
    const { ensureDefaultProject } = await import("@/server/db/default-project");
    svc = {
      ...(await import("@/server/services/transcripts/import-transcript")),
      graph: (await import("@/server/services/sessions/sessions")).getSessionGraph,
      db: client.getDb(),
      close: client.closeDb,
    };
    expect(client.getDbProvider()).toBe(provider);
    projectId = (await ensureDefaultProject(svc.db)).id;
  });

  afterAll(async () => {
    await (await import("@/server/events/pg-relay")).stopPgRelay();
    await svc?.close();
  });

  const counts = async () => ({
    thoughts: await svc.db.thought.count(),
    sessions: await svc.db.thinkingSession.count(),
  });

  describe(`transcript import on ${provider}`, () => {
    it("stores a Claude Code session with its sub-agent as its exact graph, kinds and details", async () => {
      const text = `${fixture("claude-code-session.jsonl")}\n${fixture("claude-code-agent-a1b2c3.jsonl")}`;
      const r = await svc.importTranscript(who(), text, {});
      expect(r).toMatchObject({
        format: "claude-code",
        sessionKey: "claude-code:5f0c2a8e-7d1b-4c3a-9e6f-0a1b2c3d4e5f",
        thoughts: { imported: 18, skipped: 0, refused: 0 },
      });
      const g = await svc.graph(svc.db, projectId, r.sessionId!);
      expect(g.session).toMatchObject({
        agent: "claude-code",
        client: "transcripts-suite",
        title: "Why does the date test fail?",
      });
      expect(g.session.metadata).toMatchObject({ cwd: "/home/dev/app", gitBranch: "fix-dates", version: "2.1.3" });
      expect(g.thoughts.map((t) => [t.thoughtNumber, t.branchId ?? "", t.kind])).toEqual([
        [1, "", "prompt"],
        [2, "", "reasoning"],
        [3, "", "tool_call"],
        [4, "", "tool_result"],
        [5, "", "placeholder"],
        [6, "", "answer"],
        [7, "", "prompt"],
        [8, "", "placeholder"],
        [9, "", "tool_call"],
        [10, "", "tool_result"],
        [11, "", "prompt"],
        [7, "fork-u12:0", "prompt"],
        [8, "fork-u12:0", "answer"],
        [10, "agent-a1b2c3", "prompt"],
        [11, "agent-a1b2c3", "reasoning"],
        [12, "agent-a1b2c3", "tool_call"],
        [13, "agent-a1b2c3", "tool_result"],
        [14, "agent-a1b2c3", "answer"],
      ]);
      const byRef = new Map(g.thoughts.map((t) => [(t.detail as { sourceRef: string }).sourceRef, t]));
      // The fork and the sub-agent hang from the thoughts they came from.
      expect(byRef.get("u12:0")!.branchFromThoughtId).toBe(byRef.get("u6:0")!.id);
      expect(byRef.get("sa1:0")!.branchFromThoughtId).toBe(byRef.get("u9:0")!.id);
      expect(g.branches.map((b) => b.key)).toEqual(["fork-u12:0", "agent-a1b2c3"]);
      expect(byRef.get("u2:0")!.detail).toEqual({
        kind: "reasoning",
        sourceRef: "u2:0",
        at: "2026-11-20T10:00:02.000Z",
        model: "claude-sonnet-4-5",
        tokensIn: 1000,
        tokensOut: 45,
        tokensCached: 900,
        latencyMs: 2000,
        opaque: true,
      });
      // The opaque payload is stored verbatim, and only the database has it.
      const row = await svc.db.thought.findFirstOrThrow({ where: { id: byRef.get("u8:0")!.id } });
      expect((row.detail as { opaque: unknown }).opaque).toEqual({ redactedData: "EncryptedRedactedPayload==" });
      expect(JSON.stringify(g)).not.toContain("EncryptedRedactedPayload");
    });

    it("writes nothing on a second import, and only the new lines of a longer version", async () => {
      const lines = fixture("codex-rollout.jsonl").split("\n");
      const shorter = `${lines.slice(0, 12).join("\n")}\n`;
      const first = await svc.importTranscript(who(), shorter, {});
      expect(first.thoughts).toEqual({ imported: 6, skipped: 0, refused: 0 });
      const before = await counts();
      const again = await svc.importTranscript(who(), shorter, {});
      expect(again.thoughts).toEqual({ imported: 0, skipped: 6, refused: 0 });
      expect(await counts()).toEqual(before);
      const longer = await svc.importTranscript(who(), fixture("codex-rollout.jsonl"), {});
      // The last response's usage came after the cut (its token_count line): that thought was written without it, and
      // the first import stands.
      expect(longer.thoughts).toEqual({ imported: 6, skipped: 6, refused: 0 });
      expect(longer.sessionId).toBe(first.sessionId);
      const g = await svc.graph(svc.db, projectId, first.sessionId!);
      expect(g.thoughts.map((t) => [t.thoughtNumber, t.kind])).toEqual([
        [1, "prompt"],
        [2, "reasoning"],
        [3, "tool_call"],
        [4, "tool_result"],
        [5, "placeholder"],
        [6, "answer"],
        [7, "prompt"],
        [8, "prompt"],
        [9, "reasoning"],
        [10, "answer"],
        [8, "prompt"],
        [9, "answer"],
      ]);
      // The rollback's turn forks from the compaction, where the turn it replaced began.
      expect(g.thoughts.slice(10).map((t) => t.branchId)).toEqual(["fork-L21", "fork-L21"]);
      expect(g.thoughts[10]!.branchFromThoughtId).toBe(g.thoughts[6]!.id);
      expect(g.session.status).toBe("completed"); // the last answer concludes
    });

    it.each([
      ["not JSON", "this is not a transcript\nnor is this\n"],
      ["binary", "\u0000\u0001\u0002ELF"],
      ["JSON of no known format", '{"hello": "world"}'],
      ["records with no session", '{"type":"user","uuid":"a","message":{"role":"user","content":"hi"}}\n'],
    ])("refuses %s with a message naming the body, writing nothing", async (_, text) => {
      const before = await counts();
      await expect(svc.importTranscript(who(), text, {})).rejects.toMatchObject({ status: 400, field: "body" });
      expect(await counts()).toEqual(before);
    });

    /** The Claude Code fixture as a session of its own, its thinking carrying `word`. */
    const claudeSession = async (word: string) => {
      const text = `${fixture("claude-code-session.jsonl")}\n${fixture("claude-code-agent-a1b2c3.jsonl")}`
        .replaceAll("5f0c2a8e-7d1b-4c3a-9e6f-0a1b2c3d4e5f", `${word}-${provider}`)
        .replace("a local date with a UTC one", `a local date with a UTC one (${word})`);
      const r = await svc.importTranscript(who(), text, {});
      expect(r.thoughts.imported).toBe(18);
      return r.sessionId!;
    };

    it("finds text in imported thinking, and a tool result's text on the result", async () => {
      const { searchThoughts } = await import("@/server/services/search/thought-search");
      const { waitForSearchIndex } = await import("@/server/ingest/search-indexer");
      const word = `think${Date.now().toString(36)}`;
      const sessionId = await claudeSession(word);
      await waitForSearchIndex(svc.db);
      const found = await searchThoughts(svc.db, projectId, { q: word, limit: 10, offset: 0 });
      expect(found.hits).toHaveLength(1);
      const g = await svc.graph(svc.db, projectId, sessionId);
      const thinking = g.thoughts.find((t) => t.kind === "reasoning" && t.branchId === null)!;
      expect(found.hits[0]).toMatchObject({ thoughtId: thinking.id, sessionId });
      const result = await searchThoughts(svc.db, projectId, { q: '"toDateString"', limit: 10, offset: 0 });
      expect(result.hits.map((h) => h.thoughtId)).toContain(
        g.thoughts.find((t) => t.kind === "tool_result" && t.text.includes("toDateString"))!.id,
      );
    });

    it("exports the thinking, says what each placeholder is, folds results under their calls, and never an opaque payload", async () => {
      const { exportSessionJson } = await import("@/server/services/sessions/session-transfer");
      const { renderMarkdown } = await import("@/server/services/sessions/session-markdown");
      const sessionId = await claudeSession(`export${Date.now().toString(36)}`);
      const json = await exportSessionJson(svc.db, projectId, sessionId);
      const texts = json.thoughts.map((t) => [t.kind, t.text]);
      expect(texts).toContainEqual(["reasoning", expect.stringContaining("a local date with a UTC one")]);
      expect(texts).toContainEqual(["reasoning", "Run the whole suite once."]);
      expect(texts).toContainEqual(["placeholder", expect.stringContaining("Reasoning not recorded")]);
      expect(texts).toContainEqual(["placeholder", expect.stringContaining("Reasoning redacted by the provider")]);
      expect(json.thoughts.find((t) => t.text.includes("a local date"))!.detail).toMatchObject({ opaque: true });
      const md = renderMarkdown(json);
      for (const file of [JSON.stringify(json), md]) {
        for (const secret of ["sig-A-opaque", "sig-B-opaque", "EncryptedRedactedPayload"]) {
          expect(file).not.toContain(secret);
        }
      }
      // Thinking under a heading that says it is reasoning; a placeholder says what it is, in its heading and text.
      expect(md).toMatch(/## 2\/2 · reasoning\n\nThe test compares a local date with a UTC one/);
      expect(md).toMatch(/## 5\/5 · reasoning withheld\n\nReasoning not recorded: Claude Code kept only/);
      expect(md).toMatch(/## 8\/8 · reasoning withheld\n\nReasoning redacted by the provider/);
      // The Read call's result under it, fenced, and no step of its own.
      expect(md).toContain(
        "## 3/3 · tool call\n\n**Read**\n\n```json\n" +
          '{\n  "file_path": "src/date.ts"\n}\n```\n\n**Result** (53 characters):\n\n```\nexport const today',
      );
      expect(md).not.toContain("tool result");
      expect(md.match(/^## /gm)).toHaveLength(18 - 3);
    });

    it("gives the outline each tool call's and result's call, as the browser reads it from the detail", async () => {
      const { sessionOutline } = await import("@/server/services/dashboard");
      const { toOutline } = await import("@/lib/graph/outline");
      const sessionId = await claudeSession(`outline${Date.now().toString(36)}`);
      const outline = await sessionOutline(svc.db, projectId, sessionId);
      const g = await svc.graph(svc.db, projectId, sessionId);
      expect(outline.thoughts).toEqual(g.thoughts.map(toOutline));
      expect(outline.thoughts.filter((t) => t.tool !== null).map((t) => [t.kind, t.tool])).toEqual([
        ["tool_call", { callId: "toolu_1", name: "Read", isError: false }],
        ["tool_result", { callId: "toolu_1", name: "Read", isError: false }],
        ["tool_call", { callId: "toolu_2", name: "Task", isError: false }],
        ["tool_result", { callId: "toolu_2", name: "Task", isError: false }],
        ["tool_call", { callId: "toolu_s1", name: "Bash", isError: false }],
        ["tool_result", { callId: "toolu_s1", name: "Bash", isError: false }],
      ]);
    });

    it("keeps hostile text as it was sent", async () => {
      const line = JSON.stringify({
        type: "user",
        uuid: "h1",
        parentUuid: null,
        sessionId: `hostile-${provider}`,
        message: { role: "user", content: "<img src=x onerror=alert(1)> [x](javascript:alert(1))" },
      });
      const r = await svc.importTranscript(who(), line, {});
      const g = await svc.graph(svc.db, projectId, r.sessionId!);
      expect(g.thoughts[0]!.text).toBe("<img src=x onerror=alert(1)> [x](javascript:alert(1))");
    });
  });
}
