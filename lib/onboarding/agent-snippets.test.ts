import { describe, expect, it } from "vitest";
import { agentSnippets, KEY_PLACEHOLDER } from "./agent-snippets";

describe("agentSnippets", () => {
  const key = "tg_write_abc123";
  const snippets = agentSnippets({ baseUrl: "http://10.0.0.5:3000/", apiKey: key });

  it("covers the seven clients, each filled with the server URL (no trailing slash doubled) and the key", () => {
    expect(snippets.map((s) => s.id)).toEqual([
      "curl",
      "claude-code",
      "cursor",
      "claude-desktop",
      "ai-sdk",
      "openai-agents",
      "transcripts",
      "opentelemetry",
    ]);
    for (const s of snippets) {
      expect(s.code, s.id).toContain(key);
      expect(s.code, s.id).toContain("http://10.0.0.5:3000");
      expect(s.code, s.id).not.toContain("3000//");
      expect(s.code, s.id).not.toContain(KEY_PLACEHOLDER);
    }
  });

  it("writes JSON configs that parse, with the MCP endpoint and a Bearer header", () => {
    const cursor = JSON.parse(snippets.find((s) => s.id === "cursor")!.code) as {
      mcpServers: { thoughtgraph: { url: string; headers: Record<string, string> } };
    };
    expect(cursor.mcpServers.thoughtgraph).toEqual({
      url: "http://10.0.0.5:3000/api/mcp",
      headers: { Authorization: `Bearer ${key}` },
    });
    const desktop = JSON.parse(snippets.find((s) => s.id === "claude-desktop")!.code) as {
      mcpServers: { thoughtgraph: { env: Record<string, string> } };
    };
    expect(desktop.mcpServers.thoughtgraph.env).toEqual({
      THOUGHTGRAPH_URL: "http://10.0.0.5:3000",
      THOUGHTGRAPH_API_KEY: key,
    });
  });

  it("writes curl's body as JSON that parses and keeps each line short enough for the first-run code block", () => {
    const curl = snippets.find((s) => s.id === "curl")!.code;
    const body = /-d '([^']*)'/.exec(curl)?.[1];
    expect(JSON.parse(body!)).toMatchObject({ thoughtNumber: 1, totalThoughts: 3, nextThoughtNeeded: true });
    // ~100 monospace characters fill the 720 px block at 12 px.
    for (const line of curl.split("\n")) expect(line.length, line).toBeLessThanOrEqual(100);
  });

  it("shows a placeholder until a key exists", () => {
    const none = agentSnippets({ baseUrl: "http://127.0.0.1:3000", apiKey: null });
    expect(none.every((s) => s.code.includes(KEY_PLACEHOLDER))).toBe(true);
  });

  it("follows coding agents' transcripts with the CLI's watch command", () => {
    const s = snippets.find((x) => x.id === "transcripts")!;
    expect(s.label).toBe("Claude Code / Codex / Gemini CLI");
    // Run in a checkout: the package is not on the registry.
    expect(s.code.split("\n")).toEqual([
      "cd /path/to/thoughtgraph",
      `export THOUGHTGRAPH_URL=http://10.0.0.5:3000 THOUGHTGRAPH_API_KEY=${key}`,
      "npx thoughtgraph import ~/.claude/projects ~/.codex/sessions ~/.gemini/tmp",
      "npx thoughtgraph watch --claude --codex --gemini",
    ]);
    expect(s.where).toMatch(/^a terminal in a thoughtgraph checkout/);
  });

  it("gives OTLP exporters the base URL and the key as a header, for each library", () => {
    const otel = snippets.find((s) => s.id === "opentelemetry")!;
    expect(otel.code).toContain("OTEL_EXPORTER_OTLP_ENDPOINT=http://10.0.0.5:3000/api/v1/otel\n");
    expect(otel.code).toContain(`OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer ${key}"`);
    expect(otel.more?.map((m) => m.where.split(/[:(]/)[0]!.trim())).toEqual([
      "the Vercel AI SDK",
      "OpenInference / Arize Phoenix instrumentors",
      "OpenLLMetry",
    ]);
    for (const m of otel.more ?? []) {
      expect(m.code).toContain("http://10.0.0.5:3000/api/v1/otel");
      expect(m.code).toContain(`Bearer ${key}`);
    }
  });
});
