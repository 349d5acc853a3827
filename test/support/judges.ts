// Judges through the REST API, for the API and fleet suites: an admin key made with the keys CLI (as an operator
// would), and the calls that set up a connection to the test model server and a judge, and follow a run to its end.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect } from "vitest";

import { ZRunView, type RunView } from "@/lib/contracts/judges";
import type { RunningServer } from "@/scripts/lib/server-process";
import { call, expectShape, unique } from "./api-client";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

/** The secret key every judges test server runs with. */
export const TEST_SECRET_KEY = "judges-test-secret-key-0123456789abcdef";

/** `npm run keys -- create --name … --scope admin` against the server's database; answers the key it printed. */
export async function createAdminKey(
  databaseUrl: string,
  scope: "admin" | "read" | "write" = "admin",
): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "scripts/keys.ts", "create", "--name", unique(scope), "--scope", scope],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    },
  );
  const key = /^\s+(tg_\S+)$/m.exec(stdout)?.[1];
  if (!key) throw new Error(`the keys CLI printed no key:\n${stdout}`);
  return key;
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A connection to the model server (loopback, so allowed explicitly) and a judge of `configName` on it. */
export async function setUpJudge(
  server: RunningServer,
  adminKey: string,
  opts: {
    modelUrl: string;
    configName: string;
    target?: "thought" | "session";
    provider?: "openai-compatible" | "anthropic";
    maxConcurrency?: number;
    timeoutMs?: number;
    apiKey?: string;
    /** Judge completed sessions as they complete (every one: sampleRate 1). */
    autoRun?: boolean;
  },
): Promise<{ connectionId: string; judgeId: string }> {
  const connection = await call<{ id: string }>(server, "/api/v1/model-connections", {
    method: "POST",
    headers: bearer(adminKey),
    json: {
      name: unique("local"),
      provider: opts.provider ?? "openai-compatible",
      baseUrl: opts.modelUrl,
      allowPrivateNetwork: true,
      ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
      maxConcurrency: opts.maxConcurrency ?? 4,
      timeoutMs: opts.timeoutMs ?? 10_000,
      inputPricePerMTok: 1,
      outputPricePerMTok: 2,
    },
  });
  expect(connection.status, connection.text).toBe(201);
  const configs = await call<{ configs: { id: string; name: string }[] }>(server, "/api/v1/score-configs");
  const config = configs.body.configs.find((c) => c.name === opts.configName);
  if (!config) throw new Error(`no config ${opts.configName}`);
  const judge = await call<{ id: string }>(server, "/api/v1/judges", {
    method: "POST",
    headers: bearer(adminKey),
    json: {
      name: unique("judge"),
      connectionId: connection.body.id,
      model: "judge-small",
      scoreConfigId: config.id,
      target: opts.target ?? "thought",
      ...(opts.autoRun ? { autoRun: true, sampleRate: 1 } : {}),
    },
  });
  expect(judge.status, judge.text).toBe(201);
  return { connectionId: connection.body.id, judgeId: judge.body.id };
}

/** GET /api/v1/judge-runs/{id} until `done(run)`, checked against ZRunView. */
export async function waitForRun(
  server: RunningServer,
  adminKey: string,
  runId: string,
  done: (r: RunView) => boolean = (r) => r.status === "done" || r.status === "cancelled",
  ms = 60_000,
): Promise<RunView> {
  const end = Date.now() + ms;
  for (;;) {
    const a = await call(server, `/api/v1/judge-runs/${runId}`, { headers: bearer(adminKey) });
    expect(a.status, a.text).toBe(200);
    const r = expectShape(ZRunView, a);
    if (done(r)) return r;
    if (Date.now() > end) throw new Error(`run ${runId} did not get there: ${JSON.stringify(r)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}
