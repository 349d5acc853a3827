// The OpenTelemetry GenAI semantic conventions (semconv 1.37+; `reasoning` parts since 1.38): spans by
// gen_ai.operation.name (`chat` / `text_completion` / `generate_content` are model calls, `invoke_agent` an agent,
// `execute_tool` a tool), messages in gen_ai.input.messages / gen_ai.output.messages (a JSON string on spans,
// structured on the gen_ai.client.inference.operation.details event), usage in gen_ai.usage.*; and what came before
// 1.37 and is still sent: the per-message events (gen_ai.user.message, gen_ai.assistant.message,
// gen_ai.tool.message, gen_ai.choice) and OpenLLMetry's flattened gen_ai.prompt.N / gen_ai.completion.N attributes.
import "@/server/server-only";
import type { Usage } from "@/lib/normalised/model";
import type { Attributes } from "../spans";
import type { OtlpSpan } from "../spans";
import { inputItems, messageParts, messagesOf, partsToItems, type Part, type SpanItem } from "./parts";
import { stamp, type SpanReading } from "./reading";
import { asText, firstNum, firstText, isObject, structured, unflatten, type JsonObject } from "./values";

const MODEL_OPERATIONS = new Set(["chat", "text_completion", "generate_content", "completion"]);
const AGENT_OPERATIONS = new Set(["invoke_agent", "create_agent"]);

export const OPERATION_DETAILS = "gen_ai.client.inference.operation.details";

const INPUT_TOKENS = ["gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens"];
const OUTPUT_TOKENS = ["gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens"];
const REASONING_TOKENS = ["gen_ai.usage.reasoning.output_tokens", "gen_ai.usage.output_tokens.reasoning"];
const CACHED_TOKENS = ["gen_ai.usage.cache_read.input_tokens", "gen_ai.usage.cached_input_tokens"];
const MODEL = ["gen_ai.response.model", "gen_ai.request.model"];
const OPERATION = ["gen_ai.operation.name"];

export function genAiUsage(a: Attributes): Usage {
  return {
    input: firstNum(a, INPUT_TOKENS),
    output: firstNum(a, OUTPUT_TOKENS),
    reasoning: firstNum(a, REASONING_TOKENS),
    cachedInput: firstNum(a, CACHED_TOKENS),
  };
}

export const genAiModel = (a: Attributes) => firstText(a, MODEL);

/** Whether a span speaks this convention at all. */
export function isGenAi(a: Attributes): boolean {
  return (
    a["gen_ai.operation.name"] !== undefined ||
    a["gen_ai.input.messages"] !== undefined ||
    a["gen_ai.output.messages"] !== undefined ||
    a["gen_ai.completion.0.role"] !== undefined ||
    a["gen_ai.completion.0.content"] !== undefined
  );
}

/** The output of the older per-message events: gen_ai.choice's `message`, gen_ai.assistant.message's content. */
function eventOutput(name: string, a: Attributes): Part[] {
  if (name === "gen_ai.choice") {
    const m = structured(a.message) ?? structured(a.body);
    return isObject(m) ? messageParts({ role: "assistant", ...m }) : messageParts(m);
  }
  if (name === "gen_ai.assistant.message") return messageParts({ role: "assistant", ...a });
  if (name === "gen_ai.content.completion") {
    return messagesOf(a["gen_ai.completion"]).flatMap((m) => messageParts(m));
  }
  return [];
}

/** Input messages from the older events, in order: gen_ai.user.message, gen_ai.tool.message, gen_ai.system.message. */
function eventInput(name: string, a: Attributes): JsonObject[] {
  if (name === "gen_ai.user.message") return [{ role: "user", content: a.content ?? null }];
  if (name === "gen_ai.tool.message") return [{ role: "tool", tool_call_id: a.id ?? null, content: a.content ?? null }];
  if (name === "gen_ai.content.prompt") return messagesOf(a["gen_ai.prompt"]);
  return [];
}

/** The messages a span or event carries: the 1.37+ attributes, else OpenLLMetry's flattened ones. */
export function genAiMessages(a: Attributes): { input: JsonObject[]; output: JsonObject[] } {
  const input = messagesOf(a["gen_ai.input.messages"]);
  const output = messagesOf(a["gen_ai.output.messages"]);
  if (input.length > 0 || output.length > 0) return { input, output };
  const flatIn = unflatten(a, "gen_ai.prompt");
  const flatOut = unflatten(a, "gen_ai.completion");
  return {
    input: Array.isArray(flatIn) ? flatIn.filter(isObject) : [],
    output: Array.isArray(flatOut) ? flatOut.filter(isObject).map((m) => ({ role: "assistant", ...m })) : [],
  };
}

/** Model output and input as items: the newest prompt, results sent back to the model, then the output. */
export function modelItems(input: JsonObject[], output: JsonObject[], prefix = ""): SpanItem[] {
  const parts: Part[] = [];
  for (const m of output) {
    if (m.role === undefined || m.role === "assistant" || m.role === "model") messageParts(m, parts);
  }
  const items = inputItems(input);
  items.push(...partsToItems(parts, prefix));
  return items;
}

export function readGenAiSpan(span: OtlpSpan): SpanReading | null {
  const a = span.attributes;
  const hasEvents = span.events.some((e) => e.name.startsWith("gen_ai."));
  if (!isGenAi(a) && !hasEvents) return null;
  const op = firstText(a, OPERATION) ?? "";
  const model = genAiModel(a);
  if (op === "execute_tool") {
    const id = firstText(a, ["gen_ai.tool.call.id"]);
    const name = firstText(a, ["gen_ai.tool.name"]) ?? "tool";
    const parts: Part[] = [{ type: "tool_call", id, name, args: asText(structured(a["gen_ai.tool.call.arguments"])) }];
    const result = a["gen_ai.tool.call.result"];
    if (result !== undefined || span.status.code === 2) {
      parts.push({
        type: "tool_result",
        id,
        name,
        result: result !== undefined ? asText(structured(result)) : span.status.message,
        ...(span.status.code === 2 ? { isError: true } : {}),
      });
    }
    return { role: "tool", ...stamp(partsToItems(parts), span, { latencyOn: "result" }) };
  }
  const { input, output } = genAiMessages(a);
  const items = modelItems(input, output);
  // The older events: each event a message, in the order they were recorded.
  for (const [i, e] of span.events.entries()) {
    const evIn = eventInput(e.name, e.attributes);
    if (evIn.length > 0) items.push(...inputItems(evIn));
    items.push(...partsToItems(eventOutput(e.name, e.attributes), `e${i}.`));
    if (e.name === OPERATION_DETAILS) {
      const m = genAiMessages(e.attributes);
      items.push(...modelItems(m.input, m.output, `d${i}.`));
    }
  }
  if (AGENT_OPERATIONS.has(op)) {
    return {
      role: "agent",
      agent: firstText(a, ["gen_ai.agent.name", "gen_ai.agent.id"]),
      model,
      ...stamp(items, span, { model, usage: genAiUsage(a) }),
      fallback: true,
    };
  }
  const role = MODEL_OPERATIONS.has(op) || items.length > 0 ? "model" : "other";
  return { role, model, ...stamp(items, span, { model, usage: genAiUsage(a) }) };
}
