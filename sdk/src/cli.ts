#!/usr/bin/env node
// `thoughtgraph mcp`: the stdio MCP bridge; `thoughtgraph import` and `thoughtgraph watch`: coding agents' transcripts
// into sessions. Configured by THOUGHTGRAPH_URL (default http://127.0.0.1:3000) and THOUGHTGRAPH_API_KEY, or --url /
// --api-key. While serving MCP, everything it prints goes to stderr: stdout belongs to the protocol.
import { parseArgs } from "node:util";
import { DEFAULT_BASE_URL } from "./client";
import { startStdioBridge, TOOLSETS, type Toolset } from "./mcp/bridge";
import { runTranscriptCommand, TRANSCRIPT_USAGE } from "./transcripts/command";

const USAGE = `Usage: thoughtgraph mcp [--url URL] [--api-key KEY] [--toolset thoughtgraph|thoughtmcp]
       thoughtgraph import <file|dir>… [options]
       thoughtgraph watch [--claude] [--codex] [--gemini] [dir…] [options]

Serves thoughtgraph's MCP tools (sequentialthinking, think, revise_thought, get_thinking_session,
clear_thinking_session) over stdio and forwards each call to a thoughtgraph server. With
--toolset thoughtmcp it serves ThoughtMCP's tool set instead (memory, reasoning and metacognition).

  --url URL        the server (default: $THOUGHTGRAPH_URL, else ${DEFAULT_BASE_URL})
  --api-key KEY    an API key (default: $THOUGHTGRAPH_API_KEY)
  --toolset NAME   thoughtgraph (default) or thoughtmcp

${TRANSCRIPT_USAGE}

Start the server with \`npm start\` in the thoughtgraph checkout; create a key with
\`npm run keys -- create --name NAME\`.`;

function main(argv: string[]): number | null {
  if (argv[0] === "import" || argv[0] === "watch") {
    void runTranscriptCommand(argv, USAGE).then((code) => {
      if (code !== null) process.exitCode = code;
    });
    return null;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: "string" },
        "api-key": { type: "string" },
        toolset: { type: "string" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  // Only `mcp` owns stdout for the protocol; help and version are ordinary output.
  if (values.version) {
    process.stdout.write("thoughtgraph 0.1.0\n");
    return 0;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals[0] !== "mcp" || positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const toolset = values.toolset ?? "thoughtgraph";
  if (!TOOLSETS.includes(toolset as Toolset)) {
    process.stderr.write(`--toolset must be one of: ${TOOLSETS.join(", ")} (got "${toolset}").\n\n${USAGE}\n`);
    return 2;
  }
  const apiKey = values["api-key"] ?? process.env.THOUGHTGRAPH_API_KEY;
  startStdioBridge({
    toolset: toolset as Toolset,
    baseUrl: values.url ?? process.env.THOUGHTGRAPH_URL ?? DEFAULT_BASE_URL,
    ...(apiKey ? { apiKey } : {}),
  });
  return null; // keep serving until stdin closes
}

const code = main(process.argv.slice(2));
if (code !== null) process.exitCode = code;
