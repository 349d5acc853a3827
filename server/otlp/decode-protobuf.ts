// OTLP protobuf: the export request decoded by the static protobufjs module (proto/generated, from the .proto files
// beside it), then walked by decode.ts like OTLP/JSON. Bytes that are not a valid message of the expected type are a
// 400; a logs export posted to the traces path decodes (both start with resource/scope lists) as spans without ids,
// which decode.ts refuses with a message saying so.
import "@/server/server-only";
import Long from "long";
import protobuf from "protobufjs/minimal.js";
import { ValidationError } from "@/server/errors";
import { readLogs, readTraces, type Codec } from "./decode";
import { opentelemetry } from "./proto/generated/otlp.js";
import {
  int64Value,
  MAX_VALUE_DEPTH,
  setKey,
  type Attributes,
  type AttrValue,
  type OtlpLogRecord,
  type OtlpSpan,
} from "./spans";

// 64-bit fields need Long: without it protobufjs reads them as doubles, which round nanosecond times. Its own lookup
// of the `long` package (an eval'd require) does not survive bundling, so it is handed over here.
protobuf.util.Long = Long;
protobuf.configure();

const collector = opentelemetry.proto.collector.v1;

// protobufjs reads bytes fields of a Buffer as Buffers (views of the body): those need no wrapping.
const asBuffer = (v: Uint8Array) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength));

type KeyValue = opentelemetry.proto.common.v1.KeyValue.$Properties;
type AnyValue = opentelemetry.proto.common.v1.AnyValue.$Properties;

/** Thrown by the attribute reading below where the general walk must take over (and word the error). */
const GENERAL_WALK = Symbol("general walk");

/**
 * Attributes read straight from protobufjs's messages: the decoder has checked every field's type (a key is a string,
 * a oneof holds one value), so only the depth is left to check. The general walk (decode.ts, shared with OTLP/JSON)
 * reads each field through the codec and checks its type: ~1 µs more per span of bench:ingest's exports.
 */
function keyValues(items: KeyValue[], depth: number): Attributes {
  const out: Attributes = {};
  for (const kv of items) setKey(out, kv.key!, anyValue(kv.value, depth));
  return out;
}

function anyValue(v: AnyValue | null | undefined, depth: number): AttrValue {
  if (v === undefined || v === null) return null;
  if (depth > MAX_VALUE_DEPTH) throw GENERAL_WALK;
  if (v.stringValue !== undefined && v.stringValue !== null) return v.stringValue;
  if (v.boolValue !== undefined && v.boolValue !== null) return v.boolValue;
  if (v.intValue !== undefined && v.intValue !== null) {
    const t = protobufCodec.int64(v.intValue);
    if (t === null) throw GENERAL_WALK;
    return int64Value(t);
  }
  if (v.doubleValue !== undefined && v.doubleValue !== null) return v.doubleValue;
  if (v.arrayValue !== undefined && v.arrayValue !== null) {
    const values = v.arrayValue.values ?? [];
    const out = new Array<AttrValue>(values.length);
    for (let j = 0; j < values.length; j++) out[j] = anyValue(values[j], depth + 1);
    return out;
  }
  if (v.kvlistValue !== undefined && v.kvlistValue !== null) return keyValues(v.kvlistValue.values ?? [], depth + 1);
  if (v.bytesValue !== undefined && v.bytesValue !== null) return asBuffer(v.bytesValue).toString("base64");
  return null; // an empty AnyValue
}

/** high·2^32 + low (two unsigned 32-bit halves) as decimal text, in exact doubles: 2^32 = 4294·10^6 + 967296, so the
 *  value is (high·4294 + ⌊r / 10^6⌋)·10^6 + r mod 10^6 with r = high·967296 + low, and r < 2^53. Every span has two
 *  such times: through BigInt they were ~0.3 µs each. */
function uint64Text(high: number, low: number): string {
  const r = high * 967_296 + low;
  const rest = r % 1_000_000;
  const top = high * 4294 + (r - rest) / 1_000_000;
  return top === 0 ? String(rest) : `${top}${String(rest).padStart(6, "0")}`;
}

export const protobufCodec: Codec = {
  name: "protobuf",
  id: (v) => (v instanceof Uint8Array ? asBuffer(v).toString("hex") : null),
  // protobufjs gives a 64-bit field as a Long (from the `long` package) or, for small values, a number; Long's own
  // toString is a division loop. A negative signed value (rare: an int64 attribute) goes through BigInt.
  int64: (v) =>
    typeof v === "number"
      ? Number.isInteger(v)
        ? String(v)
        : null
      : Long.isLong(v)
        ? v.unsigned || v.high >= 0
          ? uint64Text(v.high >>> 0, v.low >>> 0)
          : ((BigInt(v.high) << 32n) + BigInt(v.low >>> 0)).toString()
        : null,
  bytes: (v) => (v instanceof Uint8Array ? asBuffer(v).toString("base64") : null),
  enumValue: (v) => (typeof v === "number" ? v : null),
  get: (o, camel) => o[camel],
  attributes(items) {
    try {
      return keyValues(items as KeyValue[], 0);
    } catch (error) {
      if (error === GENERAL_WALK) return null;
      throw error;
    }
  },
};

function decode<T>(what: string, bytes: Uint8Array, fn: (b: Uint8Array) => T): T {
  try {
    return fn(bytes);
  } catch (error) {
    throw new ValidationError({
      field: "body",
      message: `The body is not a valid OTLP ${what} protobuf message (${(error as Error).message}).`,
      suggestion:
        "Send an ExportTraceServiceRequest to …/v1/traces or an ExportLogsServiceRequest to …/v1/logs with " +
        "Content-Type: application/x-protobuf, or OTLP/JSON with application/json.",
    });
  }
}

export function tracesFromProtobuf(bytes: Uint8Array): OtlpSpan[] {
  const message = decode("traces", bytes, (b) => collector.ExportTraceServiceRequest.decode(b));
  return readTraces(protobufCodec, message);
}

export function logsFromProtobuf(bytes: Uint8Array): OtlpLogRecord[] {
  const message = decode("logs", bytes, (b) => collector.ExportLogsServiceRequest.decode(b));
  return readLogs(protobufCodec, message);
}
