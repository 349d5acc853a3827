// bench:ingest's OTLP scenario (scripts/bench-ingest.ts): 1,000-span protobuf exports to POST /api/v1/otel/v1/traces,
// each span a GenAI `chat` call whose gen_ai.input.messages (a short history) and gen_ai.output.messages (a reasoning
// part and an answer) are JSON strings, as instrumentations send them: the JSON parsing of message attributes is the
// cost to watch. Each export is one conversation; its first call also carries the user's prompt. So an export of N
// spans writes 2N + 1 thoughts.
import type { Dispatcher } from "undici";
import { encodeTraces, spanIdOf, traceIdOf, tracesJson, type TestSpan } from "./otlp-requests";

export const OTLP_SPANS = 1_000;

const REASONING =
  "The cache must be invalidated before the write is acknowledged, otherwise a reader may see the old value.\n\n" +
  "So the order is: delete the entry, write, then acknowledge. A retry must not re-read the stale entry.";

function chatSpan(conversation: string, trace: string, n: number, t0: bigint): TestSpan {
  const history = [
    { role: "system", parts: [{ type: "text", content: "You review cache designs." }] },
    { role: "user", parts: [{ type: "text", content: `Review design ${conversation}.` }] },
    ...(n === 0 ? [] : [{ role: "assistant", parts: [{ type: "text", content: `Step ${n - 1} reviewed.` }] }]),
  ];
  return {
    traceId: trace,
    spanId: spanIdOf(n + 1),
    name: "chat claude-sonnet-4-5",
    kind: 3,
    start: (t0 + BigInt(n) * 1_000_000n).toString(),
    end: (t0 + BigInt(n) * 1_000_000n + 900_000n).toString(),
    attributes: {
      "gen_ai.operation.name": "chat",
      "gen_ai.conversation.id": conversation,
      "gen_ai.request.model": "claude-sonnet-4-5",
      "gen_ai.input.messages": JSON.stringify(history),
      "gen_ai.output.messages": JSON.stringify([
        {
          role: "assistant",
          parts: [
            { type: "reasoning", content: `Step ${n}: ${REASONING}` },
            { type: "text", content: `Step ${n} reviewed.` },
          ],
          finish_reason: "stop",
        },
      ]),
      "gen_ai.usage.input_tokens": 400 + n,
      "gen_ai.usage.output_tokens": 120,
      "gen_ai.usage.reasoning.output_tokens": 80,
    },
  };
}

/** `count` protobuf exports of OTLP_SPANS spans each, built before any clock starts. */
export function otlpBodies(label: string, count: number): Buffer[] {
  const t0 = BigInt(Date.now()) * 1_000_000n;
  return Array.from({ length: count }, (_, b) => {
    const conversation = `${label}-${b}-${Date.now()}`;
    const trace = traceIdOf(b + 1);
    const spans = Array.from({ length: OTLP_SPANS }, (_, n) => chatSpan(conversation, trace, n, t0));
    return Buffer.from(encodeTraces(tracesJson(spans, { "service.name": "bench-agent" })));
  });
}

/** Thoughts one export writes (see the header). */
export const thoughtsPerExport = 2 * OTLP_SPANS + 1;

export async function postProtobuf(agent: Dispatcher, base: URL, apiKey: string, body: Buffer): Promise<number> {
  const res = await agent.request({
    origin: base.origin,
    path: "/api/v1/otel/v1/traces",
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/x-protobuf" },
    body,
  });
  await res.body.dump();
  return res.statusCode;
}
