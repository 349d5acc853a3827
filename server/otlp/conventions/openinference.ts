// OpenInference (Arize Phoenix's conventions): openinference.span.kind LLM / TOOL / AGENT; messages flattened as
// llm.input_messages.N.message.* and llm.output_messages.N.message.* with `contents` items whose
// message_content.type may be "reasoning" (its text, `signature`, `data` of Anthropic redacted thinking,
// `encrypted_content` of OpenAI) or "tool_use", and `tool_calls`; llm.token_count.*, llm.cost.* (USD), and
// graph.node.id / graph.node.parent_id, explicit edges of the agent's graph.
import "@/server/server-only";
import type { OtlpSpan } from "../spans";
import { contentParts, inputItems, messageParts, partsToItems, type Part } from "./parts";
import { stamp, type SpanReading } from "./reading";
import {
  asText,
  firstNum,
  firstText,
  isObject,
  structured,
  text,
  unflatten,
  type Json,
  type JsonObject,
} from "./values";

export const isOpenInference = (span: OtlpSpan) => typeof span.attributes["openinference.span.kind"] === "string";

/** An OpenInference message (`message.role`, `message.content`, `message.contents`, `message.tool_calls`) in the
 *  plain shape parts.ts reads. */
function plainMessage(m: Json): JsonObject | null {
  if (!isObject(m) || !isObject(m.message)) return null;
  const msg = m.message;
  const out: JsonObject = { role: text(msg.role) ?? "assistant" };
  const contents = Array.isArray(msg.contents) ? msg.contents : [];
  const blocks: Json[] = contents.flatMap((c): Json[] => {
    const mc = isObject(c) && isObject(c.message_content) ? c.message_content : null;
    if (!mc) return [];
    if (mc.type === "tool_use" && isObject(c) && isObject(c.tool_call)) {
      const call = c.tool_call;
      const fn = isObject(call.function) ? call.function : {};
      return [{ type: "tool_call", id: call.id ?? null, name: fn.name ?? null, arguments: fn.arguments ?? null }];
    }
    if (mc.type === "reasoning") {
      return [
        {
          type: "reasoning",
          content: mc.text ?? "",
          ...(mc.signature !== undefined ? { signature: mc.signature } : {}),
          ...(mc.data !== undefined ? { data: mc.data, redacted: true } : {}),
          ...(mc.encrypted_content !== undefined ? { encrypted_content: mc.encrypted_content } : {}),
        },
      ];
    }
    return mc.type === "text" ? [{ type: "text", content: mc.text ?? "" }] : [];
  });
  if (blocks.length > 0) out.parts = blocks;
  else if (msg.content !== undefined) out.content = msg.content;
  if (msg.role === "tool" && msg.tool_call_id !== undefined) {
    return { role: "tool", tool_call_id: msg.tool_call_id, name: msg.name ?? null, content: msg.content ?? null };
  }
  if (Array.isArray(msg.tool_calls)) {
    out.tool_calls = msg.tool_calls.flatMap((c): Json[] =>
      isObject(c) && isObject(c.tool_call)
        ? [{ id: c.tool_call.id ?? null, function: isObject(c.tool_call.function) ? c.tool_call.function : {} }]
        : [],
    );
  }
  return out;
}

function messages(span: OtlpSpan, prefix: string): JsonObject[] {
  const list = unflatten(span.attributes, prefix);
  return Array.isArray(list) ? list.map(plainMessage).filter((m): m is JsonObject => m !== null) : [];
}

export function readOpenInferenceSpan(span: OtlpSpan): SpanReading | null {
  const a = span.attributes;
  const kind = firstText(a, ["openinference.span.kind"])?.toUpperCase();
  if (kind === undefined) return null;
  const nodeId = firstText(a, ["graph.node.id"]);
  const graphNode = nodeId ? { id: nodeId, parentId: firstText(a, ["graph.node.parent_id"]) ?? null } : undefined;
  const base = graphNode ? { graphNode } : {};
  if (kind === "AGENT")
    return { role: "agent", agent: firstText(a, ["agent.name", "graph.node.name"]), items: [], ...base };
  if (kind === "TOOL") {
    const id = firstText(a, ["tool.id", "tool_call.id"]);
    const name = firstText(a, ["tool.name"]) ?? "tool";
    const parts: Part[] = [
      { type: "tool_call", id, name, args: asText(structured(a["input.value"] ?? a["tool.parameters"])) },
    ];
    if (a["output.value"] !== undefined || span.status.code === 2) {
      parts.push({
        type: "tool_result",
        id,
        name,
        result: a["output.value"] !== undefined ? asText(structured(a["output.value"])) : span.status.message,
        ...(span.status.code === 2 ? { isError: true } : {}),
      });
    }
    return { role: "tool", ...stamp(partsToItems(parts), span, { latencyOn: "result" }), ...base };
  }
  if (kind !== "LLM") return { role: "other", items: [], ...base };

  const model = firstText(a, ["llm.response.model_name", "llm.model_name", "llm.request.model_name"]);
  const input = messages(span, "llm.input_messages");
  const output = messages(span, "llm.output_messages");
  // Without output messages, output.value may hold the provider's raw response (Anthropic content blocks, an OpenAI
  // Responses `output` list, a chat completion's message).
  let outParts: Part[] = output.filter((m) => m.role === "assistant").flatMap((m) => messageParts(m));
  if (output.length === 0 && a["output.value"] !== undefined)
    outParts = rawResponseParts(structured(a["output.value"]));
  const items = [...inputItems(input), ...partsToItems(outParts)];
  return {
    role: "model",
    model,
    ...stamp(items, span, {
      model,
      usage: {
        input: firstNum(a, ["llm.token_count.prompt"]),
        output: firstNum(a, ["llm.token_count.completion"]),
        reasoning: firstNum(a, ["llm.token_count.completion_details.reasoning"]),
        cachedInput: firstNum(a, ["llm.token_count.prompt_details.cache_read"]),
      },
      costUsd: firstNum(a, ["llm.cost.total"]),
    }),
    ...base,
  };
}

/** A provider's response document as parts: `content` blocks (Anthropic), `output` items (OpenAI Responses), or
 *  `choices[0].message` (chat completions); plain text as one text part. */
export function rawResponseParts(doc: Json | undefined): Part[] {
  if (typeof doc === "string") return contentParts(doc);
  if (!isObject(doc)) return [];
  if (Array.isArray(doc.content)) return contentParts(doc.content);
  if (Array.isArray(doc.output)) return contentParts(doc.output);
  if (Array.isArray(doc.choices) && isObject(doc.choices[0])) {
    const msg = doc.choices[0].message;
    return isObject(msg) ? contentParts({ type: "message", ...msg }) : [];
  }
  return [];
}
