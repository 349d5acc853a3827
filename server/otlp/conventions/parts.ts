// Message content as the conventions carry it, reduced to parts, and parts to the normalised model's items. One
// reader for every shape of part that reaches a span: the GenAI conventions' parts (`reasoning`, `text`, `tool_call`,
// `tool_call_response`, `server_tool_call`), the AI SDK's prompt parts (`tool-call`, `tool-result`), and provider JSON
// inside an attribute: Anthropic blocks (`thinking` with its signature, `redacted_thinking`, `tool_use`,
// `tool_result`), OpenAI Responses items (`reasoning` with `summary`, `content`, `encrypted_content`; `message`,
// `function_call`, `function_call_output`), OpenAI chat messages (`reasoning_content` as DeepSeek sends it,
// `tool_calls`), and `<think>…</think>` in open models' text.
import "@/server/server-only";
import type { NormalisedItem, Opaque, Withheld } from "@/lib/normalised/model";
import { asText, isObject, structured, text, type Json, type JsonObject } from "./values";

export type Part =
  | { type: "reasoning"; text: string; opaque?: Opaque }
  | { type: "text"; text: string }
  | { type: "tool_call"; id: string | undefined; name: string; args: string }
  | { type: "tool_result"; id: string | undefined; name?: string; result: string; isError?: boolean };

/** An item of one span, before it is placed in the session: `key` names it within the span (`call:`, `result:` and
 *  `prompt:` keys name it within the trace, so the same call seen by two spans is one item). What it takes from its
 *  span (time, model, usage…) is the span's stamp (./reading.ts). */
export type SpanItem = Pick<NormalisedItem, "kind" | "text" | "tool" | "withheld" | "opaque"> & { key: string };

const THINK = /<think>([\s\S]*?)(?:<\/think>|$)/g;

/** Text with `<think>` blocks taken out as reasoning parts, in order (appended to `parts`). */
export function splitThink(value: string, parts: Part[] = []): Part[] {
  if (!value.includes("<think>")) {
    parts.push({ type: "text", text: value });
    return parts;
  }
  let at = 0;
  for (const m of value.matchAll(THINK)) {
    const before = value.slice(at, m.index);
    if (before.trim() !== "") parts.push({ type: "text", text: before.trim() });
    parts.push({ type: "reasoning", text: (m[1] ?? "").trim() });
    at = m.index + m[0].length;
  }
  const rest = value.slice(at);
  if (rest.trim() !== "") parts.push({ type: "text", text: rest.trim() });
  return parts;
}

function opaqueOf(o: JsonObject): Opaque | undefined {
  let op: Opaque | undefined;
  const sig = text(o.signature) ?? text(o.thoughtSignature) ?? text(o.thought_signature);
  if (sig) (op ??= {}).signature = sig;
  const data = text(o.data) ?? text(o.redacted_data) ?? text(o.redactedData);
  if (data && (o.type === "redacted_thinking" || o.redacted === true || o.redactedData !== undefined))
    (op ??= {}).redactedData = data;
  const enc = text(o.encrypted_content) ?? text(o.encryptedContent);
  if (enc) (op ??= {}).encryptedContent = enc;
  return op;
}

/** The texts of a list of reasoning pieces (strings or `{text}` / `{content}` objects), a blank line between. (At
 *  module level: a function made per call is named by the tsx build, which cost ~0.4 µs per reasoning part.) */
const fromList = (v: Json | undefined) =>
  Array.isArray(v)
    ? v
        .map((p) => (isObject(p) ? (text(p.text) ?? text(p.content) ?? "") : typeof p === "string" ? p : ""))
        .filter((t) => t !== "")
        .join("\n\n")
    : "";

function reasoningOf(o: JsonObject): Part {
  // OpenAI Responses: `content` holds the raw reasoning text where the model returns it, `summary` the summary.
  const t =
    text(o.thinking) ??
    text(o.reasoning) ??
    text(o.text) ??
    (typeof o.content === "string" ? o.content : undefined) ??
    (fromList(o.content) || fromList(o.summary));
  const opaque = opaqueOf(o);
  return opaque ? { type: "reasoning", text: t, opaque } : { type: "reasoning", text: t };
}

function argsText(v: Json | undefined): string {
  const s = structured(v);
  return s === undefined ? "" : asText(s);
}

/** The parts of one content block (or item), by its `type`, appended to `parts`; an unknown type gives none. */
function blockParts(b: Json, parts: Part[]): Part[] {
  if (typeof b === "string") return splitThink(b, parts);
  if (!isObject(b)) return parts;
  switch (b.type) {
    case "thinking":
    case "redacted_thinking":
    case "reasoning":
    case "reasoning_text":
      parts.push(reasoningOf(b));
      return parts;
    case "text":
    case "output_text":
    case "input_text":
      return splitThink(text(b.text) ?? text(b.content) ?? "", parts);
    case "tool_call":
    case "tool-call":
    case "tool_use":
    case "function_call":
    case "server_tool_call":
      parts.push({
        type: "tool_call",
        id: text(b.id) ?? text(b.toolCallId) ?? text(b.call_id),
        name: text(b.name) ?? text(b.toolName) ?? "tool",
        args: argsText(b.arguments ?? b.input ?? b.args ?? b.server_tool_call),
      });
      return parts;
    case "tool_call_response":
    case "tool-result":
    case "tool_result":
    case "function_call_output":
    case "server_tool_call_response": {
      const out = b.response ?? b.output ?? b.content ?? b.result ?? b.server_tool_call_response;
      // The AI SDK wraps a result as {type: "json" | "text" | "error-text" | …, value}.
      const value = isObject(out) && typeof out.type === "string" && "value" in out ? out.value : out;
      const isError =
        b.is_error === true || (isObject(out) && typeof out.type === "string" && out.type.startsWith("error"));
      parts.push({
        type: "tool_result",
        id: text(b.id) ?? text(b.tool_use_id) ?? text(b.toolCallId) ?? text(b.call_id),
        name: text(b.name) ?? text(b.toolName),
        result: Array.isArray(value)
          ? value.map((v) => (isObject(v) ? (text(v.text) ?? asText(v)) : asText(v))).join("\n")
          : asText(value),
        ...(isError ? { isError: true } : {}),
      });
      return parts;
    }
    case "message":
      return messageParts(b, parts);
    default:
      return parts;
  }
}

/** The parts of a content value: a string, a list of blocks, or one block (appended to `parts`: the readers append
 *  to one list instead of returning lists that are copied into each other, ~20 arrays less per chat span). */
export function contentParts(content: Json | undefined, parts: Part[] = []): Part[] {
  if (content === undefined || content === null) return parts;
  if (!Array.isArray(content)) return blockParts(content, parts);
  for (const block of content) blockParts(block, parts);
  return parts;
}

/**
 * The parts of one message in any of the shapes above: GenAI `{role, parts}`, Anthropic / OpenAI chat
 * `{role, content}` with `reasoning_content` or `reasoning` (DeepSeek, OpenRouter) and `tool_calls`, a chat tool
 * message `{role: "tool", tool_call_id, content}`, or a Responses `message` item.
 */
export function messageParts(m: Json | undefined, parts: Part[] = []): Part[] {
  if (!isObject(m)) return typeof m === "string" ? splitThink(m, parts) : parts;
  if (m.role === "tool" && (m.tool_call_id !== undefined || m.id !== undefined) && !Array.isArray(m.parts)) {
    parts.push({
      type: "tool_result",
      id: text(m.tool_call_id) ?? text(m.id),
      name: text(m.name),
      result: asText(m.content),
    });
    return parts;
  }
  const reasoning = text(m.reasoning_content) ?? text(m.reasoning);
  if (reasoning !== undefined) parts.push({ type: "reasoning", text: reasoning });
  contentParts(m.parts ?? m.content, parts);
  if (Array.isArray(m.tool_calls)) {
    for (const c of m.tool_calls) {
      if (!isObject(c)) continue;
      const fn = isObject(c.function) ? c.function : c;
      parts.push({ type: "tool_call", id: text(c.id), name: text(fn.name) ?? "tool", args: argsText(fn.arguments) });
    }
  }
  return parts;
}

/** The messages in a messages value: a list, a JSON string of one, or `{messages: […]}`. */
export function messagesOf(v: unknown): JsonObject[] {
  const s = structured(v);
  const list = Array.isArray(s) ? s : isObject(s) && Array.isArray(s.messages) ? s.messages : [];
  return list.filter(isObject);
}

/** What a placeholder stands for: encrypted, redacted, or (an empty text with at most a signature) not recorded. */
function withheldOf(opaque: Opaque | undefined): Withheld {
  if (opaque?.redactedData) return "redacted";
  if (opaque?.encryptedContent) return "encrypted";
  return "not_recorded";
}

/** The item of one part (`key` names it within the span when the part has no call id). */
function partItem(p: Part, key: string): SpanItem | null {
  switch (p.type) {
    case "reasoning": {
      const item: SpanItem =
        p.text.trim() === ""
          ? { key, kind: "placeholder", text: "", withheld: withheldOf(p.opaque) }
          : { key, kind: "reasoning", text: p.text };
      if (p.opaque) item.opaque = p.opaque;
      return item;
    }
    case "text":
      return p.text.trim() === "" ? null : { key, kind: "answer", text: p.text };
    case "tool_call":
      return {
        key: p.id ? `call:${p.id}` : key,
        kind: "tool_call",
        text: p.args,
        tool: { name: p.name, callId: p.id ?? key },
      };
    case "tool_result":
      return {
        key: p.id ? `result:${p.id}` : key,
        kind: "tool_result",
        text: p.result,
        tool: { name: p.name ?? "tool", callId: p.id ?? key, ...(p.isError ? { isError: true } : {}) },
      };
  }
}

/** A model's output parts as items: reasoning (or a placeholder where it came empty, redacted or encrypted), answers,
 *  tool calls and results. `prefix` keeps keys unique per source of parts within a span. */
export function partsToItems(parts: Part[], prefix = ""): SpanItem[] {
  const items: SpanItem[] = [];
  for (let i = 0; i < parts.length; i++) {
    const item = partItem(parts[i]!, `${prefix}${i}`);
    if (item) items.push(item);
  }
  return items;
}

/**
 * What a model call was sent, as items, each message read once (a span's input is mostly the history again):
 * - the prompt: the input's last message when it is the user's. A later call of the same turn sends the same message
 *   again followed by the model's own output and tool results: history, so nothing.
 * - tool results sent to the model (a tool role message, `tool_call_response` or `tool-result` parts): the results
 *   of calls whose own span may not be in the trace.
 */
export function inputItems(messages: JsonObject[]): SpanItem[] {
  const items: SpanItem[] = [];
  let last = -1;
  const results: Part[] = [];
  let lastParts: Part[] = [];
  for (let m = 0; m < messages.length; m++) {
    const role = messages[m]!.role;
    const parts = messageParts(messages[m]);
    if (role !== "system" && role !== "developer") {
      last = m;
      lastParts = parts;
    }
    for (const p of parts) if (p.type === "tool_result" && p.id !== undefined) results.push(p);
  }
  const role = last === -1 ? undefined : messages[last]!.role;
  if (role === "user" || role === "human") {
    const t = lastParts
      .filter((p): p is Extract<Part, { type: "text" }> => p.type === "text")
      .map((p) => p.text)
      .join("\n\n");
    if (t.trim() !== "") items.push({ key: `prompt:${fnv(t)}`, kind: "prompt", text: t });
  }
  items.push(...partsToItems(results));
  return items;
}

/** FNV-1a of a text, as 8 hex digits: a short stable key for a text. */
export function fnv(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}
