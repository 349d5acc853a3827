// The OTLP receiver against the production server, on SQLite and on PostgreSQL: real OpenTelemetry exporters
// (@opentelemetry/sdk-trace-node and the OTLP HTTP exporters, protobuf and JSON) carrying the AI SDK's telemetry of a
// real generateText tool loop, and a logs exporter carrying the GenAI operation-details event. The model is the AI
// SDK's MockLanguageModelV3 (ai/test): no model endpoint can run here, and the spans are the SDK's own either way.
// Then bad input, each refused with a clear 4xx and nothing written, and replays that write nothing.
import { brotliDecompressSync, gzipSync } from "node:zlib";

import { SeverityNumber } from "@opentelemetry/api-logs";
import { OTLPLogExporter as OTLPLogExporterJson } from "@opentelemetry/exporter-logs-otlp-http";
import { OTLPLogExporter as OTLPLogExporterProto } from "@opentelemetry/exporter-logs-otlp-proto";
import { OTLPTraceExporter as OTLPTraceExporterJson } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as OTLPTraceExporterProto } from "@opentelemetry/exporter-trace-otlp-proto";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { LoggerProvider, SimpleLogRecordProcessor } from "@opentelemetry/sdk-logs";
import { BatchSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { ZOtlpTracesResponse } from "@/lib/contracts/otlp";
import { startServer, type RunningServer } from "@/scripts/lib/server-process";
import { opentelemetry } from "@/server/otlp/proto/generated/otlp.js";
import { call, expectError, getGraph, readAnswer, unique } from "@/test/support/api-client";
import {
  encodeLogs,
  encodeTraces,
  logsJson,
  spanIdOf,
  traceIdOf,
  tracesJson,
  type TestSpan,
} from "@/scripts/lib/otlp-requests";
import { freshPgUrl } from "@/test/support/pg";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

const TRACES = "/api/v1/otel/v1/traces";
const LOGS = "/api/v1/otel/v1/logs";

interface LoggedRequest {
  body: string;
  result: string;
}

interface Target {
  server: RunningServer;
  databaseUrl: string;
  /** Rows of the write path's tables, read from the database itself. */
  counts(): Promise<{ thoughts: number; sessions: number; log: number }>;
  /** The body and result of the latest OTLP request in the ingest log, as stored. */
  lastLog(): Promise<LoggedRequest>;
  close(): Promise<void>;
}

/** Ingest log ids are UUIDv7s: the latest sorts last. The column as text (json on PostgreSQL keeps it as written). */
const LAST_LOG = `SELECT CAST(body AS TEXT) AS body, CAST(result AS TEXT) AS result FROM "IngestEvent" WHERE kind = 'ingest' ORDER BY id DESC LIMIT 1`;

async function sqliteTarget(): Promise<Target> {
  const databaseUrl = freshSqliteUrl("otlp");
  const server = await startServer({ databaseUrl });
  const file = databaseUrl.replace(/^file:/, "");
  const target: Target = {
    server,
    databaseUrl,
    async counts() {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const n = (t: string) => (db.prepare(`SELECT COUNT(*) AS n FROM "${t}"`).get() as { n: number }).n;
        return { thoughts: n("Thought"), sessions: n("ThinkingSession"), log: n("IngestEvent") };
      } finally {
        db.close();
      }
    },
    async lastLog() {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        return db.prepare(LAST_LOG).get() as LoggedRequest;
      } finally {
        db.close();
      }
    },
    // A test may replace `server` (a restart): stop the one running now.
    close: () => target.server.stop(),
  };
  return target;
}

async function postgresTarget(): Promise<Target> {
  const databaseUrl = await freshPgUrl("api_otlp");
  const server = await startServer({ databaseUrl });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const n = async (t: string) =>
    Number((await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM "${t}"`)).rows[0]!.n);
  const target: Target = {
    server,
    databaseUrl,
    counts: async () => ({
      thoughts: await n("Thought"),
      sessions: await n("ThinkingSession"),
      log: await n("IngestEvent"),
    }),
    lastLog: async () => (await client.query<LoggedRequest>(LAST_LOG)).rows[0]!,
    // A test may replace `server` (a restart): stop the one running now.
    async close() {
      await client.end();
      await target.server.stop();
    },
  };
  return target;
}

// ---- the real exporters ----

/** A model that reasons and calls a tool, then reasons without text (only a signature) and answers. */
function reasoningModel() {
  const usage = {
    inputTokens: { total: 40, noCache: 40, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 25, text: 10, reasoning: 15 },
  };
  let step = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      step += 1;
      if (step === 1) {
        return {
          content: [
            { type: "reasoning" as const, text: "The user asks about Lyon.\n\nI should look the weather up first." },
            { type: "tool-call" as const, toolCallId: "call-1", toolName: "weather", input: '{"city":"Lyon"}' },
          ],
          finishReason: { unified: "tool-calls" as const, raw: "tool_use" },
          usage,
          warnings: [],
        };
      }
      return {
        content: [
          { type: "reasoning" as const, text: "", providerMetadata: { anthropic: { signature: "sig" } } },
          { type: "text" as const, text: "Take an umbrella: it is raining in Lyon." },
        ],
        finishReason: { unified: "stop" as const, raw: "end_turn" },
        usage,
        warnings: [],
      };
    },
  });
}

/** Wraps an exporter so the test sees every export's result (exporters otherwise only log failures). */
function watched(exporter: SpanExporter): { exporter: SpanExporter; codes: number[] } {
  const codes: number[] = [];
  const original = exporter.export.bind(exporter);
  exporter.export = (spans, done) =>
    original(spans, (result) => {
      codes.push(result.code);
      done(result);
    });
  return { exporter, codes };
}

/** Runs a real AI SDK tool loop with telemetry on, exported by the given OTLP trace exporter. */
async function runAgent(exporter: SpanExporter, sessionId: string): Promise<number[]> {
  const w = watched(exporter);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": "otlp-test-agent" }),
    spanProcessors: [new BatchSpanProcessor(w.exporter)],
  });
  const result = await generateText({
    model: reasoningModel(),
    prompt: "Do I need an umbrella in Lyon today?",
    stopWhen: stepCountIs(3),
    tools: {
      weather: tool({
        description: "The weather in a city",
        inputSchema: z.object({ city: z.string() }),
        execute: async ({ city }) => ({ city, sky: "rain" }),
      }),
    },
    experimental_telemetry: {
      isEnabled: true,
      functionId: "umbrella-agent",
      metadata: { sessionId },
      tracer: provider.getTracer("ai"),
    },
  });
  expect(result.text).toBe("Take an umbrella: it is raining in Lyon.");
  await provider.forceFlush();
  await provider.shutdown();
  return w.codes;
}

/** The graph as people see it: each thought's kind, number, branch and text, in order. */
const shape = (g: Awaited<ReturnType<typeof getGraph>>) =>
  g.thoughts.map((t) => [t.kind, t.thoughtNumber, t.branchId ?? "", t.branchFromThought, t.text]);

const UMBRELLA_GRAPH = [
  ["prompt", 1, "", null, "Do I need an umbrella in Lyon today?"],
  ["reasoning", 2, "", null, "The user asks about Lyon.\n\nI should look the weather up first."],
  ["tool_call", 3, "", null, '**weather**\n\n```json\n{"city":"Lyon"}\n```'],
  ["tool_result", 4, "", null, '{"city":"Lyon","sky":"rain"}'],
  [
    "placeholder",
    5,
    "",
    null,
    "Reasoning not included: the model reasoned, but the trace carries no text for it (the provider returned none, or only a signature).",
  ],
  ["answer", 6, "", null, "Take an umbrella: it is raining in Lyon."],
];

/** The same run as GenAI operation-details events, one per model call, sent by a real logs exporter. */
async function sendOperationDetails(kind: "proto" | "json", server: RunningServer, conversation: string) {
  const options = { url: server.url + LOGS, headers: { authorization: `Bearer ${server.apiKey}` } };
  const exporter = kind === "proto" ? new OTLPLogExporterProto(options) : new OTLPLogExporterJson(options);
  const codes: number[] = [];
  const original = exporter.export.bind(exporter);
  exporter.export = (records, done) => original(records, (r) => (codes.push(r.code), done(r)));
  const provider = new LoggerProvider({
    resource: resourceFromAttributes({ "service.name": "otlp-test-agent" }),
    processors: [new SimpleLogRecordProcessor({ exporter })],
  });
  const logger = provider.getLogger("genai");
  const user = { role: "user", parts: [{ type: "text", content: "Do I need an umbrella in Lyon today?" }] };
  const call1 = {
    role: "assistant",
    parts: [
      { type: "reasoning", content: "The user asks about Lyon.\n\nI should look the weather up first." },
      { type: "tool_call", id: "call-1", name: "weather", arguments: { city: "Lyon" } },
    ],
  };
  const base = { "gen_ai.operation.name": "chat", "gen_ai.conversation.id": conversation, "gen_ai.request.model": "m" };
  const t0 = Date.now();
  logger.emit({
    eventName: "gen_ai.client.inference.operation.details",
    severityNumber: SeverityNumber.INFO,
    timestamp: t0,
    attributes: { ...base, "gen_ai.input.messages": [user], "gen_ai.output.messages": [call1] },
  });
  logger.emit({
    eventName: "gen_ai.client.inference.operation.details",
    severityNumber: SeverityNumber.INFO,
    timestamp: t0 + 1,
    attributes: {
      ...base,
      "gen_ai.input.messages": [
        user,
        call1,
        {
          role: "tool",
          parts: [{ type: "tool_call_response", id: "call-1", response: '{"city":"Lyon","sky":"rain"}' }],
        },
      ],
      "gen_ai.output.messages": [
        {
          role: "assistant",
          parts: [
            { type: "reasoning", content: "" },
            { type: "text", content: "Take an umbrella: it is raining in Lyon." },
          ],
        },
      ],
    },
  });
  await provider.forceFlush();
  await provider.shutdown();
  return codes;
}

// ---- hand-made exports ----

const hostile = "<script>alert(1)</script> & <img src=x onerror=alert(2)> [x](javascript:alert(3))";

function fixtureExport(conversation: string, traceNo: number): TestSpan[] {
  const T = traceIdOf(traceNo);
  return [
    {
      traceId: T,
      spanId: spanIdOf(1),
      name: "chat m",
      start: "1767225601000000000",
      end: "1767225602000000000",
      attributes: {
        "gen_ai.operation.name": "chat",
        "gen_ai.conversation.id": conversation,
        "gen_ai.input.messages": JSON.stringify([{ role: "user", parts: [{ type: "text", content: hostile }] }]),
        "gen_ai.output.messages": JSON.stringify([
          {
            role: "assistant",
            parts: [
              { type: "reasoning", content: hostile },
              { type: "text", content: "done" },
            ],
          },
        ]),
      },
    },
  ];
}

const post = (server: RunningServer, path: string, body: Uint8Array | string, headers: Record<string, string>) =>
  fetch(server.url + path, {
    method: "POST",
    headers: { authorization: `Bearer ${server.apiKey}`, ...headers },
    body: typeof body === "string" ? body : new Uint8Array(body),
  }).then(readAnswer);

const PROTO = { "content-type": "application/x-protobuf" };
const JSON_TYPE = { "content-type": "application/json" };

function suite(name: string, make: () => Promise<Target>) {
  describe(name, () => {
    let t: Target;
    beforeAll(async () => {
      t = await make();
    });
    afterAll(async () => {
      await t?.close();
    });

    it("turns a real AI SDK run exported as protobuf and as JSON into the same graph", async () => {
      const viaProto = unique("proto");
      const viaJson = unique("json");
      const options = (s: RunningServer) => ({ url: s.url + TRACES, headers: { authorization: `Bearer ${s.apiKey}` } });
      expect(await runAgent(new OTLPTraceExporterProto(options(t.server)), viaProto)).toEqual([0]);
      expect(await runAgent(new OTLPTraceExporterJson(options(t.server)), viaJson)).toEqual([0]);
      const a = await getGraph(t.server, `otlp:${viaProto}`);
      const b = await getGraph(t.server, `otlp:${viaJson}`);
      expect(shape(a)).toEqual(UMBRELLA_GRAPH);
      expect(shape(b)).toEqual(shape(a));
      expect(a.session.agent).toBe("umbrella-agent");
      expect(new Set(a.thoughts.map((t) => t.source))).toEqual(new Set(["otlp"]));
      // The model call's facts, on its first output: tokens as the SDK reported them, the latency of the step.
      expect(a.thoughts[1]!.detail).toMatchObject({
        kind: "reasoning",
        model: "mock-model-id",
        tokensIn: 40,
        tokensOut: 25,
        tokensReasoning: 15,
      });
      expect(a.thoughts[3]!.detail).toMatchObject({ toolName: "weather", toolCallId: "call-1" });
      expect(a.thoughts.at(-1)!.nextThoughtNeeded).toBe(false);
    });

    it("turns the GenAI operation-details events of a real logs exporter into the same graph", async () => {
      for (const kind of ["proto", "json"] as const) {
        const conversation = unique(`logs-${kind}`);
        expect(await sendOperationDetails(kind, t.server, conversation)).toEqual([0, 0]);
        expect(shape(await getGraph(t.server, `otlp:${conversation}`))).toEqual(UMBRELLA_GRAPH);
      }
    });

    it("writes nothing new when an export is replayed, also after a restart", async () => {
      const conversation = unique("replay");
      const body = encodeTraces(tracesJson(fixtureExport(conversation, 0x5e1)));
      const first = await post(t.server, TRACES, body, PROTO);
      expect(first.status, first.text).toBe(200);
      // The request is kept, so a mapping fix can replay it: protobuf Brotli-compressed, as base64.
      const log = await t.lastLog();
      const kept = JSON.parse(log.body) as Record<string, string>;
      expect(Object.keys(kept)).toEqual(["otlp", "encoding", "compression", "request"]);
      expect(kept).toMatchObject({ otlp: "traces", encoding: "protobuf", compression: "br" });
      expect(brotliDecompressSync(Buffer.from(kept.request!, "base64")).equals(Buffer.from(body))).toBe(true);
      // Of each thought written, the log keeps where it went: all a replay of the spans reads.
      const { results } = JSON.parse(log.result) as { results: Record<string, unknown>[] };
      expect(results).toHaveLength(3);
      for (const r of results) expect(Object.keys(r)).toEqual(["sessionId", "thoughtId", "seq"]);
      const after = await t.counts();
      const again = await post(t.server, TRACES, body, PROTO);
      expect(again.status).toBe(200);
      expect(
        await post(t.server, TRACES, JSON.stringify(tracesJson(fixtureExport(conversation, 0x5e1))), JSON_TYPE),
      ).toMatchObject({ status: 200 });
      expect(await t.counts()).toEqual(after);

      await t.server.stop();
      t.server = await startServer({ databaseUrl: t.databaseUrl });
      expect((await post(t.server, TRACES, body, PROTO)).status).toBe(200);
      expect(await t.counts()).toEqual(after);
      const g = await getGraph(t.server, `otlp:${conversation}`);
      expect(g.thoughts.map((x) => x.text)).toEqual([hostile, hostile, "done"]);
    });

    it("keeps a gzip-compressed export in the log as the exporter sent it, and a JSON export as JSON", async () => {
      const conversation = unique("gzip");
      const sent = gzipSync(encodeTraces(tracesJson(fixtureExport(conversation, 0x6a1))), { level: 9 });
      const answer = await post(t.server, TRACES, sent, { ...PROTO, "content-encoding": "gzip" });
      expect(answer.status, answer.text).toBe(200);
      expect((await getGraph(t.server, `otlp:${conversation}`)).thoughts).toHaveLength(3);
      const kept = JSON.parse((await t.lastLog()).body) as Record<string, string>;
      expect(kept).toMatchObject({ encoding: "protobuf", compression: "gzip" });
      expect(Buffer.from(kept.request!, "base64").equals(sent)).toBe(true);

      const json = tracesJson(fixtureExport(unique("gzip-json"), 0x6a2));
      expect(
        (await post(t.server, TRACES, gzipSync(JSON.stringify(json)), { ...JSON_TYPE, "content-encoding": "gzip" }))
          .status,
      ).toBe(200);
      expect(JSON.parse((await t.lastLog()).body)).toEqual({ otlp: "traces", encoding: "json", request: json });
    });

    it("keeps hostile text as text, and escapes it in the Markdown export", async () => {
      const conversation = unique("hostile");
      expect(
        (await post(t.server, TRACES, JSON.stringify(tracesJson(fixtureExport(conversation, 0x4a5))), JSON_TYPE))
          .status,
      ).toBe(200);
      const md = await call(
        t.server,
        `/api/v1/sessions/${encodeURIComponent(`otlp:${conversation}`)}/export?format=markdown`,
      );
      expect(md.status).toBe(200);
      // Every tag and link opener escaped with a CommonMark backslash: rendered, it reads as the literal text.
      expect(md.text).not.toMatch(/(^|[^\\])<(script|img)/m);
      expect(md.text).not.toContain("](javascript:");
      expect(md.text).toContain(
        "\\<script>alert(1)\\</script> & \\<img src=x onerror=alert(2)> [x]\\(javascript:alert(3))",
      );
    });

    it("answers the protobuf partial-success response, empty when all was taken", async () => {
      const res = await fetch(t.server.url + TRACES, {
        method: "POST",
        headers: { authorization: `Bearer ${t.server.apiKey}`, ...PROTO },
        body: new Uint8Array(encodeTraces(tracesJson(fixtureExport(unique("pb"), 0x9b)))),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/x-protobuf");
      const decoded = opentelemetry.proto.collector.v1.ExportTraceServiceResponse.decode(
        new Uint8Array(await res.arrayBuffer()),
      );
      expect(decoded.partialSuccess ?? null).toBeNull();
    });

    it("reports spans whose thoughts were refused as a partial success", async () => {
      const conversation = unique("nul");
      const spans = fixtureExport(conversation, 0x0b);
      spans[0]!.attributes!["gen_ai.output.messages"] = JSON.stringify([
        { role: "assistant", parts: [{ type: "text", content: "a NUL \u0000 inside" }] },
      ]);
      const a = await post(t.server, TRACES, JSON.stringify(tracesJson(spans)), JSON_TYPE);
      expect(a.status, a.text).toBe(200);
      const body = ZOtlpTracesResponse.parse(a.body);
      expect(body.partialSuccess?.rejectedSpans).toBe("1");
      expect(body.partialSuccess?.errorMessage).toMatch(/thought/);
    });

    describe("bad input: a clear 4xx and nothing written", () => {
      const cases: [string, () => Promise<Awaited<ReturnType<typeof post>>>, number, string | RegExp][] = [
        [
          "malformed protobuf",
          () => post(t.server, TRACES, Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 1]), PROTO),
          400,
          "body",
        ],
        [
          "a logs export posted to the traces path (protobuf)",
          () =>
            post(
              t.server,
              TRACES,
              encodeLogs(logsJson([{ time: "1", eventName: "gen_ai.user.message", body: "hi" }])),
              PROTO,
            ),
          400,
          /traceId$/,
        ],
        [
          "a logs export posted to the traces path (JSON)",
          () => post(t.server, TRACES, JSON.stringify(logsJson([{ time: "1", body: "hi" }])), JSON_TYPE),
          400,
          "body",
        ],
        [
          "span ids of the wrong length",
          () =>
            post(
              t.server,
              TRACES,
              encodeTraces(tracesJson([{ ...fixtureExport(unique("len"), 3)[0]!, spanId: "abcdef" }])),
              PROTO,
            ),
          400,
          "resourceSpans[0].scopeSpans[0].spans[0].spanId",
        ],
        [
          "a gzip bomb",
          () =>
            post(t.server, TRACES, gzipSync(Buffer.alloc(17 * 1024 * 1024, 0x20)), {
              ...JSON_TYPE,
              "content-encoding": "gzip",
            }),
          413,
          "body",
        ],
        [
          "an oversized request",
          () => post(t.server, TRACES, Buffer.alloc(17 * 1024 * 1024, 0x20), JSON_TYPE),
          413,
          "body",
        ],
        [
          "bytes that are not gzip",
          () => post(t.server, TRACES, "not gzip", { ...PROTO, "content-encoding": "gzip" }),
          400,
          "body",
        ],
        [
          "another content type",
          () => post(t.server, TRACES, "x", { "content-type": "text/plain" }),
          415,
          "content-type",
        ],
        [
          "another content encoding",
          () => post(t.server, TRACES, "x", { ...PROTO, "content-encoding": "br" }),
          415,
          "content-encoding",
        ],
        [
          "a traces export posted to the logs path",
          () => post(t.server, LOGS, JSON.stringify(tracesJson(fixtureExport(unique("x"), 4))), JSON_TYPE),
          400,
          "body",
        ],
      ];
      it.each(cases.map(([label, ...rest]) => ({ label, rest })))("$label", async ({ rest: [send, status, field] }) => {
        const before = await t.counts();
        const a = await send();
        expectError(a, status, field);
        expect(await t.counts()).toEqual(before);
      });

      it("refuses a request without a valid key", async () => {
        const a = await fetch(t.server.url + TRACES, { method: "POST", headers: PROTO, body: new Uint8Array() }).then(
          readAnswer,
        );
        expectError(a, 401);
      });
    });
  });
}

suite("OTLP on SQLite", sqliteTarget);
suite("OTLP on PostgreSQL", postgresTarget);
