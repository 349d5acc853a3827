// Codex CLI rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl): `{timestamp, type, payload}` lines.
// `session_meta` names the session (id, cwd, cli_version, git), `turn_context` the model of the turns that follow,
// `response_item` the conversation (message, reasoning with `summary` parts, optional `content` and
// `encrypted_content`, function_call / function_call_output linked by `call_id`, and the custom and shell call kinds),
// `event_msg` the UI's events: its agent_reasoning, agent_message and user_message repeat response items and are
// skipped; its token_count reports the usage of the model response just before it. `compacted` replaces the history
// with a summary. Lines have no ids of their own, so an item's id is its line number (stable as the file grows).
// The conversation is linear, each item following the one before, until a rollback (`event_msg` thread_rolled_back,
// the user's backtrack) drops the newest `num_turns` turns: the turn after it continues from where the first dropped
// turn began, so the dropped turns stay as a branch. A sub-agent (spawn_agent) writes a rollout of its own whose
// session_meta names its parent thread (`source.subagent.thread_spawn.parent_thread_id`): read after its session's
// file (or appended to it), it is a branch from the session's latest tool call at its start, its items' ids prefixed
// with its thread id and numbered from its own first line.
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

/** One conversation of the session: its own rollout, or a sub-agent's. */
interface Thread {
  /** Prefix of its items' ids: "" for the session's own rollout, "<thread id>/" for a sub-agent's. */
  prefix: string;
  /** The line before its file's first (a sub-agent's lines count from its own first line). */
  base: number;
  model?: string;
  last: string | null;
  /** Items of the model response under way, held for its token_count. */
  held: NormalisedItem[];
  /** When the last record that was not part of a model response was written (a response's latency starts there). */
  requestAt?: string;
  /** Where each user turn of the history began: the item its prompt followed. */
  turns: (string | null)[];
  /** A sub-agent's branch and the call it forks from, given to its first item. */
  branch?: { name: string; fork: string | null };
}

const thread = (prefix: string, base: number): Thread => ({ prefix, base, last: null, held: [], turns: [] });

/** The parent thread a sub-agent's session_meta names (`source.subagent.thread_spawn.parent_thread_id`). */
function spawnedBy(meta: Record<string, unknown>): string | undefined {
  return str(obj(obj(obj(meta.source)?.subagent)?.thread_spawn)?.parent_thread_id);
}

export function codexReader(): TranscriptReader {
  let facts: SessionFacts | null = null;
  const main = thread("", 0);
  /** Sub-agents' threads by their thread id, and which a sub-agent's file (by name) is. */
  const threads = new Map<string, Thread>([["", main]]);
  const files = new Map<string, string>();
  let current = "";
  /** The session's own tool calls with their times, for a sub-agent to fork from. */
  const calls: { id: string; at: string }[] = [];
  const toolNames = new Map<string, string>();

  const release = (t: Thread, usage?: Usage): NormalisedItem[] => {
    const out = t.held;
    t.held = [];
    if (usage && out[0]) out[0].usage = usage;
    return out;
  };

  const add = (t: Thread, item: Omit<NormalisedItem, "parent">, inResponse: boolean): NormalisedItem[] => {
    const full: NormalisedItem = { ...item, parent: t.last };
    if (t.branch) {
      full.branch = t.branch.name;
      full.parent = t.branch.fork;
      delete t.branch;
    }
    t.last = full.id;
    if (t === main && full.kind === "tool_call" && full.at) calls.push({ id: full.id, at: full.at });
    if (!inResponse) return [...release(t), full];
    if (t.held.length === 0) {
      const latency = between(t.requestAt, full.at);
      if (latency !== undefined) full.latencyMs = latency;
    }
    t.held.push(full);
    return [];
  };

  return {
    format: "codex",
    facts: () => facts,
    flush: () => [...threads.values()].flatMap((t) => release(t)),
    push(record, line, name) {
      const r = obj(record);
      const p = obj(r?.payload);
      if (!r || !p) return [];
      const at = isoTime(r.timestamp);
      if (r.type === "session_meta") {
        const meta = obj(p.meta) ?? p; // some versions nest it
        const threadId = str(meta.id);
        if (facts && threadId && threadId !== facts.id && spawnedBy(meta) !== undefined) {
          // A sub-agent's rollout (read after its session's, or appended to it): a branch from the session's latest
          // tool call at its start, usually the spawn_agent call.
          if (!threads.has(threadId)) {
            const t = thread(`${threadId}/`, line - 1);
            const before = at ? calls.filter((c) => c.at <= at) : calls;
            t.branch = { name: `agent-${threadId}`, fork: before.at(-1)?.id ?? null };
            t.requestAt = at;
            threads.set(threadId, t);
          }
          // Its file's records follow: by the file's name when the follower names it, else all that come after.
          if (name !== undefined) files.set(name, threadId);
          else current = threadId;
          return [];
        }
        if (!facts) {
          const git = obj(meta.git) ?? obj(p.git);
          facts = { source: "codex", id: threadId ?? `line-${line}`, agent: "codex" };
          facts.cwd ??= str(meta.cwd);
          facts.version ??= str(meta.cli_version);
          facts.gitBranch ??= str(git?.branch);
          main.requestAt = at;
          if (name !== undefined) files.set(name, "");
        }
        // A later session_meta of the same file (a resumed or forked rollout repeats one): the first stands.
        return release(threads.get(current)!);
      }
      const t = threads.get(name !== undefined ? (files.get(name) ?? current) : current)!;
      const id = `${t.prefix}L${line - t.base}`;
      const stamp = at ? { at } : {};
      switch (r.type) {
        case "turn_context":
          t.model = str(p.model) ?? t.model;
          if (facts && t === main) facts.model ??= t.model;
          t.requestAt = at;
          return release(t);
        case "compacted": {
          const text = str(p.message) ?? "";
          t.requestAt = at;
          return add(
            t,
            { id, kind: "prompt", text: `Conversation compacted.${text ? ` ${text}` : ""}`, ...stamp },
            false,
          );
        }
        case "event_msg": {
          if (p.type === "thread_rolled_back") {
            const n = num(p.num_turns) ?? 0;
            if (n < 1 || t.turns.length === 0) return [];
            const out = release(t);
            t.last = t.turns.splice(Math.max(0, t.turns.length - n))[0] ?? null;
            return out;
          }
          if (p.type === "token_count") {
            const info = obj(p.info);
            const u = obj(info?.last_token_usage);
            if (!u) return release(t);
            const usage: Usage = {};
            const input = num(u.input_tokens);
            if (input !== undefined) usage.input = input;
            const output = num(u.output_tokens);
            if (output !== undefined) usage.output = output;
            const reasoning = num(u.reasoning_output_tokens);
            if (reasoning !== undefined) usage.reasoning = reasoning;
            const cached = num(u.cached_input_tokens);
            if (cached !== undefined) usage.cachedInput = cached;
            return release(t, usage);
          }
          return [];
        }
        case "response_item":
          break;
        default:
          return [];
      }
      const withModel = t.model ? { model: t.model } : {};
      switch (p.type) {
        case "message": {
          const text = contentText(p.content);
          if (p.role === "assistant") return add(t, { id, kind: "answer", text, ...stamp, ...withModel }, true);
          if (p.role !== "user" || text.trim() === "" || BOILERPLATE.test(text)) return [];
          t.requestAt = at;
          t.turns.push(t.last);
          return add(t, { id, kind: "prompt", text, ...stamp }, false);
        }
        case "reasoning": {
          const content = contentText(p.content);
          const summary = contentText(p.summary);
          const text = content.trim() !== "" ? content : summary;
          const encrypted = str(p.encrypted_content);
          const opaque = encrypted ? { opaque: { encryptedContent: encrypted } } : {};
          if (text.trim() === "") {
            return add(
              t,
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
          return add(t, { id, kind: "reasoning", text, ...stamp, ...withModel, ...opaque }, true);
        }
        case "function_call":
        case "custom_tool_call":
        case "local_shell_call":
        case "web_search_call": {
          const tool =
            str(p.name) ??
            (p.type === "local_shell_call" ? "shell" : p.type === "web_search_call" ? "web_search" : "tool");
          const callId = str(p.call_id) ?? str(p.id) ?? id;
          toolNames.set(callId, tool);
          const args = p.arguments ?? p.input ?? p.action;
          return add(
            t,
            { id, kind: "tool_call", text: argumentsText(args), tool: { name: tool, callId }, ...stamp, ...withModel },
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
          t.requestAt = at;
          return add(
            t,
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
