// Golden fixtures, one module per convention (./fixtures): each export, sent as OTLP/JSON and as protobuf, gives
// exactly its graph (kinds, numbers, branches, texts), and both encodings give the same thoughts.
import { describe, expect, it } from "vitest";
import { planThoughts, type ThoughtEvent } from "@/lib/normalised/plan-thoughts";
import { encodeLogs, encodeTraces, logsJson, tracesJson } from "@/test/support/otlp";
import { assemble } from "./assemble";
import { logsFromJson, tracesFromJson } from "./decode-json";
import { logsFromProtobuf, tracesFromProtobuf } from "./decode-protobuf";
import type { Fixture, GraphRow } from "./fixtures/fixture";
import { FIXTURES } from "./fixtures";

function thoughts(f: Fixture, encoding: "json" | "protobuf"): ThoughtEvent[] {
  const traces = tracesJson(f.spans ?? [], f.resource);
  const logs = logsJson(f.logs ?? [], f.resource);
  const spans = encoding === "json" ? tracesFromJson(JSON.stringify(traces)) : tracesFromProtobuf(encodeTraces(traces));
  const records = encoding === "json" ? logsFromJson(JSON.stringify(logs)) : logsFromProtobuf(encodeLogs(logs));
  const { sessions } = assemble(spans, records);
  return sessions.flatMap((s) => planThoughts(s, { maxThoughtChars: 100_000 }));
}

const rows = (events: ThoughtEvent[]): GraphRow[] =>
  events.map((e) => [
    e.body.detail.kind,
    e.body.thoughtNumber,
    e.body.branchId ?? "",
    e.body.branchFromThought ?? null,
    e.body.thought,
  ]);

describe.each(FIXTURES)("$name", (f) => {
  it("gives its graph from OTLP/JSON", () => {
    const events = thoughts(f, "json");
    expect(rows(events)).toEqual(f.graph);
    expect(new Set(events.map((e) => e.body.sessionId))).toEqual(new Set([f.session]));
  });

  it("gives the same thoughts from protobuf", () => {
    expect(thoughts(f, "protobuf")).toEqual(thoughts(f, "json"));
  });
});
