// An imported Claude Code session through the read doors, against the real production server on SQLite: search finds
// the text of its thinking (the main chain's and a sub-agent's) and of a tool result; the JSON export carries each
// thought's kind and text and imports back as the same graph; the Markdown export says what each thought is and
// writes a result under its call; the scores CSV names the imported thoughts a reviewer scored. No answer, export or
// hit ever holds a signature or an encrypted payload (the fixture's are "sig-A-opaque", "sig-B-opaque", "sig-S" and
// "EncryptedRedactedPayload==", stored verbatim in the thoughts' detail).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZThoughtSearchResult } from "@/lib/contracts/search";
import { ZSessionExport, ZSessionGraph, type SessionExport } from "@/lib/contracts/session";
import { ZTranscriptImportResult } from "@/lib/contracts/transcripts";
import {
  call,
  expectShape,
  getGraph,
  startSqliteServer,
  unique,
  ZImportResult,
  type SqliteServer,
} from "@/test/support/api-client";
import { parseCsv } from "@/test/support/csv";

const FIXTURES = path.resolve(import.meta.dirname, "../../lib/transcripts/fixtures");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const FIXTURE_SESSION = "5f0c2a8e-7d1b-4c3a-9e6f-0a1b2c3d4e5f";
const SECRETS = ["sig-A-opaque", "sig-B-opaque", "sig-S", "EncryptedRedactedPayload"];

let tg: SqliteServer;
let sessionId = "";
/** Words only this file's thinking holds: in the main chain's first thinking and in the sub-agent's. */
const mainWord = unique("tzoffset").replace(/[^a-z0-9]/gi, "");
const subWord = unique("suiteonce").replace(/[^a-z0-9]/gi, "");

function expectNoSecret(text: string, where: string) {
  for (const secret of SECRETS) expect(text, `${where} holds ${secret}`).not.toContain(secret);
}

beforeAll(async () => {
  tg = await startSqliteServer("transcript-exports");
  const id = crypto.randomUUID();
  const main = fixture("claude-code-session.jsonl")
    .replaceAll(FIXTURE_SESSION, id)
    .replace("a local date with a UTC one.", `a local date with a UTC one (${mainWord}).`);
  const agent = fixture("claude-code-agent-a1b2c3.jsonl")
    .replaceAll(FIXTURE_SESSION, id)
    .replace("Run the whole suite once.", `Run the whole suite once (${subWord}).`);
  expect(main).toContain(mainWord);
  expect(agent).toContain(subWord);
  const a = await call(tg.server, "/api/v1/import/transcript", {
    method: "POST",
    body: `${main}\n${agent}`,
    headers: { "content-type": "application/jsonl" },
  });
  expect(a.status, a.text).toBe(200);
  const r = expectShape(ZTranscriptImportResult, a);
  expect(r.thoughts.imported).toBe(18);
  sessionId = r.sessionId!;
});

afterAll(async () => {
  await tg?.server.stop();
});

const graph = () => getGraph(tg.server, sessionId);

describe("search over an imported session", () => {
  const search = async (q: string) => {
    const a = await call(tg.server, `/api/v1/search?q=${encodeURIComponent(q)}&limit=20`);
    expect(a.status, a.text).toBe(200);
    expectNoSecret(a.text, `the search for ${q}`);
    return expectShape(ZThoughtSearchResult, a);
  };

  it("finds the thinking of the main chain and of a sub-agent, and a tool result's text, on their thoughts", async () => {
    const g = await graph();
    const thinking = g.thoughts.find((t) => t.text.includes(mainWord))!;
    const subThinking = g.thoughts.find((t) => t.text.includes(subWord))!;
    expect([thinking.kind, thinking.branchId]).toEqual(["reasoning", null]);
    expect([subThinking.kind, subThinking.branchId]).toEqual(["reasoning", "agent-a1b2c3"]);

    const main = await search(mainWord);
    expect(main.hits.map((h) => [h.thoughtId, h.sessionId])).toEqual([[thinking.id, sessionId]]);
    expect(main.hits[0]!.snippet.text).toContain(`a local date with a UTC one (${mainWord})`);

    const sub = await search(subWord);
    expect(sub.hits.map((h) => h.thoughtId)).toEqual([subThinking.id]);

    const result = g.thoughts.find((t) => t.kind === "tool_result" && t.text.includes("toDateString"))!;
    const found = await search(`"toDateString" AND ${"today"}`);
    expect(found.hits.map((h) => h.thoughtId)).toContain(result.id);
  });

  it("finds nothing by an opaque payload, and a placeholder by what it says", async () => {
    // Indexed, these would match: a thought's text is searched by its words, "sig-A-opaque" as sig, a, opaque.
    for (const q of ["EncryptedRedactedPayload", '"sig A opaque"', '"sig B opaque"']) {
      expect((await search(q)).hits, q).toEqual([]);
    }
    const g = await graph();
    const withheld = g.thoughts.filter((t) => t.kind === "placeholder");
    expect(withheld.map((t) => t.text.slice(0, 34))).toEqual([
      "Reasoning not recorded: Claude Cod",
      "Reasoning redacted by the provider",
    ]);
    const r = await search('"reasoning redacted by the provider"');
    expect(r.hits.map((h) => h.thoughtId)).toContain(withheld[1]!.id);
  });

  it("reads the session back without a payload, every thought marked as read from a transcript", async () => {
    const a = await call(tg.server, `/api/v1/sessions/${sessionId}`);
    expect(a.status).toBe(200);
    expectNoSecret(a.text, "GET /api/v1/sessions/{id}");
    expect(new Set(expectShape(ZSessionGraph, a).thoughts.map((t) => t.source))).toEqual(new Set(["transcript"]));
  });
});

describe("exports of an imported session", () => {
  let json: SessionExport;

  beforeAll(async () => {
    const a = await call(tg.server, `/api/v1/sessions/${sessionId}/export?format=json`);
    expect(a.status, a.text).toBe(200);
    expectNoSecret(a.text, "the JSON export");
    json = expectShape(ZSessionExport, a);
  });

  it("JSON: every thought with its kind and text, the thinking whole, the payloads only marked as kept", () => {
    expect(json.thoughts.map((t) => t.kind)).toEqual([
      "prompt",
      "reasoning",
      "tool_call",
      "tool_result",
      "placeholder",
      "answer",
      "prompt",
      "placeholder",
      "tool_call",
      "tool_result",
      "prompt",
      "prompt",
      "answer",
      "prompt",
      "reasoning",
      "tool_call",
      "tool_result",
      "answer",
    ]);
    const byKind = (kind: string) => json.thoughts.filter((t) => t.kind === kind).map((t) => t.text);
    expect(byKind("reasoning")).toEqual([
      `The test compares a local date with a UTC one (${mainWord}).\n\nCheck the helper in src/date.ts.`,
      `Run the whole suite once (${subWord}).`,
    ]);
    expect(byKind("placeholder")).toHaveLength(2);
    expect(byKind("tool_result")).toContain("export const today = () => new Date().toDateString();");
    const thinking = json.thoughts.find((t) => t.text.includes(mainWord))!;
    // The detail keeps the model and tokens, and says a payload was kept, without it.
    expect(thinking.detail).toMatchObject({ opaque: true });
    expect(json.thoughts.filter((t) => t.branchId === "agent-a1b2c3")).toHaveLength(5);
  });

  it("JSON: imports back as a new session with the same thoughts, kinds, details and branches", async () => {
    const a = await call(tg.server, "/api/v1/sessions/import", { method: "POST", json });
    expect(a.status, a.text).toBe(201);
    const copy = await getGraph(tg.server, expectShape(ZImportResult, a).sessionId);
    const shape = (t: { seq: number; kind: string | null; text: string; branchId: string | null; detail: unknown }) => [
      t.seq,
      t.kind,
      t.text,
      t.branchId,
      t.detail,
    ];
    expect(copy.thoughts.map(shape)).toEqual(json.thoughts.map(shape));
    // Each branch forks from the thought of the same place (ids are new in the copy).
    const forks = (g: {
      branches: { key: string; forkThoughtId: string | null }[];
      thoughts: { id: string; seq: number }[];
    }) => g.branches.map((b) => [b.key, g.thoughts.find((t) => t.id === b.forkThoughtId)?.seq ?? null]).sort();
    expect(forks(json)).toEqual([
      ["agent-a1b2c3", json.thoughts.find((t) => t.kind === "tool_call" && t.text.includes("Task"))!.seq],
      ["fork-u12:0", 6],
    ]);
    expect(forks(copy)).toEqual(forks(json));
  });

  it("Markdown: the thinking under headings that say what each thought is, a result under its call", async () => {
    const a = await call(tg.server, `/api/v1/sessions/${sessionId}/export?format=markdown`);
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toMatch(/^text\/markdown/);
    const md = a.text;
    expectNoSecret(md, "the Markdown export");
    expect(md).toMatch(/## 2\/2 · reasoning\n\nThe test compares a local date with a UTC one \(/);
    expect(md).toContain(mainWord);
    expect(md).toContain(`Run the whole suite once (${subWord}).`);
    expect(md).toMatch(/## 5\/5 · reasoning withheld\n\nReasoning not recorded: Claude Code kept only/);
    expect(md).toMatch(/## 8\/8 · reasoning withheld\n\nReasoning redacted by the provider/);
    expect(md).toContain("**Result** (53 characters):\n\n```\nexport const today = () => new Date().toDateString();");
    // 18 thoughts, 3 of them results written under their calls.
    expect(md.match(/^## /gm)).toHaveLength(15);
    expect(md).not.toMatch(/· tool result/);
  });

  it("CSV: a reviewer's scores on imported thinking, a placeholder and a sub-agent's thinking name those thoughts", async () => {
    const config = await call(tg.server, "/api/v1/score-configs", {
      method: "POST",
      json: { name: `insight-${mainWord}`, type: "numeric", min: 0, max: 1, step: 0.5 },
    });
    expect(config.status, config.text).toBe(201);
    const scored = json.thoughts.filter(
      (t) => t.text.includes(mainWord) || t.text.includes(subWord) || t.kind === "placeholder",
    );
    expect(scored).toHaveLength(4);
    for (const t of scored) {
      const s = await call(tg.server, "/api/v1/scores", {
        method: "POST",
        json: { thoughtId: t.id, name: `insight-${mainWord}`, value: 0.5, comment: `on ${t.kind}` },
      });
      expect(s.status, s.text).toBe(201);
    }
    const a = await call(tg.server, `/api/v1/sessions/${sessionId}/export?format=csv`);
    expect(a.status).toBe(200);
    expectNoSecret(a.text, "the CSV export");
    const [head, ...rows] = parseCsv(a.text);
    const col = (row: string[], name: string) => row[head!.indexOf(name)];
    expect(rows.map((r) => [col(r, "thought_id"), col(r, "thought_seq"), col(r, "branch"), col(r, "comment")])).toEqual(
      expect.arrayContaining(scored.map((t) => [t.id, String(t.seq), t.branchId ?? "", `on ${t.kind}`])),
    );
    expect(rows).toHaveLength(4);
  });
});
