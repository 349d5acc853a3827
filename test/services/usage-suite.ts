// Tokens and cost sums (server/services/usage) against a real database of each provider (usage.sqlite.test.ts,
// usage.postgres.test.ts): OTLP spans written through the real receiver path give per-session sums, per-agent and
// per-model comparisons, and sessions without figures count nothing.
import { afterAll, beforeAll, expect, it } from "vitest";
import { spanIdOf, traceIdOf, tracesJson } from "@/scripts/lib/otlp-requests";

type Services = typeof import("@/server/services/usage/usage") & {
  record: typeof import("@/server/otlp/record-otlp").recordOtlp;
  spans: typeof import("@/server/otlp/decode-json").tracesFromJson;
  find: typeof import("@/server/services/sessions/sessions").findSession;
  table: typeof import("@/server/services/dashboard").sessionsTable;
  db: import("@/server/db/client").Db;
  close: () => Promise<void>;
};

const chat = (trace: number, n: number, conv: string, agent: string, model: string, usage: Record<string, number>) => ({
  traceId: traceIdOf(trace),
  spanId: spanIdOf(n),
  name: `chat ${model}`,
  start: `${1_767_225_600 + n}000000000`,
  end: `${1_767_225_600 + n}500000000`,
  attributes: {
    "gen_ai.operation.name": "chat",
    "gen_ai.conversation.id": conv,
    "gen_ai.agent.name": agent,
    "gen_ai.request.model": model,
    "gen_ai.output.messages": JSON.stringify([
      { role: "assistant", parts: [{ type: "text", content: `answer ${n}` }] },
    ]),
    ...usage,
  },
});

export function usageSuite(provider: "sqlite" | "postgresql", databaseUrl: () => Promise<string>) {
  let svc: Services;
  let projectId = "";

  beforeAll(async () => {
    process.env.DATABASE_URL = await databaseUrl();
    const client = await import("@/server/db/client");
    await (await import("@/server/db/migrations")).applyMigrations(process.env.DATABASE_URL);
    const { ensureDefaultProject } = await import("@/server/db/default-project");
    svc = {
      ...(await import("@/server/services/usage/usage")),
      record: (await import("@/server/otlp/record-otlp")).recordOtlp,
      spans: (await import("@/server/otlp/decode-json")).tracesFromJson,
      find: (await import("@/server/services/sessions/sessions")).findSession,
      table: (await import("@/server/services/dashboard")).sessionsTable,
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

  it("sums a session's calls, and compares agents and models by tokens and cost", async () => {
    const who = { projectId, apiKeyId: null };
    const usage = (input: number, output: number, reasoning?: number) => ({
      "gen_ai.usage.input_tokens": input,
      "gen_ai.usage.output_tokens": output,
      ...(reasoning === undefined ? {} : { "gen_ai.usage.reasoning.output_tokens": reasoning }),
    });
    const spans = [
      chat(1, 1, "usage-a", "planner", "claude-sonnet-4-5", usage(1_000, 200, 150)),
      chat(1, 2, "usage-a", "planner", "gpt-5", usage(2_000, 100)),
      chat(2, 3, "usage-b", "writer", "claude-sonnet-4-5", usage(500, 50)),
      chat(3, 4, "usage-c", "silent", "unknown-model", {}),
    ];
    const outcome = await svc.record(who, svc.spans(JSON.stringify(tracesJson(spans))), [], { test: true });
    expect(outcome).toMatchObject({ rejected: 0, written: 4 });

    const a = await svc.find(svc.db, projectId, "otlp:usage-a");
    const b = await svc.find(svc.db, projectId, "otlp:usage-b");
    const c = await svc.find(svc.db, projectId, "otlp:usage-c");
    const sums = await svc.usageOfSessions(svc.db, projectId, [a.id, b.id, c.id]);
    const sonnet = (i: number, o: number) => (i * 3 + o * 15) / 1e6;
    const gpt5 = (i: number, o: number) => (i * 1.25 + o * 10) / 1e6;
    expect(sums.get(a.id)).toMatchObject({ calls: 2, tokensIn: 3_000, tokensOut: 300, tokensReasoning: 150 });
    expect(sums.get(a.id)!.costUsd).toBeCloseTo(sonnet(1_000, 200) + gpt5(2_000, 100), 12);
    expect(sums.get(b.id)!.costUsd).toBeCloseTo(sonnet(500, 50), 12);
    expect(sums.has(c.id)).toBe(false);

    const fleet = await svc.usageFleet(svc.db, projectId, 7);
    expect(fleet.total).toMatchObject({ calls: 3, tokensIn: 3_500, tokensOut: 350, tokensReasoning: 150 });
    expect(fleet.byAgent.map((g) => [g.key, g.sessions, g.tokensIn])).toEqual([
      ["planner", 1, 3_000],
      ["writer", 1, 500],
    ]);
    expect(fleet.byModel.map((g) => [g.key, g.sessions, g.calls])).toEqual([
      ["claude-sonnet-4-5", 2, 2],
      ["gpt-5", 1, 1],
    ]);
  });

  it("shows, sorts and filters the sessions table by tokens and cost", async () => {
    const base = { sort: "cost" as const, order: "desc" as const, page: 1, pageSize: 25 };
    const keys = async (q: Partial<Parameters<Services["table"]>[2]>) => {
      const page = await svc.table(svc.db, projectId, { ...base, ...q });
      return { keys: page.sessions.map((s) => s.key), usage: page.usage, total: page.total };
    };
    const byCost = await keys({});
    // usage-a cost more than usage-b; usage-c has no figures and comes after, by activity.
    expect(byCost.keys.slice(0, 3)).toEqual(["otlp:usage-a", "otlp:usage-b", "otlp:usage-c"]);
    const a = await svc.find(svc.db, projectId, "otlp:usage-a");
    expect(byCost.usage[a.id]).toMatchObject({ tokensIn: 3_000, tokensOut: 300 });
    expect((await keys({ sort: "tokens", order: "asc" })).keys.slice(0, 2)).toEqual(["otlp:usage-b", "otlp:usage-a"]);
    expect(await keys({ minCostUsd: 0.003 })).toMatchObject({ keys: ["otlp:usage-a"], total: 1 });
    expect(await keys({ minTokens: 500 })).toMatchObject({ keys: ["otlp:usage-a", "otlp:usage-b"], total: 2 });
    expect(await keys({ minTokens: 10_000 })).toMatchObject({ keys: [], total: 0 });
  });
}
