// Turns a decoded OTLP export request (protobufjs's message objects, or parsed OTLP/JSON) into plain spans and log
// records (spans.ts), validating as it goes: a field that is not what OTLP says is a 400 naming its path, e.g.
// resourceSpans[0].scopeSpans[1].spans[2].traceId. Both encodings share this walk; they differ only in how ids,
// 64-bit integers, enums and bytes are written (the Codec), so one export gives the same spans either way.
import "@/server/server-only";
import { ValidationError } from "@/server/errors";
import {
  int64Value,
  MAX_VALUE_DEPTH,
  setKey,
  type Attributes,
  type AttrValue,
  type OtlpEvent,
  type OtlpLogRecord,
  type OtlpScope,
  type OtlpSpan,
} from "./spans";

/** How one encoding writes what OTLP/JSON and protobuf write differently. */
export interface Codec {
  /** "protobuf" | "json": named in error messages. */
  name: string;
  /** An id as lowercase hex ("" when absent), or null when it is not an id at all. */
  id(value: unknown): string | null;
  /** A 64-bit integer as decimal text, or null when it is not one. */
  int64(value: unknown): string | null;
  /** Bytes as base64 text, or null when they are not bytes. */
  bytes(value: unknown): string | null;
  /** An enum as its number (JSON may also spell its name), or null. */
  enumValue(value: unknown, names: Readonly<Record<string, number>>): number | null;
  /** A field by its lowerCamelCase name (OTLP/JSON receivers also accept the proto's snake_case name). */
  get(o: Record<string, unknown>, camel: string, snake: string): unknown;
  /** A KeyValue list as attributes, where the decoder has already checked its types; null when the list needs the
   *  general walk below, which also words the error. */
  attributes?(items: unknown[]): Attributes | null;
}

const SPAN_KINDS: Record<string, number> = {
  SPAN_KIND_UNSPECIFIED: 0,
  SPAN_KIND_INTERNAL: 1,
  SPAN_KIND_SERVER: 2,
  SPAN_KIND_CLIENT: 3,
  SPAN_KIND_PRODUCER: 4,
  SPAN_KIND_CONSUMER: 5,
};
const STATUS_CODES: Record<string, number> = { STATUS_CODE_UNSET: 0, STATUS_CODE_OK: 1, STATUS_CODE_ERROR: 2 };

const TRACE_ID_HEX = 32;
const SPAN_ID_HEX = 16;

function fail(field: string, message: string, suggestion?: string): never {
  throw new ValidationError({ field, message: `${field} ${message}`, suggestion });
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

function list(codec: Codec, o: Obj, camel: string, snake: string, path: string): unknown[] {
  const v = codec.get(o, camel, snake);
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) fail(`${path}.${camel}`, "must be a list.");
  return v;
}

function obj(v: unknown, path: string): Obj {
  if (!isObj(v)) fail(path, "must be an object.");
  return v;
}

function str(codec: Codec, o: Obj, camel: string, snake: string, path: string): string {
  const v = codec.get(o, camel, snake);
  if (v === undefined || v === null) return "";
  if (typeof v !== "string") fail(`${path}.${camel}`, "must be a string.");
  return v;
}

function time(codec: Codec, o: Obj, camel: string, snake: string, path: string): string {
  const v = codec.get(o, camel, snake);
  if (v === undefined || v === null) return "0";
  const t = codec.int64(v);
  if (t === null || t.startsWith("-")) {
    fail(
      `${path}.${camel}`,
      "must be nanoseconds since the Unix epoch.",
      'Send it as a decimal string, e.g. "1700000000000000000".',
    );
  }
  return t;
}

function requiredId(codec: Codec, o: Obj, camel: string, snake: string, hex: number, path: string): string {
  const field = `${path}.${camel}`;
  const v = codec.get(o, camel, snake);
  const id = v === undefined || v === null ? "" : codec.id(v);
  if (id === null) fail(field, `must be ${hex / 2} bytes (${hex} hex characters in OTLP/JSON).`);
  if (id === "") {
    fail(field, "is missing.", "Every span needs a trace id and a span id: check that the exporter sends traces here.");
  }
  if (id.length !== hex) {
    fail(
      field,
      `must be ${hex / 2} bytes; got ${id.length / 2}.`,
      codec.name === "json"
        ? `OTLP/JSON writes ids as ${hex} hex characters, not base64.`
        : "Check the exporter: OTLP trace ids are 16 bytes and span ids 8.",
    );
  }
  if (/^0+$/.test(id)) fail(field, "is all zeros, which OTLP defines as an invalid id.");
  return id;
}

function optionalId(codec: Codec, o: Obj, camel: string, snake: string, hex: number, path: string): string | null {
  const v = codec.get(o, camel, snake);
  if (v === undefined || v === null) return null;
  const id = codec.id(v);
  if (id === null || (id !== "" && id.length !== hex)) {
    fail(`${path}.${camel}`, `must be ${hex / 2} bytes (${hex} hex characters in OTLP/JSON), or absent.`);
  }
  return id === "" || /^0+$/.test(id) ? null : id;
}

/** A value's path, `${base}[${k}]${suffix}` (`base + suffix` when k < 0), built only for an error message: built up
 *  front for every attribute it was a few strings per attribute of every span. */
const at = (base: string, k: number, suffix = "") => (k < 0 ? base + suffix : `${base}[${k}]${suffix}`);

/** An AnyValue as a plain value; its path is at(base, k, suffix). */
function anyValue(codec: Codec, v: unknown, base: string, k: number, suffix: string, depth: number): AttrValue {
  if (v === undefined || v === null) return null;
  if (depth > MAX_VALUE_DEPTH) fail(at(base, k, suffix), `nests lists and maps more than ${MAX_VALUE_DEPTH} deep.`);
  if (!isObj(v)) fail(at(base, k, suffix), "must be an object.");
  const s = codec.get(v, "stringValue", "string_value");
  if (s !== undefined && s !== null) {
    if (typeof s !== "string") fail(at(base, k, `${suffix}.stringValue`), "must be a string.");
    return s;
  }
  const b = codec.get(v, "boolValue", "bool_value");
  if (b !== undefined && b !== null) {
    if (typeof b !== "boolean") fail(at(base, k, `${suffix}.boolValue`), "must be true or false.");
    return b;
  }
  const i = codec.get(v, "intValue", "int_value");
  if (i !== undefined && i !== null) {
    const t = codec.int64(i);
    if (t === null) {
      fail(
        at(base, k, `${suffix}.intValue`),
        "must be a 64-bit integer.",
        'Send it as a number or a decimal string, e.g. "42".',
      );
    }
    return int64Value(t);
  }
  const d = codec.get(v, "doubleValue", "double_value");
  if (d !== undefined && d !== null) {
    // OTLP/JSON spells the non-finite doubles as strings, as protobuf's JSON mapping does.
    if (typeof d === "number") return d;
    if (d === "NaN" || d === "Infinity" || d === "-Infinity") return d;
    fail(at(base, k, `${suffix}.doubleValue`), "must be a number.");
  }
  const a = codec.get(v, "arrayValue", "array_value");
  if (a !== undefined && a !== null) {
    const path = at(base, k, `${suffix}.arrayValue`);
    const values = list(codec, obj(a, path), "values", "values", path);
    const out = new Array<AttrValue>(values.length);
    for (let j = 0; j < values.length; j++) out[j] = anyValue(codec, values[j], `${path}.values`, j, "", depth + 1);
    return out;
  }
  const kv = codec.get(v, "kvlistValue", "kvlist_value");
  if (kv !== undefined && kv !== null) {
    const path = at(base, k, `${suffix}.kvlistValue`);
    return keyValues(codec, list(codec, obj(kv, path), "values", "values", path), `${path}.values`, depth + 1);
  }
  const by = codec.get(v, "bytesValue", "bytes_value");
  if (by !== undefined && by !== null) {
    const t = codec.bytes(by);
    if (t === null) fail(at(base, k, `${suffix}.bytesValue`), "must be bytes (base64 in OTLP/JSON).");
    return t;
  }
  return null; // an empty AnyValue
}

/** A KeyValue list (at `path`) as an object; a repeated key keeps its last value. */
function keyValues(codec: Codec, items: unknown[], path: string, depth = 0): Attributes {
  const out: Attributes = {};
  for (let k = 0; k < items.length; k++) {
    const kv = items[k];
    if (!isObj(kv)) fail(at(path, k), "must be an object.");
    const key = codec.get(kv, "key", "key");
    if (typeof key !== "string") fail(at(path, k, ".key"), "must be a string.");
    setKey(out, key, anyValue(codec, codec.get(kv, "value", "value"), path, k, ".value", depth));
  }
  return out;
}

function attributes(codec: Codec, o: Obj, path: string): Attributes {
  const items = list(codec, o, "attributes", "attributes", path);
  return codec.attributes?.(items) ?? keyValues(codec, items, `${path}.attributes`);
}

function scopeOf(codec: Codec, o: Obj, path: string): OtlpScope {
  const s = codec.get(o, "scope", "scope");
  if (s === undefined || s === null) return { name: "", version: "" };
  const so = obj(s, `${path}.scope`);
  return {
    name: str(codec, so, "name", "name", `${path}.scope`),
    version: str(codec, so, "version", "version", `${path}.scope`),
  };
}

function resourceOf(codec: Codec, o: Obj, path: string): Attributes {
  const r = codec.get(o, "resource", "resource");
  return r === undefined || r === null ? {} : attributes(codec, obj(r, `${path}.resource`), `${path}.resource`);
}

function enumOf(
  codec: Codec,
  o: Obj,
  camel: string,
  snake: string,
  names: Record<string, number>,
  path: string,
): number {
  const v = codec.get(o, camel, snake);
  if (v === undefined || v === null) return 0;
  const n = codec.enumValue(v, names);
  if (n === null) fail(`${path}.${camel}`, `must be one of ${Object.values(names).join(", ")} (or its name).`);
  return n;
}

/** The spans of an ExportTraceServiceRequest, in the order they were sent. */
export function readTraces(codec: Codec, request: unknown): OtlpSpan[] {
  const root = obj(request, "body");
  if (codec.get(root, "resourceLogs", "resource_logs") !== undefined) {
    fail(
      "body",
      "holds resourceLogs: this is a logs export, sent to the traces endpoint.",
      "Send logs to …/api/v1/otel/v1/logs (an OTLP logs exporter's endpoint) and traces to …/v1/traces.",
    );
  }
  const spans: OtlpSpan[] = [];
  list(codec, root, "resourceSpans", "resource_spans", "body").forEach((rsRaw, i) => {
    const rPath = `resourceSpans[${i}]`;
    const rs = obj(rsRaw, rPath);
    const resource = resourceOf(codec, rs, rPath);
    list(codec, rs, "scopeSpans", "scope_spans", rPath).forEach((ssRaw, j) => {
      const sPath = `${rPath}.scopeSpans[${j}]`;
      const ss = obj(ssRaw, sPath);
      const scope = scopeOf(codec, ss, sPath);
      list(codec, ss, "spans", "spans", sPath).forEach((spRaw, k) => {
        const path = `${sPath}.spans[${k}]`;
        const sp = obj(spRaw, path);
        const status = codec.get(sp, "status", "status");
        const so = status === undefined || status === null ? {} : obj(status, `${path}.status`);
        spans.push({
          traceId: requiredId(codec, sp, "traceId", "trace_id", TRACE_ID_HEX, path),
          spanId: requiredId(codec, sp, "spanId", "span_id", SPAN_ID_HEX, path),
          parentSpanId: optionalId(codec, sp, "parentSpanId", "parent_span_id", SPAN_ID_HEX, path),
          name: str(codec, sp, "name", "name", path),
          kind: enumOf(codec, sp, "kind", "kind", SPAN_KINDS, path),
          startTimeUnixNano: time(codec, sp, "startTimeUnixNano", "start_time_unix_nano", path),
          endTimeUnixNano: time(codec, sp, "endTimeUnixNano", "end_time_unix_nano", path),
          attributes: attributes(codec, sp, path),
          events: list(codec, sp, "events", "events", path).map((evRaw, e): OtlpEvent => {
            const ePath = `${path}.events[${e}]`;
            const ev = obj(evRaw, ePath);
            return {
              timeUnixNano: time(codec, ev, "timeUnixNano", "time_unix_nano", ePath),
              name: str(codec, ev, "name", "name", ePath),
              attributes: attributes(codec, ev, ePath),
            };
          }),
          status: {
            code: enumOf(codec, so, "code", "code", STATUS_CODES, `${path}.status`),
            message: str(codec, so, "message", "message", `${path}.status`),
          },
          resource,
          scope,
        });
      });
    });
  });
  return spans;
}

/** The log records of an ExportLogsServiceRequest, in the order they were sent. */
export function readLogs(codec: Codec, request: unknown): OtlpLogRecord[] {
  const root = obj(request, "body");
  if (codec.get(root, "resourceSpans", "resource_spans") !== undefined) {
    fail(
      "body",
      "holds resourceSpans: this is a traces export, sent to the logs endpoint.",
      "Send traces to …/api/v1/otel/v1/traces and logs to …/v1/logs.",
    );
  }
  const records: OtlpLogRecord[] = [];
  list(codec, root, "resourceLogs", "resource_logs", "body").forEach((rlRaw, i) => {
    const rPath = `resourceLogs[${i}]`;
    const rl = obj(rlRaw, rPath);
    const resource = resourceOf(codec, rl, rPath);
    list(codec, rl, "scopeLogs", "scope_logs", rPath).forEach((slRaw, j) => {
      const sPath = `${rPath}.scopeLogs[${j}]`;
      const sl = obj(slRaw, sPath);
      const scope = scopeOf(codec, sl, sPath);
      list(codec, sl, "logRecords", "log_records", sPath).forEach((lrRaw, k) => {
        const path = `${sPath}.logRecords[${k}]`;
        const lr = obj(lrRaw, path);
        const attrs = attributes(codec, lr, path);
        const eventName = str(codec, lr, "eventName", "event_name", path);
        const legacyName = attrs["event.name"];
        records.push({
          timeUnixNano: time(codec, lr, "timeUnixNano", "time_unix_nano", path),
          observedTimeUnixNano: time(codec, lr, "observedTimeUnixNano", "observed_time_unix_nano", path),
          eventName: eventName || (typeof legacyName === "string" ? legacyName : ""),
          traceId: optionalId(codec, lr, "traceId", "trace_id", TRACE_ID_HEX, path),
          spanId: optionalId(codec, lr, "spanId", "span_id", SPAN_ID_HEX, path),
          severityText: str(codec, lr, "severityText", "severity_text", path),
          body: anyValue(codec, codec.get(lr, "body", "body"), `${path}.body`, -1, "", 0),
          attributes: attrs,
          resource,
          scope,
        });
      });
    });
  });
  return records;
}
