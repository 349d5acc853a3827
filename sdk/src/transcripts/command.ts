// The `import` and `watch` commands' options, and their runs.
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_REDACTIONS, redactionPattern } from "../../../lib/transcripts/redact";
import { DEFAULT_BASE_URL } from "../client";
import { importPaths, progressBar, summaryLines } from "./import";
import { agentDirs, type Agent } from "./layout";
import { Watcher } from "./watch";

export const TRANSCRIPT_USAGE = `import: sends transcript files (or directories walked for Claude Code, Codex CLI and Gemini CLI
sessions; symlinks out of the tree are not followed) to the server, each session once: importing again
sends only what is new. watch: follows ~/.claude/projects, ~/.codex/sessions and ~/.gemini/tmp (or the
agents named, or the directories given) and sends each new record within a second.

  --url URL            the server (default: $THOUGHTGRAPH_URL, else ${DEFAULT_BASE_URL})
  --api-key KEY        an API key with write scope (default: $THOUGHTGRAPH_API_KEY)
  --dry-run            print what would be sent; send nothing
  --redact PATTERN     also replace matches of this regular expression (or /pattern/flags) with
                       [REDACTED] in every text before sending; repeatable
  --no-default-redact  do not replace common secret shapes (API keys, bearer tokens, cloud and
                       GitHub tokens, private keys), which are redacted by default
  --state FILE         watch: where to remember what was sent (default ~/.thoughtgraph/watch-state.json)`;

export async function runTranscriptCommand(argv: string[], usage: string): Promise<number | null> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.slice(1),
      allowPositionals: true,
      options: {
        url: { type: "string" },
        "api-key": { type: "string" },
        "dry-run": { type: "boolean" },
        redact: { type: "string", multiple: true },
        "no-default-redact": { type: "boolean" },
        state: { type: "string" },
        claude: { type: "boolean" },
        codex: { type: "boolean" },
        gemini: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${usage}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  let redactions;
  try {
    redactions = [
      ...(values["no-default-redact"] ? [] : DEFAULT_REDACTIONS),
      ...(values.redact ?? []).map(redactionPattern),
    ];
  } catch (error) {
    process.stderr.write(`--redact: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const apiKey = values["api-key"] ?? process.env.THOUGHTGRAPH_API_KEY;
  const server = {
    baseUrl: values.url ?? process.env.THOUGHTGRAPH_URL ?? DEFAULT_BASE_URL,
    ...(apiKey ? { apiKey } : {}),
  };
  const dryRun = values["dry-run"] === true;
  const out = (line: string) => void process.stdout.write(`${line}\n`);
  const log = (line: string) => void process.stderr.write(`${line}\n`);

  if (argv[0] === "import") {
    if (positionals.length === 0) {
      process.stderr.write(`import needs at least one file or directory.\n\n${usage}\n`);
      return 2;
    }
    // On a terminal one line redrawn with a bar; otherwise (a log, a pipe) a line per session.
    const tty = process.stderr.isTTY === true;
    const progress = tty
      ? (line: string, done: number, total: number) => {
          const text = `${progressBar(done, total)} ${line}`;
          process.stderr.write(`\r\x1b[K${text.slice(0, Math.max(20, (process.stderr.columns || 80) - 1))}`);
        }
      : (line: string, done: number, total: number) => log(`[${done}/${total}] ${line}`);
    const summary = await importPaths(positionals, { server, redactions, dryRun, out, progress });
    if (tty) process.stderr.write("\n");
    for (const line of summaryLines(summary, dryRun)) out(line);
    return summary.sessions.refused > 0 ? 1 : 0;
  }

  const all = agentDirs();
  const named = (["claude", "codex", "gemini"] as Agent[]).filter((a) => values[a]);
  const dirs = [
    ...(named.length > 0 || positionals.length === 0
      ? (named.length > 0 ? named : (["claude", "codex", "gemini"] as Agent[])).map((a) => all[a])
      : []),
    ...positionals,
  ];
  const statePath = values.state ?? path.join(os.homedir(), ".thoughtgraph", "watch-state.json");
  const watcher = new Watcher({ dirs, server, redactions, dryRun, statePath, out, log });
  log(`watch: following ${dirs.join(", ")}${dryRun ? " (dry run: nothing is sent)" : ` → ${server.baseUrl}`}`);
  watcher.start();
  const stop = () => void watcher.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return null;
}
