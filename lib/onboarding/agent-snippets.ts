// Copy-ready set-up for connecting an agent, filled in with this server's URL and an API key: the first-run page
// and a key just created in Settings show the same list (components/onboarding/AgentSnippets.tsx). One source, so a
// route or flag changes in one place; the commands are docs/agents.md's "Connecting a client".

export interface AgentSnippet {
  id:
    "curl" | "claude-code" | "cursor" | "claude-desktop" | "ai-sdk" | "openai-agents" | "transcripts" | "opentelemetry";
  label: string;
  /** Where the text goes, in a few words ("a terminal", ".cursor/mcp.json"). */
  where: string;
  language: "sh" | "json" | "ts" | "py";
  code: string;
  /** More blocks shown under the first, each with its own caption (the OpenTelemetry tab's per-library set-ups). */
  more?: { where: string; language: AgentSnippet["language"]; code: string }[];
}

/** What stands in for the key until one is created (the reader can paste theirs). */
export const KEY_PLACEHOLDER = "YOUR_API_KEY";

export function agentSnippets({ baseUrl, apiKey }: { baseUrl: string; apiKey: string | null }): AgentSnippet[] {
  const url = baseUrl.replace(/\/+$/, "");
  const key = apiKey ?? KEY_PLACEHOLDER;
  const mcp = `${url}/api/mcp`;
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      id: "curl",
      label: "curl",
      where: "a terminal: records one thought over REST",
      language: "sh",
      // One option a line and the body as indented JSON: on one line the body ran ~400 px past the first-run page's
      // 720 px code block.
      code: [
        `curl -s ${url}/api/v1/thoughts \\`,
        `  -H "Authorization: Bearer ${key}" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '${json({ thought: "Break the problem into parts", thoughtNumber: 1, totalThoughts: 3, nextThoughtNeeded: true }).replaceAll("\n", "\n  ")}'`,
      ].join("\n"),
    },
    {
      id: "claude-code",
      label: "Claude Code",
      where: "a terminal: adds the MCP server to Claude Code",
      language: "sh",
      code: [
        `claude mcp add --transport http thoughtgraph ${mcp} \\`,
        `  --header "Authorization: Bearer ${key}"`,
      ].join("\n"),
    },
    {
      id: "cursor",
      label: "Cursor",
      where: ".cursor/mcp.json in the project, or ~/.cursor/mcp.json",
      language: "json",
      code: json({ mcpServers: { thoughtgraph: { url: mcp, headers: { Authorization: `Bearer ${key}` } } } }),
    },
    {
      id: "claude-desktop",
      label: "Claude Desktop",
      where: "claude_desktop_config.json: the stdio bridge from a thoughtgraph checkout",
      language: "json",
      code: json({
        mcpServers: {
          thoughtgraph: {
            command: "npx",
            args: ["--prefix", "/path/to/thoughtgraph", "thoughtgraph", "mcp"],
            env: { THOUGHTGRAPH_URL: url, THOUGHTGRAPH_API_KEY: key },
          },
        },
      }),
    },
    {
      id: "ai-sdk",
      label: "AI SDK",
      where: "TypeScript with the Vercel AI SDK 6 (npm install the packed sdk/: npm run sdk:pack)",
      language: "ts",
      code: [
        `import { generateText, stepCountIs } from "ai";`,
        `import { createSequentialThinkingTool } from "thoughtgraph";`,
        ``,
        `const result = await generateText({`,
        `  model,`,
        `  tools: {`,
        `    sequentialthinking: createSequentialThinkingTool({`,
        `      baseUrl: ${JSON.stringify(url)},`,
        `      apiKey: ${JSON.stringify(key)},`,
        `    }),`,
        `  },`,
        `  prompt: "…",`,
        `  stopWhen: stepCountIs(20),`,
        `});`,
      ].join("\n"),
    },
    {
      id: "openai-agents",
      label: "OpenAI Agents SDK",
      where: "Python with openai-agents: the MCP server over streamable HTTP",
      language: "py",
      code: [
        `from agents import Agent, Runner`,
        `from agents.mcp import MCPServerStreamableHttp`,
        ``,
        `async with MCPServerStreamableHttp(`,
        `    name="thoughtgraph",`,
        `    params={`,
        `        "url": ${JSON.stringify(mcp)},`,
        `        "headers": {"Authorization": ${JSON.stringify(`Bearer ${key}`)}},`,
        `    },`,
        `) as thoughtgraph:`,
        `    agent = Agent(name="Assistant", instructions="Think step by step with sequentialthinking.", mcp_servers=[thoughtgraph])`,
        `    result = await Runner.run(agent, "…")`,
      ].join("\n"),
    },
    {
      id: "transcripts",
      label: "Claude Code / Codex / Gemini CLI",
      where: "a terminal in a thoughtgraph checkout: follows the agents' own transcripts (import sends the past)",
      language: "sh",
      code: [
        // The CLI is not on the npm registry: a bare `npx thoughtgraph` elsewhere answers 404.
        "cd /path/to/thoughtgraph",
        `export THOUGHTGRAPH_URL=${url} THOUGHTGRAPH_API_KEY=${key}`,
        "npx thoughtgraph import ~/.claude/projects ~/.codex/sessions ~/.gemini/tmp",
        "npx thoughtgraph watch --claude --codex --gemini",
      ].join("\n"),
    },
    openTelemetry(url, key),
  ];
}

/** Exporter settings for agents already instrumented with OpenTelemetry: the base URL and the key as a header. */
function openTelemetry(url: string, key: string): AgentSnippet {
  const base = `${url}/api/v1/otel`;
  return {
    id: "opentelemetry",
    label: "OpenTelemetry",
    where: "any OTLP exporter (OpenTelemetry SDKs, OpenLLMetry, OpenInference): environment variables",
    language: "sh",
    code: [
      `export OTEL_EXPORTER_OTLP_ENDPOINT=${base}`,
      `export OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer ${key}"`,
      "export OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf",
    ].join("\n"),
    more: [
      {
        where:
          "the Vercel AI SDK: export its telemetry from Node (npm install @opentelemetry/sdk-node and the exporter)",
        language: "ts",
        code: [
          `import { NodeSDK } from "@opentelemetry/sdk-node";`,
          `import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";`,
          ``,
          `new NodeSDK({`,
          `  traceExporter: new OTLPTraceExporter({`,
          `    url: ${JSON.stringify(`${base}/v1/traces`)},`,
          `    headers: { Authorization: ${JSON.stringify(`Bearer ${key}`)} },`,
          `  }),`,
          `}).start();`,
          ``,
          `// then, on each call: experimental_telemetry: { isEnabled: true, functionId: "my-agent",`,
          `//   metadata: { sessionId } }`,
        ].join("\n"),
      },
      {
        where: "OpenInference / Arize Phoenix instrumentors (Python): arize-phoenix-otel",
        language: "py",
        code: [
          "from phoenix.otel import register",
          "",
          "register(",
          `    endpoint=${JSON.stringify(`${base}/v1/traces`)},`,
          `    headers={"Authorization": ${JSON.stringify(`Bearer ${key}`)}},`,
          "    auto_instrument=True,",
          ")",
        ].join("\n"),
      },
      {
        where: "OpenLLMetry (Python): traceloop-sdk",
        language: "py",
        code: [
          "from traceloop.sdk import Traceloop",
          "",
          "Traceloop.init(",
          `    api_endpoint=${JSON.stringify(base)},`,
          `    headers={"Authorization": ${JSON.stringify(`Bearer ${key}`)}},`,
          ")",
        ].join("\n"),
      },
    ],
  };
}
