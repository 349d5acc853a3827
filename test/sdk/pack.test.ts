// The SDK as another project gets it: `npm pack ./sdk` (which builds sdk/dist with tsc), installed into a temporary
// project, then imported by plain Node and type-checked by tsc, and its `thoughtgraph mcp` bin spawned by an MCP
// client against the running server.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { newApiKey, ROOT, server, uniqueKey } from "@/test/mcp/support";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "thoughtgraph-sdk-pack-"));
const consumer = path.join(work, "consumer");
let tarball: string;
let packedFiles: string[];
let installMode: string;

function run(cmd: string, args: string[], cwd: string, timeoutMs = 180_000) {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: "utf8",
    timeout: timeoutMs,
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  return { ok: r.status === 0, out: `${r.stdout ?? ""}${r.stderr ?? ""}`, stdout: r.stdout ?? "" };
}

/** npm from the local cache first; the registry only for what the cache lacks. */
function install(): string {
  for (const mode of ["--offline", "--prefer-offline"]) {
    const r = run("npm", ["install", tarball, mode, "--no-audit", "--no-fund", "--loglevel=error"], consumer);
    if (r.ok) return `npm install ${mode}`;
  }
  // No registry and an incomplete cache: unpack the tarball as npm would and link the repository's copies of its
  // dependencies, so the checks below still run against the packed files.
  const target = path.join(consumer, "node_modules", "thoughtgraph");
  fs.mkdirSync(target, { recursive: true });
  const untar = run("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"], consumer);
  if (!untar.ok) throw new Error(untar.out);
  for (const dep of ["zod", "ai", "@modelcontextprotocol", "@ai-sdk", "@opentelemetry", "@standard-schema"]) {
    const to = path.join(consumer, "node_modules", dep);
    if (!fs.existsSync(to)) fs.symlinkSync(path.join(ROOT, "node_modules", dep), to);
  }
  const bin = path.join(consumer, "node_modules", ".bin");
  fs.mkdirSync(bin, { recursive: true });
  fs.symlinkSync(path.join(target, "dist/sdk/src/cli.js"), path.join(bin, "thoughtgraph"));
  return "unpacked (npm install unavailable)";
}

beforeAll(() => {
  const pack = run("npm", ["pack", "./sdk", "--pack-destination", work, "--json"], ROOT);
  expect(pack.ok, pack.out).toBe(true);
  // The prepack build prints before npm's JSON.
  const json = JSON.parse(pack.stdout.slice(pack.stdout.indexOf("\n[") + 1)) as {
    filename: string;
    files: { path: string }[];
  }[];
  tarball = path.join(work, json[0]!.filename);
  packedFiles = json[0]!.files.map((f) => f.path);
  fs.mkdirSync(consumer);
  fs.writeFileSync(
    path.join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  installMode = install();
  console.log(`sdk pack: ${path.basename(tarball)} (${packedFiles.length} files), installed by ${installMode}`);
});

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

describe("npm pack ./sdk", () => {
  it("ships the compiled SDK with the foundation's contracts, and no TypeScript sources", () => {
    expect(packedFiles).toEqual(
      expect.arrayContaining([
        "package.json",
        "README.md",
        "dist/sdk/src/index.js",
        "dist/sdk/src/index.d.ts",
        "dist/sdk/src/cli.js",
        "dist/sdk/src/mcp/index.js",
        "dist/lib/contracts/thought.js",
        "dist/lib/contracts/tools.js",
      ]),
    );
    expect(packedFiles.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
    expect(packedFiles.some((f) => f.includes("server/"))).toBe(false);
  });

  it("imports in plain Node, and the tool factory records a thought through the installed package", async () => {
    const key = await newApiKey("sdk pack");
    const script = `
      import { createSequentialThinkingTool, createThinkTool, createThoughtgraphClient, TOOL_DEFINITIONS } from "thoughtgraph";
      import { createThoughtgraphMcpServer } from "thoughtgraph/mcp";
      const opts = { baseUrl: process.env.TG_URL, apiKey: process.env.TG_KEY };
      const tool = createSequentialThinkingTool({ ...opts, sessionId: process.env.TG_SESSION });
      if (!tool.inputSchema || !tool.outputSchema || typeof tool.execute !== "function") throw new Error("not an AI SDK tool");
      const out = await tool.execute(
        { thought: "from the packed SDK", thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false },
        { toolCallId: "c1", messages: [] },
      );
      const think = await createThinkTool(opts).execute({ thought: "noted" }, { toolCallId: "c2", messages: [] });
      const health = await createThoughtgraphClient(opts).health();
      console.log(JSON.stringify({ out, think, health, tools: TOOL_DEFINITIONS.length, mcp: typeof createThoughtgraphMcpServer }));
    `;
    fs.writeFileSync(path.join(consumer, "use.mjs"), script);
    const r = spawnSync(process.execPath, ["use.mjs"], {
      cwd: consumer,
      encoding: "utf8",
      env: { ...process.env, TG_URL: server().url, TG_KEY: key, TG_SESSION: uniqueKey("packed") },
    });
    expect(r.status, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout.trim().split("\n").pop()!) as {
      out: { thoughtNumber: number; thoughtHistoryLength: number; summary?: string };
      think: { status: string; step: number };
      tools: number;
      mcp: string;
    };
    expect(result.out).toMatchObject({ thoughtNumber: 1, thoughtHistoryLength: 1 });
    expect(result.out.summary).toContain("Sequential thinking complete");
    expect(result.think).toMatchObject({ status: "success" });
    expect(result.tools).toBe(5);
    expect(result.mcp).toBe("function");
  });

  it("type-checks in a consumer with Node's module resolution", () => {
    fs.writeFileSync(
      path.join(consumer, "check.ts"),
      `import { createSequentialThinkingTool, createThoughtgraphClient, type ThoughtResult } from "thoughtgraph";
const tool = createSequentialThinkingTool({ baseUrl: "http://127.0.0.1:3000", apiKey: "k", sessionId: "s" });
const client = createThoughtgraphClient({ apiKey: "k" });
const pending: Promise<ThoughtResult> = client.recordThought({ thought: "x", thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false });
export { tool, pending };
`,
    );
    const tsc = path.join(ROOT, "node_modules/typescript/bin/tsc");
    const r = run(
      process.execPath,
      [
        tsc,
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "--module",
        "nodenext",
        "--moduleResolution",
        "nodenext",
        "--target",
        "es2022",
        "check.ts",
      ],
      consumer,
    );
    expect(r.ok, r.out).toBe(true);
  });

  it("installs the `thoughtgraph` bin, which serves the tools over stdio (`thoughtgraph mcp`)", async () => {
    const key = await newApiKey("sdk pack bin");
    const transport = new StdioClientTransport({
      command: path.join(consumer, "node_modules/.bin/thoughtgraph"),
      args: ["mcp"],
      env: { PATH: process.env.PATH ?? "", THOUGHTGRAPH_URL: server().url, THOUGHTGRAPH_API_KEY: key },
      stderr: "pipe",
    });
    const client = new Client({ name: "packed-bin", version: "1.0.0" });
    await client.connect(transport);
    try {
      const r = (await client.callTool({ name: "think", arguments: { thought: "via the packed bin" } })) as {
        isError?: boolean;
        structuredContent?: { step: number };
      };
      expect(r.isError).toBeFalsy();
      expect(r.structuredContent?.step).toBe(1);
    } finally {
      await client.close();
    }
  });
});
