// The Vercel AI SDK's own telemetry spans (ai 3–6; ai 7 sends the GenAI conventions, read by genai.ts): the call
// spans ai.generateText / ai.streamText / ai.generateObject / ai.streamObject (an agent run: a nested one, inside a
// tool, is a sub-agent), their model steps …doGenerate / …doStream (ai.response.text, ai.response.reasoning since
// ai 6.0.74, ai.response.toolCalls, ai.prompt.messages, ai.usage.*), and ai.toolCall (ai.toolCall.args / .result).
import "@/server/server-only";
import type { OtlpSpan } from "../spans";
import { inputItems, messagesOf, partsToItems, splitThink, type Part } from "./parts";
import { stamp, type SpanReading } from "./reading";
import { asText, firstNum, firstText, isObject, structured, text } from "./values";

const CALLS = new Set(["ai.generateText", "ai.streamText", "ai.generateObject", "ai.streamObject"]);
const STEPS = new Set([
  "ai.generateText.doGenerate",
  "ai.streamText.doStream",
  "ai.generateObject.doGenerate",
  "ai.streamObject.doStream",
]);

export const isAiSdk = (span: OtlpSpan) => typeof span.attributes["ai.operationId"] === "string";

export function readAiSdkSpan(span: OtlpSpan): SpanReading | null {
  const a = span.attributes;
  const op = firstText(a, ["ai.operationId"]);
  if (op === undefined) return null;
  const agent = firstText(a, ["ai.telemetry.functionId"]);
  if (CALLS.has(op)) return { role: "agent", agent, items: [] };
  if (op === "ai.toolCall") {
    const id = firstText(a, ["ai.toolCall.id"]);
    const name = firstText(a, ["ai.toolCall.name"]) ?? "tool";
    const parts: Part[] = [{ type: "tool_call", id, name, args: asText(structured(a["ai.toolCall.args"])) }];
    if (a["ai.toolCall.result"] !== undefined || span.status.code === 2) {
      parts.push({
        type: "tool_result",
        id,
        name,
        result:
          a["ai.toolCall.result"] !== undefined ? asText(structured(a["ai.toolCall.result"])) : span.status.message,
        ...(span.status.code === 2 ? { isError: true } : {}),
      });
    }
    return { role: "tool", ...stamp(partsToItems(parts), span, { latencyOn: "result" }) };
  }
  if (!STEPS.has(op)) return { role: "other", items: [] };

  const model = firstText(a, ["ai.response.model", "ai.model.id", "gen_ai.response.model"]);
  const input = messagesOf(a["ai.prompt.messages"]);
  const parts: Part[] = [];
  // Reasoning present but empty: the provider returned reasoning without its text (a signature or encrypted
  // reasoning only), which the SDK records as "".
  const reasoning = a["ai.response.reasoning"];
  if (typeof reasoning === "string") parts.push({ type: "reasoning", text: reasoning });
  const answer =
    text(a["ai.response.text"]) ?? (op.includes("Object") ? asText(structured(a["ai.response.object"])) : undefined);
  if (answer) parts.push(...splitThink(answer));
  const calls = structured(a["ai.response.toolCalls"]);
  if (Array.isArray(calls)) {
    for (const c of calls) {
      if (!isObject(c)) continue;
      parts.push({
        type: "tool_call",
        id: text(c.toolCallId),
        name: text(c.toolName) ?? "tool",
        args: asText(structured(c.input ?? c.args)),
      });
    }
  }
  const items = [...inputItems(input), ...partsToItems(parts)];
  return {
    role: "model",
    model,
    ...stamp(items, span, {
      model,
      usage: {
        input: firstNum(a, ["ai.usage.inputTokens", "ai.usage.promptTokens", "gen_ai.usage.input_tokens"]),
        output: firstNum(a, ["ai.usage.outputTokens", "ai.usage.completionTokens", "gen_ai.usage.output_tokens"]),
        reasoning: firstNum(a, ["ai.usage.reasoningTokens", "ai.usage.outputTokenDetails.reasoningTokens"]),
        cachedInput: firstNum(a, ["ai.usage.cachedInputTokens", "ai.usage.inputTokenDetails.cacheReadTokens"]),
      },
    }),
  };
}
