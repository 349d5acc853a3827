// What an OTLP export holds once decoded, the same whichever encoding it came in (decode-protobuf.ts,
// decode-json.ts): spans and log records with their resource and scope, ids as lowercase hex, times as decimal
// strings of nanoseconds (64-bit values do not fit a JS number), attribute values as plain JSON values.
import "@/server/server-only";

/**
 * An attribute value: a string, a boolean, a number (an int64 within ±2^53 − 1 or a double), a decimal string (an
 * int64 beyond that), a list, or a map (kvlist). Bytes arrive as base64 text.
 */
export type AttrValue = string | number | boolean | null | AttrValue[] | { [key: string]: AttrValue };
export type Attributes = Record<string, AttrValue>;

export interface OtlpScope {
  name: string;
  version: string;
}

export interface OtlpEvent {
  timeUnixNano: string;
  name: string;
  attributes: Attributes;
}

export interface OtlpSpan {
  /** 32 lowercase hex characters, never all zeros. */
  traceId: string;
  /** 16 lowercase hex characters, never all zeros. */
  spanId: string;
  parentSpanId: string | null;
  name: string;
  /** SpanKind: 0 unspecified, 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Attributes;
  events: OtlpEvent[];
  /** StatusCode 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string };
  /** Shared by every span of one ResourceSpans. */
  resource: Attributes;
  scope: OtlpScope;
}

export interface OtlpLogRecord {
  timeUnixNano: string;
  observedTimeUnixNano: string;
  /** The event's name (LogRecord.event_name, or the older `event.name` attribute); "" for a plain log line. */
  eventName: string;
  traceId: string | null;
  spanId: string | null;
  severityText: string;
  body: AttrValue;
  attributes: Attributes;
  resource: Attributes;
  scope: OtlpScope;
}

/** Attribute keys past this depth of nested lists and maps are refused (protobufjs stops at 100). */
export const MAX_VALUE_DEPTH = 32;

/** Sets `key` on a plain object, "__proto__" included (an assignment would change the object's prototype instead). */
export function setKey(target: Record<string, AttrValue>, key: string, value: AttrValue): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Decimal text of an int64 given as JS number when it is exact, else as the decimal string itself. */
export function int64Value(decimal: string): number | string {
  const n = Number(decimal);
  return Number.isSafeInteger(n) ? n : decimal;
}
