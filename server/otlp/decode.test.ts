// Both encodings of one export decode to the same spans and log records, and malformed input is refused naming the
// field (decode.ts, decode-json.ts, decode-protobuf.ts).
import Long from "long";
import { describe, expect, it } from "vitest";
import { ValidationError } from "@/server/errors";
import {
  encodeLogs,
  encodeTraces,
  logsJson,
  spanIdOf,
  traceIdOf,
  tracesJson,
  type TestSpan,
} from "@/scripts/lib/otlp-requests";
import { logsFromJson, tracesFromJson } from "./decode-json";
import { logsFromProtobuf, protobufCodec, tracesFromProtobuf } from "./decode-protobuf";

const span: TestSpan = {
  traceId: traceIdOf(0xabc),
  spanId: spanIdOf(1),
  parentSpanId: spanIdOf(2),
  name: "chat gpt-5",
  kind: 3,
  start: "1767225600123456789",
  end: "1767225601123456789",
  attributes: {
    "gen_ai.operation.name": "chat",
    "gen_ai.usage.input_tokens": 12,
    // Each width protobuf's reader gives differently: within 32 bits, past them, negative.
    "u32.int": 4_294_967_295,
    "wide.int": 1_099_511_627_776,
    "negative.int": -5,
    "big.int": 0, // replaced below by an int64 beyond 2^53
    ratio: 0.5,
    ok: true,
    tags: ["a", "b"],
    nested: { inner: { deep: "x" } },
    ["__proto__"]: "not a prototype",
  },
  events: [{ name: "gen_ai.choice", time: "1767225601000000000", attributes: { index: 0 } }],
  status: { code: 2, message: "boom" },
};

function withBigInt(json: Record<string, unknown>) {
  const text = JSON.stringify(json).replace(
    '{"key":"big.int","value":{"intValue":"0"}}',
    '{"key":"big.int","value":{"intValue":"9007199254740993"}}',
  );
  return JSON.parse(text) as Record<string, unknown>;
}

function refusal(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error("expected a ValidationError");
}

describe("OTLP traces", () => {
  it("decode to the same spans from JSON and from protobuf", () => {
    const json = withBigInt(tracesJson([span]));
    const fromJson = tracesFromJson(JSON.stringify(json));
    const fromProto = tracesFromProtobuf(encodeTraces(json));
    expect(fromProto).toEqual(fromJson);
    const [s] = fromJson;
    expect(s).toMatchObject({
      traceId: traceIdOf(0xabc),
      spanId: spanIdOf(1),
      parentSpanId: spanIdOf(2),
      kind: 3,
      startTimeUnixNano: "1767225600123456789",
      endTimeUnixNano: "1767225601123456789",
      status: { code: 2, message: "boom" },
      resource: { "service.name": "test-agent" },
      scope: { name: "test-scope", version: "1.0.0" },
    });
    expect(s!.attributes["gen_ai.usage.input_tokens"]).toBe(12);
    expect(s!.attributes["big.int"]).toBe("9007199254740993");
    expect([s!.attributes["u32.int"], s!.attributes["wide.int"], s!.attributes["negative.int"]]).toEqual([
      4_294_967_295, 1_099_511_627_776, -5,
    ]);
    expect(s!.attributes.nested).toEqual({ inner: { deep: "x" } });
    expect(Object.getPrototypeOf(s!.attributes)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(s!.attributes, "__proto__")?.value).toBe("not a prototype");
    expect(s!.events).toEqual([
      { name: "gen_ai.choice", timeUnixNano: "1767225601000000000", attributes: { index: 0 } },
    ]);
  });

  it("accepts snake_case keys and enum names in JSON", () => {
    const text = JSON.stringify({
      resource_spans: [
        {
          scope_spans: [
            {
              spans: [
                {
                  trace_id: traceIdOf(1).toUpperCase(),
                  span_id: spanIdOf(1),
                  name: "x",
                  kind: "SPAN_KIND_CLIENT",
                  start_time_unix_nano: 5,
                },
              ],
            },
          ],
        },
      ],
    });
    expect(tracesFromJson(text)[0]).toMatchObject({ traceId: traceIdOf(1), kind: 3, startTimeUnixNano: "5" });
  });

  it("refuses ids of the wrong length, naming the field", () => {
    const json = tracesJson([{ ...span, spanId: "abcd" }]);
    for (const fn of [() => tracesFromJson(JSON.stringify(json)), () => tracesFromProtobuf(encodeTraces(json))]) {
      const e = refusal(fn);
      expect(e.field).toBe("resourceSpans[0].scopeSpans[0].spans[0].spanId");
      expect(e.message).toContain("must be 8 bytes; got 2");
    }
    const base64 = refusal(() =>
      tracesFromJson(
        JSON.stringify(tracesJson([{ ...span, traceId: Buffer.from(traceIdOf(1), "hex").toString("base64") }])),
      ),
    );
    expect(base64.field).toBe("resourceSpans[0].scopeSpans[0].spans[0].traceId");
    expect(base64.suggestion ?? base64.message).toMatch(/hex/);
  });

  it("refuses all-zero ids", () => {
    const e = refusal(() => tracesFromJson(JSON.stringify(tracesJson([{ ...span, traceId: "0".repeat(32) }]))));
    expect(e.message).toContain("all zeros");
  });

  it("refuses a logs export on the traces path, in both encodings", () => {
    const logs = logsJson([{ time: "1", eventName: "gen_ai.client.inference.operation.details", body: "x" }]);
    expect(refusal(() => tracesFromJson(JSON.stringify(logs))).message).toContain("logs export");
    const fromProto = refusal(() => tracesFromProtobuf(encodeLogs(logs)));
    expect(fromProto.field).toBe("resourceSpans[0].scopeSpans[0].spans[0].traceId");
    expect(fromProto.suggestion).toMatch(/traces/);
  });

  it("refuses bytes that are not protobuf", () => {
    const e = refusal(() => tracesFromProtobuf(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x01])));
    expect(e.field).toBe("body");
    expect(e.message).toContain("not a valid OTLP traces protobuf message");
  });

  it("refuses JSON of the wrong shape and values nested without end", () => {
    expect(refusal(() => tracesFromJson("{")).message).toContain("not valid JSON");
    expect(refusal(() => tracesFromJson('{"resourceSpans": {}}')).field).toBe("body.resourceSpans");
    let deep: unknown = { stringValue: "x" };
    for (let i = 0; i < 40; i++) deep = { arrayValue: { values: [deep] } };
    const text = JSON.stringify({
      resourceSpans: [
        {
          scopeSpans: [
            { spans: [{ traceId: traceIdOf(1), spanId: spanIdOf(1), attributes: [{ key: "k", value: deep }] }] },
          ],
        },
      ],
    });
    const fromJson = refusal(() => tracesFromJson(text));
    expect(fromJson.message).toContain("more than 32 deep");
    // Protobuf reads attributes by a path of its own (its decoder checks their types); a value too deep still gets
    // the same refusal.
    const fromProto = refusal(() => tracesFromProtobuf(encodeTraces(JSON.parse(text) as never)));
    expect([fromProto.field, fromProto.message]).toEqual([fromJson.field, fromJson.message]);
  });

  it("names the path of a bad attribute value, nested ones included", () => {
    const withAttributes = (attributes: unknown[]) =>
      JSON.stringify({
        resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: traceIdOf(1), spanId: spanIdOf(1), attributes }] }] }],
      });
    const ok = { key: "a", value: { stringValue: "x" } };
    const fieldOf = (attributes: unknown[]) => refusal(() => tracesFromJson(withAttributes(attributes))).field;
    expect(fieldOf([ok, { key: "b", value: { intValue: "x" } }])).toBe(
      "resourceSpans[0].scopeSpans[0].spans[0].attributes[1].value.intValue",
    );
    expect(fieldOf([ok, ok, { key: 3, value: {} }])).toBe("resourceSpans[0].scopeSpans[0].spans[0].attributes[2].key");
    expect(fieldOf([ok, "kv"])).toBe("resourceSpans[0].scopeSpans[0].spans[0].attributes[1]");
    expect(fieldOf([{ key: "a", value: [] }])).toBe("resourceSpans[0].scopeSpans[0].spans[0].attributes[0].value");
    const nested = {
      kvlistValue: { values: [ok, { key: "n", value: { arrayValue: { values: [{ boolValue: 1 }] } } }] },
    };
    expect(fieldOf([{ key: "m", value: nested }])).toBe(
      "resourceSpans[0].scopeSpans[0].spans[0].attributes[0].value.kvlistValue.values[1].value.arrayValue.values[0].boolValue",
    );
  });
});

describe("OTLP logs", () => {
  it("decode to the same records from JSON and from protobuf", () => {
    const json = logsJson([
      {
        time: "1767225600000000000",
        eventName: "gen_ai.client.inference.operation.details",
        traceId: traceIdOf(7),
        spanId: spanIdOf(7),
        body: { "gen_ai.output.messages": [{ role: "assistant", parts: [] }] },
        attributes: { "gen_ai.operation.name": "chat" },
      },
    ]);
    const fromJson = logsFromJson(JSON.stringify(json));
    expect(logsFromProtobuf(encodeLogs(json))).toEqual(fromJson);
    expect(fromJson[0]).toMatchObject({
      eventName: "gen_ai.client.inference.operation.details",
      traceId: traceIdOf(7),
      spanId: spanIdOf(7),
      body: { "gen_ai.output.messages": [{ role: "assistant", parts: [] }] },
    });
  });

  it("refuses a traces export on the logs path", () => {
    expect(refusal(() => logsFromJson(JSON.stringify(tracesJson([span])))).message).toContain("traces export");
  });
});

describe("64-bit integers from protobuf", () => {
  it("are the decimal text BigInt gives, signed and unsigned, for edges and 10,000 values", () => {
    const values: [bigint, boolean][] = [
      [0n, true],
      [1n, false],
      [2n ** 32n - 1n, true],
      [2n ** 32n, false],
      [2n ** 53n + 1n, true],
      [2n ** 63n - 1n, false],
      [2n ** 64n - 1n, true],
      [-1n, false],
      [-(2n ** 63n), false],
    ];
    let x = 0x2545f4914f6cdd1dn;
    for (let i = 0; i < 10_000; i++) {
      x = (x * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      values.push(i % 2 === 0 ? [x, true] : [BigInt.asIntN(64, x), false]);
    }
    for (const [value, unsigned] of values) {
      const long = Long.fromString(value.toString(), unsigned);
      expect(protobufCodec.int64(long)).toBe(value.toString());
    }
  });
});
