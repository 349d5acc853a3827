// Builds OTLP export requests for tests and the OTLP benchmark: a compact description of spans (or log records) becomes OTLP/JSON exactly
// as the spec writes it, and the same request encoded as protobuf through the generated module, so a test can send
// one export both ways. Attribute values: strings, booleans, integers (intValue), other numbers (doubleValue),
// lists, and plain objects (kvlistValue).
import { opentelemetry } from "@/server/otlp/proto/generated/otlp.js";

export type TestValue = string | number | boolean | TestValue[] | { [key: string]: TestValue };

export interface TestSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  /** Nanoseconds, as decimal text. */
  start: string;
  end?: string;
  attributes?: Record<string, TestValue>;
  events?: { name: string; time: string; attributes?: Record<string, TestValue> }[];
  status?: { code: number; message?: string };
}

export interface TestLogRecord {
  time: string;
  eventName?: string;
  traceId?: string;
  spanId?: string;
  body?: TestValue;
  attributes?: Record<string, TestValue>;
}

type JsonAny = Record<string, unknown>;

export function anyValueJson(v: TestValue): JsonAny {
  if (typeof v === "string") return { stringValue: v };
  if (typeof v === "boolean") return { boolValue: v };
  if (typeof v === "number") return Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(anyValueJson) } };
  return { kvlistValue: { values: keyValuesJson(v) } };
}

export const keyValuesJson = (attrs: Record<string, TestValue> = {}) =>
  Object.entries(attrs).map(([key, value]) => ({ key, value: anyValueJson(value) }));

export function tracesJson(
  spans: TestSpan[],
  resource: Record<string, TestValue> = { "service.name": "test-agent" },
  scope = { name: "test-scope", version: "1.0.0" },
): JsonAny {
  return {
    resourceSpans: [
      {
        resource: { attributes: keyValuesJson(resource) },
        scopeSpans: [
          {
            scope,
            spans: spans.map((s) => ({
              traceId: s.traceId,
              spanId: s.spanId,
              ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
              name: s.name,
              kind: s.kind ?? 1,
              startTimeUnixNano: s.start,
              endTimeUnixNano: s.end ?? s.start,
              attributes: keyValuesJson(s.attributes),
              events: (s.events ?? []).map((e) => ({
                name: e.name,
                timeUnixNano: e.time,
                attributes: keyValuesJson(e.attributes),
              })),
              status: { code: s.status?.code ?? 0, ...(s.status?.message ? { message: s.status.message } : {}) },
            })),
          },
        ],
      },
    ],
  };
}

export function logsJson(
  records: TestLogRecord[],
  resource: Record<string, TestValue> = { "service.name": "test-agent" },
): JsonAny {
  return {
    resourceLogs: [
      {
        resource: { attributes: keyValuesJson(resource) },
        scopeLogs: [
          {
            scope: { name: "test-scope", version: "1.0.0" },
            logRecords: records.map((r) => ({
              timeUnixNano: r.time,
              observedTimeUnixNano: r.time,
              ...(r.eventName ? { eventName: r.eventName } : {}),
              ...(r.traceId ? { traceId: r.traceId } : {}),
              ...(r.spanId ? { spanId: r.spanId } : {}),
              ...(r.body !== undefined ? { body: anyValueJson(r.body) } : {}),
              attributes: keyValuesJson(r.attributes),
            })),
          },
        ],
      },
    ],
  };
}

// ---- the same requests as protobuf ----

const hexBytes = (hex: string) => Buffer.from(hex, "hex");

/** OTLP/JSON (as built above) → the protobufjs message properties of the same request. */
function toProto(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => toProto(v, key));
  if (value === null || typeof value !== "object") {
    if (typeof value === "string" && (key === "traceId" || key === "spanId" || key === "parentSpanId")) {
      return hexBytes(value);
    }
    if (typeof value === "string" && key === "bytesValue") return Buffer.from(value, "base64");
    return value;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toProto(v, k)]));
}

const collector = opentelemetry.proto.collector.v1;

export function encodeTraces(json: JsonAny): Uint8Array {
  return collector.ExportTraceServiceRequest.encode(toProto(json) as never).finish();
}

export function encodeLogs(json: JsonAny): Uint8Array {
  return collector.ExportLogsServiceRequest.encode(toProto(json) as never).finish();
}

/** Hex ids for tests: `traceIdOf(1)` → "000…01" (32 hex), `spanIdOf(1)` → 16 hex. */
export const traceIdOf = (n: number) => n.toString(16).padStart(32, "0");
export const spanIdOf = (n: number) => n.toString(16).padStart(16, "0");
