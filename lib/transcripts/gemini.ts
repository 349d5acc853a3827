// Gemini CLI chat recordings (~/.gemini/tmp/<project hash>/chats/session-<time>-<id>.jsonl): a metadata first line
// ({sessionId, projectHash, startTime, kind, directories}), then message records by `id`, written again in full each
// time the message changes (its tool calls get results, its tokens arrive), `{"$set": {…}}` metadata updates and
// `{"$rewindTo": id}` rewinds, which drop that message and everything after it from the model's history: what follows
// a rewind continues from the message before it, so the dropped messages stay as a branch. A message's thoughts,
// text, tool calls and tool results each become an item the first time they appear. Sub-agents record their own file
// under `chats/<parent session id>/<id>.jsonl` (metadata `kind: "subagent"`): a branch from the parent's latest tool
// call at its start. A compression writes the whole history again (`{"$set": {"messages": […]}}`): its summary
// message is a "Conversation compacted." prompt. The legacy single-JSON file ({sessionId, messages: […]}) reads as its
// messages.
import type { NormalisedItem, Usage } from "../normalised/model";
import { argumentsText, contentText, isoTime, num, obj, str, type SessionFacts, type TranscriptReader } from "./reader";

interface Seen {
  /** The item that ends this message so far (its children follow it). */
  tail: string | null;
  /** Parts already emitted: thought indexes, "text", tool call ids and "result:<id>". */
  parts: Set<string>;
  usageGiven: boolean;
}

export function geminiReader(): TranscriptReader {
  let facts: SessionFacts | null = null;
  /** Per file: the message ids in history order (a rewind cuts this list), and what each has given. */
  const files = new Map<
    string,
    { order: string[]; seen: Map<string, Seen>; branch?: string; fork: string | null; first: boolean }
  >();
  /** Tool calls of the main session, with their times, for a sub-agent to fork from. */
  const calls: { id: string; at: string }[] = [];
  let held: { items: NormalisedItem[]; message: string; file: string } | null = null;
  let current = "";
  const aliases = new Map<string, string>();

  const fileState = (file: string) => {
    let f = files.get(file);
    if (!f) files.set(file, (f = { order: [], seen: new Map(), fork: null, first: true }));
    return f;
  };

  const release = (): NormalisedItem[] => {
    const out = held?.items ?? [];
    held = null;
    return out;
  };

  function tokensOf(value: unknown): Usage | undefined {
    const t = obj(value);
    if (!t) return undefined;
    const usage: Usage = {};
    const input = num(t.input);
    if (input !== undefined) usage.input = input;
    const output = num(t.output);
    if (output !== undefined) usage.output = output;
    const thoughts = num(t.thoughts);
    if (thoughts !== undefined) usage.reasoning = thoughts;
    const cached = num(t.cached);
    if (cached !== undefined) usage.cachedInput = cached;
    return Object.keys(usage).length > 0 ? usage : undefined;
  }

  function message(m: Record<string, unknown>, file: string): NormalisedItem[] {
    const f = fileState(file);
    const id = str(m.id)!;
    const out: NormalisedItem[] = [];
    if (held && (held.message !== id || held.file !== file)) out.push(...release());
    let seen = f.seen.get(id);
    if (!seen || !f.order.includes(id)) {
      // New, or written again after a rewind dropped it: continues from the message before it in the history.
      const before = f.order.at(-1);
      const parent = before ? (f.seen.get(before)?.tail ?? null) : f.fork;
      seen = { tail: parent, parts: new Set(), usageGiven: false };
      f.seen.set(id, seen);
      f.order.push(id);
    }
    const at = isoTime(m.timestamp);
    const model = str(m.model);
    const stamp = at ? { at } : {};
    const withModel = model ? { model } : {};
    const items: NormalisedItem[] = [];
    const push = (part: string, item: Omit<NormalisedItem, "id" | "parent">) => {
      if (seen.parts.has(part)) return;
      seen.parts.add(part);
      const full: NormalisedItem = { ...item, id: `${file ? `${file}/` : ""}${id}:${part}`, parent: seen.tail };
      if (f.first && f.branch) {
        full.branch = f.branch;
        full.parent = f.fork;
      }
      f.first = false;
      seen.tail = full.id;
      items.push(full);
    };
    if (m.type === "user") {
      const text = contentText(m.content);
      if (text.trim() !== "") push("text", { kind: "prompt", text, ...stamp });
    } else if (m.type === "gemini") {
      const thoughts = Array.isArray(m.thoughts) ? m.thoughts : [];
      thoughts.forEach((t, i) => {
        const o = obj(t);
        if (!o) return;
        const subject = str(o.subject)?.trim() ?? "";
        const description = str(o.description) ?? "";
        const text = subject && description ? `**${subject}**\n\n${description}` : subject || description;
        if (text.trim() === "") return;
        push(`thought-${i}`, {
          kind: "reasoning",
          text,
          ...(isoTime(o.timestamp) ? { at: isoTime(o.timestamp)! } : stamp),
          ...withModel,
        });
      });
      const text = contentText(m.content);
      if (text.trim() !== "") push("text", { kind: "answer", text, ...stamp, ...withModel });
      const toolCalls = Array.isArray(m.toolCalls) ? m.toolCalls : [];
      for (const raw of toolCalls) {
        const c = obj(raw);
        const callId = str(c?.id);
        if (!c || !callId) continue;
        const name = str(c.name) ?? "tool";
        const callAt = isoTime(c.timestamp) ?? at;
        push(`call-${callId}`, {
          kind: "tool_call",
          text: argumentsText(c.args),
          tool: { name, callId },
          ...(callAt ? { at: callAt } : {}),
          ...withModel,
        });
        const callItem = `${file ? `${file}/` : ""}${id}:call-${callId}`;
        if (!f.branch && callAt && !calls.some((k) => k.id === callItem)) calls.push({ id: callItem, at: callAt });
        const status = str(c.status);
        const hasResult = c.result !== undefined && c.result !== null;
        if (hasResult || status === "error" || status === "cancelled") {
          const display = str(c.resultDisplay);
          const resultText = hasResult ? contentText(c.result) : "";
          push(`result-${callId}`, {
            kind: "tool_result",
            text: resultText.trim() !== "" ? resultText : (display ?? ""),
            tool: { name, callId, ...(status === "error" || status === "cancelled" ? { isError: true } : {}) },
            ...(callAt ? { at: callAt } : {}),
          });
        }
      }
    }
    const usage = tokensOf(m.tokens);
    if (m.type === "gemini" && !seen.usageGiven) {
      // Held until the message is written again with its tokens, or another record follows.
      const target = held?.message === id && held.file === file ? held : (held = { items: [], message: id, file });
      target.items.push(...items);
      if (usage && target.items[0]) {
        target.items[0].usage = usage;
        seen.usageGiven = true;
        out.push(...release());
      }
      return out;
    }
    out.push(...items);
    return out;
  }

  /** A history written again in full (`$set.messages`): after a compression, its new `<state_snapshot>` message
   *  stands for what was compressed; the messages kept were read before, and the model's acknowledgement and the
   *  restated environment context are the CLI's, not the conversation's. */
  function compacted(messages: unknown[], file: string): NormalisedItem[] {
    const seen = fileState(file).seen;
    const out: NormalisedItem[] = [];
    for (const raw of messages) {
      const m = obj(raw);
      const id = str(m?.id);
      if (!m || !id || seen.has(id) || m.type !== "user") continue;
      const text = contentText(m.content);
      if (!text.includes("<state_snapshot>")) continue;
      out.push(...message({ ...m, content: `Conversation compacted. ${text.trim()}` }, file));
    }
    return out;
  }

  return {
    format: "gemini-cli",
    facts: () => facts,
    flush: release,
    push(record, _line, name) {
      const r = obj(record);
      if (!r) return [];
      // A sub-agent's records are keyed by its session id (from its metadata line), whether its file is read on its
      // own (`name`) or appended to its parent's.
      if (typeof r.sessionId === "string" && typeof r.id !== "string") {
        current = r.kind === "subagent" ? r.sessionId : "";
        if (name !== undefined) aliases.set(name, current);
      }
      const file = name !== undefined ? (aliases.get(name) ?? "") : current;
      const f = fileState(file);
      if (typeof r.$rewindTo === "string") {
        const out = release();
        const at = f.order.indexOf(r.$rewindTo);
        f.order.splice(at < 0 ? 0 : at);
        return out;
      }
      const set = obj(r.$set);
      if (set) {
        if (facts && typeof set.summary === "string") facts.title ??= set.summary;
        return Array.isArray(set.messages) ? compacted(set.messages, file) : [];
      }
      if (typeof r.id === "string") return message(r, file);
      if (typeof r.sessionId === "string") {
        const kind = str(r.kind);
        const directories = Array.isArray(r.directories) ? r.directories.filter((d) => typeof d === "string") : [];
        if (kind === "subagent" && file !== "") {
          f.branch = `agent-${r.sessionId}`;
          const start = isoTime(r.startTime);
          const before = start ? calls.filter((c) => c.at <= start) : calls;
          f.fork = before.at(-1)?.id ?? null;
        } else {
          facts ??= { source: "gemini-cli", id: r.sessionId, agent: "gemini-cli" };
          if (directories[0]) facts.cwd ??= directories[0];
          if (typeof r.summary === "string") facts.title ??= r.summary;
        }
        // The legacy single-JSON file holds every message in `messages`.
        if (Array.isArray(r.messages) && f.order.length === 0) {
          const out: NormalisedItem[] = [];
          for (const m of r.messages) if (obj(m) && typeof obj(m)!.id === "string") out.push(...message(obj(m)!, file));
          return [...out, ...release()];
        }
      }
      return [];
    },
  };
}
