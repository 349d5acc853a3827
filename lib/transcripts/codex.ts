// Codex CLI rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl): `{timestamp, type, payload}` lines.
// `session_meta` names the session (id, cwd, cli_version, git), `turn_context` the model of the turns that follow,
// `response_item` the conversation (message, reasoning with `summary` parts, optional `content` and
// `encrypted_content`, function_call / function_call_output linked by `call_id`, and the custom and shell call kinds),
// `event_msg` the UI's events: its agent_reasoning, agent_message and user_message repeat response items and are
// skipped; its token_count reports the usage of the model response just before it. `compacted` replaces the history
// with a summary. Lines have no ids of their own, so an item's id is its line number (stable as the file grows).
// The conversation is linear, each item following the one before, until a rollback (`event_msg` thread_rolled_back,
// the user's backtrack) drops the newest `num_turns` turns: the turn after it continues from where the first dropped
// turn began, so the dropped turns stay as a branch.
import type { NormalisedItem, Usage } from "../normalised/model";
import {
  argumentsText,
  between,
  contentText,
  isoTime,
  num,
  obj,
  str,
  type SessionFacts,
  type TranscriptReader,
} from "./reader";

/** User messages Codex writes for the model, not typed by a person. */
const BOILERPLATE =
  /^\s*(<environment_context>|<user_instructions>|<permissions instructions>|# AGENTS\.md instructions)/;

export function codexReader(): TranscriptReader {
  let facts: SessionFacts | null = null;
  let model: string | undefined;
  let last: string | null = null;
  /** Items of the model response under way, held for its token_count. */
  let held: NormalisedItem[] = [];
  /** When the last record that was not part of a model response was written (a response's latency starts there). */
  let requestAt: string | undefined;
  const toolNames = new Map<string, string>();
  /** Where each user turn of the history began: the item its prompt followed. */
  const turns: (string | null)[] = [];

  const release = (usage?: Usage): NormalisedItem[] => {
    const out = held;
    held = [];
    if (usage && out[0]) out[0].usage = usage;
    return out;
  };

  const add = (item: Omit<NormalisedItem, "parent">, inResponse: boolean): NormalisedItem[] => {
    const full: NormalisedItem = { ...item, parent: last };
    last = full.id;
    if (!inResponse) return [...release(), full];
    if (held.length === 0) {
      const latency = between(requestAt, full.at);
      if (latency !== undefined) full.latencyMs = latency;
    }
    held.push(full);
    return [];
  };

  return {
    format: "codex",
    facts: () => facts,
    flush: () => release(),
    push(record, line) {
      const r = obj(record);
      const p = obj(r?.payload);
      if (!r || !p) return [];
      const at = isoTime(r.timestamp);
      const id = `L${line}`;
      const stamp = at ? { at } : {};
      switch (r.type) {
        case "session_meta": {
          const meta = obj(p.meta) ?? p; // some versions nest it
          const git = obj(meta.git) ?? obj(p.git);
          facts ??= { source: "codex", id: str(meta.id) ?? `line-${line}`, agent: "codex" };
          facts.cwd ??= str(meta.cwd);
          facts.version ??= str(meta.cli_version);
          facts.gitBranch ??= str(git?.branch);
          requestAt = at;
          return release();
        }
        case "turn_context":
          model = str(p.model) ?? model;
          if (facts) facts.model ??= model;
          requestAt = at;
          return release();
        case "compacted": {
          const text = str(p.message) ?? "";
          requestAt = at;
          return add({ id, kind: "prompt", text: `Conversation compacted.${text ? ` ${text}` : ""}`, ...stamp }, false);
        }
        case "event_msg": {
          if (p.type === "thread_rolled_back") {
            const n = num(p.num_turns) ?? 0;
            if (n < 1 || turns.length === 0) return [];
            const out = release();
            last = turns.splice(Math.max(0, turns.length - n))[0] ?? null;
            return out;
          }
          if (p.type === "token_count") {
            const info = obj(p.info);
            const u = obj(info?.last_token_usage);
            if (!u) return release();
            const usage: Usage = {};
            const input = num(u.input_tokens);
            if (input !== undefined) usage.input = input;
            const output = num(u.output_tokens);
            if (output !== undefined) usage.output = output;
            const reasoning = num(u.reasoning_output_tokens);
            if (reasoning !== undefined) usage.reasoning = reasoning;
            const cached = num(u.cached_input_tokens);
            if (cached !== undefined) usage.cachedInput = cached;
            return release(usage);
          }
          return [];
        }
        case "response_item":
          break;
        default:
          return [];
      }
      const withModel = model ? { model } : {};
      switch (p.type) {
        case "message": {
          const text = contentText(p.content);
          if (p.role === "assistant") return add({ id, kind: "answer", text, ...stamp, ...withModel }, true);
          if (p.role !== "user" || text.trim() === "" || BOILERPLATE.test(text)) return [];
          requestAt = at;
          turns.push(last);
          return add({ id, kind: "prompt", text, ...stamp }, false);
        }
        case "reasoning": {
          const content = contentText(p.content);
          const summary = contentText(p.summary);
          const text = content.trim() !== "" ? content : summary;
          const encrypted = str(p.encrypted_content);
          const opaque = encrypted ? { opaque: { encryptedContent: encrypted } } : {};
          if (text.trim() === "") {
            return add(
              {
                id,
                kind: "placeholder",
                text: "",
                withheld: encrypted ? "encrypted" : "not_recorded",
                ...stamp,
                ...withModel,
                ...opaque,
              },
              true,
            );
          }
          return add({ id, kind: "reasoning", text, ...stamp, ...withModel, ...opaque }, true);
        }
        case "function_call":
        case "custom_tool_call":
        case "local_shell_call":
        case "web_search_call": {
          const name =
            str(p.name) ??
            (p.type === "local_shell_call" ? "shell" : p.type === "web_search_call" ? "web_search" : "tool");
          const callId = str(p.call_id) ?? str(p.id) ?? id;
          toolNames.set(callId, name);
          const args = p.arguments ?? p.input ?? p.action;
          return add(
            { id, kind: "tool_call", text: argumentsText(args), tool: { name, callId }, ...stamp, ...withModel },
            true,
          );
        }
        case "function_call_output":
        case "custom_tool_call_output":
        case "local_shell_call_output": {
          const callId = str(p.call_id) ?? "";
          const output = p.output;
          const o = obj(output);
          const text = typeof output === "string" ? outputText(output) : contentText(o?.content ?? output);
          const failed = o?.success === false;
          requestAt = at;
          return add(
            {
              id,
              kind: "tool_result",
              text,
              tool: { name: toolNames.get(callId) ?? "tool", callId, ...(failed ? { isError: true } : {}) },
              ...stamp,
            },
            false,
          );
        }
        default:
          return [];
      }
    },
  };
}

/** A function output: Codex wraps shell results as JSON `{output, metadata}`; show the output. */
function outputText(text: string): string {
  try {
    const o = obj(JSON.parse(text));
    if (o && typeof o.output === "string") return o.output;
  } catch {
    // plain text
  }
  return text;
}
