// OTLP/JSON (the protobuf JSON mapping as OTLP profiles it): ids as hex, 64-bit integers as decimal strings or
// numbers, enums as numbers (their names accepted too), bytes as base64, lowerCamelCase keys (snake_case accepted).
import "@/server/server-only";
import { ValidationError } from "@/server/errors";
import { readLogs, readTraces, type Codec } from "./decode";
import type { OtlpLogRecord, OtlpSpan } from "./spans";

const HEX = /^[0-9a-fA-F]*$/;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
const INT = /^-?\d+$/;
const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

function int64(value: unknown): string | null {
  let n: bigint;
  if (typeof value === "number") {
    if (!Number.isInteger(value)) return null;
    n = BigInt(value);
  } else if (typeof value === "string" && INT.test(value) && value.length <= 21) {
    n = BigInt(value);
  } else return null;
  return n < INT64_MIN || n > UINT64_MAX ? null : n.toString();
}

export const jsonCodec: Codec = {
  name: "json",
  id: (v) => (typeof v === "string" && HEX.test(v) && v.length % 2 === 0 ? v.toLowerCase() : null),
  int64,
  bytes: (v) => (typeof v === "string" && BASE64.test(v) ? v : null),
  enumValue(v, names) {
    if (typeof v === "number") return Number.isInteger(v) && Object.values(names).includes(v) ? v : null;
    return typeof v === "string" && Object.hasOwn(names, v) ? names[v]! : null;
  },
  get: (o, camel, snake) => (Object.hasOwn(o, camel) ? o[camel] : Object.hasOwn(o, snake) ? o[snake] : undefined),
};

function parse(text: string): unknown {
  if (text.trim() === "") {
    throw new ValidationError({
      field: "body",
      message: "The request body is empty.",
      suggestion: "Send an OTLP export request (JSON or protobuf).",
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ValidationError({
      field: "body",
      message: `The body is not valid JSON (${(error as Error).message}).`,
      suggestion: "Send OTLP/JSON with Content-Type: application/json, or protobuf with application/x-protobuf.",
    });
  }
}

export const tracesFromJson = (text: string): OtlpSpan[] => readTraces(jsonCodec, parse(text));
export const logsFromJson = (text: string): OtlpLogRecord[] => readLogs(jsonCodec, parse(text));
