// The Markdown export through its door (GET /api/v1/sessions/{id}/export?format=markdown) against the real server:
// every Markdown form that can carry markup or a link (test/support/render-markdown.ts, HOSTILE_MARKDOWN), sent as
// thoughts, comes out as text in a CommonMark + GFM viewer that renders inline HTML, and reads as the agent wrote it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { call, record, startSqliteServer, thought, unique, type SqliteServer } from "@/test/support/api-client";
import { HOSTILE_MARKDOWN, harmlessUrl, renderMarkdown } from "@/test/support/render-markdown";

let tg: SqliteServer;
const server = () => tg.server;

async function exportMarkdown(key: string): Promise<string> {
  const a = await call(server(), `/api/v1/sessions/${encodeURIComponent(key)}/export?format=markdown`);
  expect(a.status, a.text).toBe(200);
  return a.text;
}

beforeAll(async () => {
  tg = await startSqliteServer("api-export-markdown");
});

afterAll(async () => {
  await tg?.server.stop();
});

describe("Markdown export: no markup and no script link, in any Markdown link form", () => {
  let markdown: string;
  beforeAll(async () => {
    const key = unique("<img src=x onerror=alert(1)>");
    const n = HOSTILE_MARKDOWN.length;
    for (const [i, [, text]] of HOSTILE_MARKDOWN.entries()) {
      await record(
        server(),
        thought(i + 1, n, {
          sessionId: key,
          thought: text,
          stage: "[s](javascript:alert(1))",
          tags: ["<b>tag</b>"],
          ...(i === 0 ? { metadata: { agent: "<b onclick=x>agent</b>", model: "![m](data:x)" } } : {}),
        }),
      );
    }
    markdown = await exportMarkdown(key);
  });

  it.each(HOSTILE_MARKDOWN.map(([label], i) => [label, i] as const))("neutralises %s", (_, i) => {
    const n = HOSTILE_MARKDOWN.length;
    const section = markdown.split(/^(?=## \d+\/)/m).find((s) => s.startsWith(`## ${i + 1}/${n}`));
    expect(section, "the thought is in the export").toBeTruthy();
    const shown = renderMarkdown(section!);
    expect(shown.raw).toEqual([]);
    expect(shown.urls.filter((u) => !harmlessUrl(u))).toEqual([]);
  });

  it("leaves nothing that runs anywhere in the document", () => {
    const shown = renderMarkdown(markdown);
    expect(shown.raw).toEqual([]);
    expect(shown.urls.filter((u) => !harmlessUrl(u))).toEqual([]);
  });

  it("reads as the agent wrote it, with backslash escapes instead of entities", () => {
    expect(markdown).not.toContain("&lt;");
    expect(markdown).toContain("\\<script>alert(1)\\</script>");
    const shown = renderMarkdown(markdown).text;
    expect(shown).toContain("<script>alert(1)</script>");
    expect(shown).toContain("<b onclick=x>agent</b>");
  });
});
