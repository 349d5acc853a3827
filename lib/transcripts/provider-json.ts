// Provider message JSON, one document: an Anthropic Messages conversation (`{model, system, messages}` or a response
// `{type: "message", …}`), OpenAI Chat Completions (`{messages}` with `reasoning_content` and `tool_calls`, or a
// `chat.completion` response) or OpenAI Responses (`{output}` / `{input}` items, reasoning items with `summary`,
// `content` and `encrypted_content`). A document has no session id: it is the source name's when the door gives one,
// else a hash of its first message, so a longer version of the same conversation is the same session.
import type { NormalisedItem, NormalisedSession, SourceKind, Usage } from "../normalised/model";
import { anthropicUsage, argumentsText, contentText, num, obj, str } from "./reader";

export type ProviderFormat = Extract<SourceKind, "anthropic" | "openai-chat" | "openai-responses">;

/** The item types of an OpenAI Responses input or output list that carry no role. */
const RESPONSES_ITEMS = new Set([
  "message",
  "reasoning",
  "function_call",
  "function_call_output",
  "custom_tool_call",
  "custom_tool_call_output",
  "local_shell_call",
  "local_shell_call_output",
  "web_search_call",
]);

/** Which provider shape a parsed document has, or null. Lists of other tools' records (Gemini CLI's logs.json and
 *  checkpoints: `type: "user"` entries, `{role, parts}` contents) match none. */
export function detectProvider(doc: unknown): ProviderFormat | null {
  const d = obj(doc);
  const list = Array.isArray(doc) ? doc : null;
  if (
    d?.object === "response" ||
    Array.isArray(d?.output) ||
    (list &&
      list.some((i) => {
        const o = obj(i);
        return typeof o?.type === "string" && RESPONSES_ITEMS.has(o.type) && o.role === undefined;
      }))
  ) {
    return "openai-responses";
  }
  if (d?.object === "chat.completion" || Array.isArray(d?.choices)) return "openai-chat";
  if (d?.type === "message" && d.role === "assistant") return "anthropic";
  const messages = Array.isArray(d?.messages) ? d.messages : list;
  if (!messages) return Array.isArray(d?.input) ? "openai-responses" : null;
  const ms = messages.map(obj);
  if (ms.some((m) => m === null || typeof m.role !== "string")) return null;
  if (!ms.some((m) => m!.content !== undefined || m!.tool_calls !== undefined)) return null;
  const openai = ms.some(
    (m) =>
      m!.role === "system" ||
      m!.role === "tool" ||
      m!.role === "developer" ||
      m!.tool_calls !== undefined ||
      m!.reasoning_content !== undefined,
  );
  return openai ? "openai-chat" : "anthropic";
}

/** FNV-1a of a text, as 8 hex digits. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

class Builder {
  readonly items: NormalisedItem[] = [];
  private last: string | null = null;
  private readonly names = new Map<string, string>();

  add(item: Omit<NormalisedItem, "parent" | "id">, id: string): void {
    if (item.kind === "tool_call" && item.tool) this.names.set(item.tool.callId, item.tool.name);
    if (item.kind === "tool_result" && item.tool) item.tool.name = this.names.get(item.tool.callId) ?? item.tool.name;
    this.items.push({ ...item, id, parent: this.last });
    this.last = id;
  }
}

function openaiUsage(value: unknown): Usage | undefined {
  const u = obj(value);
  if (!u) return undefined;
  const usage: Usage = {};
  const input = num(u.prompt_tokens) ?? num(u.input_tokens);
  if (input !== undefined) usage.input = input;
  const output = num(u.completion_tokens) ?? num(u.output_tokens);
  if (output !== undefined) usage.output = output;
  const details = obj(u.completion_tokens_details) ?? obj(u.output_tokens_details);
  const reasoning = num(details?.reasoning_tokens);
  if (reasoning !== undefined) usage.reasoning = reasoning;
  const cached = num((obj(u.prompt_tokens_details) ?? obj(u.input_tokens_details))?.cached_tokens);
  if (cached !== undefined) usage.cachedInput = cached;
  return Object.keys(usage).length > 0 ? usage : undefined;
}

function anthropic(doc: unknown, b: Builder): string | undefined {
  const d = obj(doc);
  const model = str(d?.model);
  const withModel = model ? { model } : {};
  const messages: unknown[] =
    d?.type === "message" ? [d] : Array.isArray(d?.messages) ? d.messages : Array.isArray(doc) ? doc : [];
  if (typeof d?.system === "string" && d.system.trim() !== "") b.add({ kind: "prompt", text: d.system }, "system");
  messages.forEach((raw, i) => {
    const m = obj(raw);
    if (!m) return;
    const assistant = m.role === "assistant";
    const blocks: unknown[] =
      typeof m.content === "string" ? [{ type: "text", text: m.content }] : Array.isArray(m.content) ? m.content : [];
    const first = b.items.length;
    blocks.forEach((raw2, j) => {
      const x = obj(raw2);
      const id = `m${i}:${j}`;
      if (!x) return;
      if (x.type === "text" && str(x.text)?.trim())
        b.add({ kind: assistant ? "answer" : "prompt", text: x.text as string, ...(assistant ? withModel : {}) }, id);
      else if (x.type === "thinking") {
        const text = str(x.thinking) ?? "";
        const opaque = str(x.signature) ? { opaque: { signature: x.signature as string } } : {};
        if (text.trim()) b.add({ kind: "reasoning", text, ...withModel, ...opaque }, id);
        else b.add({ kind: "placeholder", text: "", withheld: "not_recorded", ...withModel, ...opaque }, id);
      } else if (x.type === "redacted_thinking") {
        b.add(
          {
            kind: "placeholder",
            text: "",
            withheld: "redacted",
            ...withModel,
            opaque: { redactedData: str(x.data) ?? "" },
          },
          id,
        );
      } else if (x.type === "tool_use" || x.type === "server_tool_use") {
        b.add(
          {
            kind: "tool_call",
            text: argumentsText(x.input),
            tool: { name: str(x.name) ?? "tool", callId: str(x.id) ?? id },
            ...withModel,
          },
          id,
        );
      } else if (x.type === "tool_result") {
        const callId = str(x.tool_use_id) ?? "";
        b.add(
          {
            kind: "tool_result",
            text: contentText(x.content),
            tool: { name: "tool", callId, ...(x.is_error === true ? { isError: true } : {}) },
          },
          id,
        );
      }
    });
    const usage = anthropicUsage(m.usage ?? (d?.type === "message" ? d.usage : undefined));
    if (assistant && usage && b.items[first]) b.items[first].usage = usage;
  });
  return model;
}

function openaiChat(doc: unknown, b: Builder): string | undefined {
  const d = obj(doc);
  const model = str(d?.model);
  const withModel = model ? { model } : {};
  const choice = Array.isArray(d?.choices) ? obj(obj(d.choices[0])?.message) : null;
  const messages: unknown[] = choice
    ? [choice]
    : Array.isArray(d?.messages)
      ? d.messages
      : Array.isArray(doc)
        ? doc
        : [];
  messages.forEach((raw, i) => {
    const m = obj(raw);
    if (!m) return;
    const first = b.items.length;
    const text = contentText(m.content);
    if (m.role === "assistant") {
      const reasoning = str(m.reasoning_content) ?? str(m.reasoning);
      if (reasoning?.trim()) b.add({ kind: "reasoning", text: reasoning, ...withModel }, `m${i}:reasoning`);
      if (text.trim()) b.add({ kind: "answer", text, ...withModel }, `m${i}:text`);
      const calls = Array.isArray(m.tool_calls) ? m.tool_calls : [];
      calls.forEach((c, j) => {
        const call = obj(c);
        const fn = obj(call?.function);
        if (!call) return;
        b.add(
          {
            kind: "tool_call",
            text: argumentsText(fn?.arguments),
            tool: { name: str(fn?.name) ?? "tool", callId: str(call.id) ?? `m${i}:${j}` },
            ...withModel,
          },
          `m${i}:call-${j}`,
        );
      });
      const usage = openaiUsage(choice ? d?.usage : m.usage);
      if (usage && b.items[first]) b.items[first].usage = usage;
    } else if (m.role === "tool") {
      b.add({ kind: "tool_result", text, tool: { name: "tool", callId: str(m.tool_call_id) ?? "" } }, `m${i}:result`);
    } else if (text.trim()) {
      b.add({ kind: "prompt", text }, `m${i}:text`);
    }
  });
  return model;
}

function openaiResponses(doc: unknown, b: Builder): string | undefined {
  const d = obj(doc);
  const model = str(d?.model);
  const withModel = model ? { model } : {};
  const input = Array.isArray(d?.input)
    ? d.input
    : typeof d?.input === "string"
      ? [{ type: "message", role: "user", content: d.input }]
      : [];
  const output: unknown[] = Array.isArray(d?.output) ? (d.output as unknown[]) : [];
  const list: unknown[] = Array.isArray(doc) ? (doc as unknown[]) : [...(input as unknown[]), ...output];
  const usage = openaiUsage(d?.usage);
  let usageGiven = false;
  const outputStart = Array.isArray(doc) ? 0 : input.length;
  list.forEach((raw, i) => {
    const x = obj(raw);
    if (!x) return;
    const id = `i${i}`;
    const before = b.items.length;
    const type = x.type ?? (x.role ? "message" : undefined);
    if (type === "message") {
      const text = contentText(x.content);
      if (!text.trim()) return;
      b.add(x.role === "assistant" ? { kind: "answer", text, ...withModel } : { kind: "prompt", text }, id);
    } else if (type === "reasoning") {
      const text = contentText(x.content).trim() ? contentText(x.content) : contentText(x.summary);
      const encrypted = str(x.encrypted_content);
      const opaque = encrypted ? { opaque: { encryptedContent: encrypted } } : {};
      if (text.trim()) b.add({ kind: "reasoning", text, ...withModel, ...opaque }, id);
      else
        b.add(
          {
            kind: "placeholder",
            text: "",
            withheld: encrypted ? "encrypted" : "not_recorded",
            ...withModel,
            ...opaque,
          },
          id,
        );
    } else if (type === "function_call" || type === "custom_tool_call") {
      b.add(
        {
          kind: "tool_call",
          text: argumentsText(x.arguments ?? x.input),
          tool: { name: str(x.name) ?? "tool", callId: str(x.call_id) ?? id },
          ...withModel,
        },
        id,
      );
    } else if (type === "function_call_output" || type === "custom_tool_call_output") {
      b.add(
        {
          kind: "tool_result",
          text: typeof x.output === "string" ? x.output : contentText(x.output),
          tool: { name: "tool", callId: str(x.call_id) ?? "" },
        },
        id,
      );
    }
    if (i >= outputStart && !usageGiven && usage && b.items[before]) {
      b.items[before].usage = usage;
      usageGiven = true;
    }
  });
  return model;
}

/** A provider document as one session. `name` (a file name, or the door's session name) is the session's id. */
export function readProviderJson(doc: unknown, format: ProviderFormat, name?: string): NormalisedSession {
  const b = new Builder();
  const model =
    format === "anthropic"
      ? anthropic(doc, b)
      : format === "openai-chat"
        ? openaiChat(doc, b)
        : openaiResponses(doc, b);
  const first = b.items[0];
  const id = name ?? `doc-${hash(first ? `${first.kind}:${first.text}` : JSON.stringify(doc).slice(0, 10_000))}`;
  return { source: format, id, agent: format, ...(model ? { model } : {}), items: b.items };
}
