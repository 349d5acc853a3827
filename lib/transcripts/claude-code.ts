// Claude Code transcripts (~/.claude/projects/<project>/<session>.jsonl): one JSON record per line. `user` and
// `assistant` records carry `message.content` blocks (text, thinking with its signature, redacted_thinking, tool_use,
// tool_result) and form a tree by `uuid` / `parentUuid`: a rewind or an edited prompt is a second child, a branch.
// Sub-agents write `isSidechain` records with an `agentId`, in the session's file (older versions) or in their own
// file (`agent-<id>.jsonl` beside the session, or `<session>/subagents/agent-<id>.jsonl`); each becomes a branch from
// the tool call that started it. Records of other types (summary, system, progress, file-history-snapshot, and any
// later ones) add no items; a record that is skipped still passes its place in the tree on to its children.
import type { NormalisedItem, Usage } from "../normalised/model";
import {
  anthropicUsage,
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

/** Tools that start a sub-agent (its name changed from Task to Agent). */
const AGENT_TOOLS = new Set(["Task", "Agent"]);

interface PendingMessage {
  messageId: string;
  items: NormalisedItem[];
  usage?: Usage;
  costUsd?: number;
}

export function claudeCodeReader(): TranscriptReader {
  let facts: SessionFacts | null = null;
  let title: string | undefined;
  /** Each record's last item (or, for a skipped record, its nearest ancestor's), by uuid. */
  const tail = new Map<string, string | null>();
  /** When each record was written, by uuid (a model call's latency runs from its parent's time). */
  const times = new Map<string, string>();
  /** Sub-agent calls not yet matched to their sub-agent: tool_use id → prompt. */
  const agentCalls: { id: string; prompt: string }[] = [];
  /** Sub-agents seen: agentId → the branch's name. */
  const agents = new Map<string, { branch: string; call: string | null }>();
  let sidechains = 0;
  let pending: PendingMessage | null = null;

  const release = (): NormalisedItem[] => {
    if (!pending) return [];
    const { items, usage, costUsd } = pending;
    pending = null;
    if (items[0]) {
      if (usage) items[0].usage = usage;
      if (costUsd !== undefined) items[0].costUsd = costUsd;
    }
    return items;
  };

  const resolve = (uuid: string | null | undefined): string | null =>
    uuid ? (tail.has(uuid) ? tail.get(uuid)! : null) : null;

  /** The branch a sidechain record belongs to, and the call it forks from, once per sub-agent. */
  function subAgent(
    r: Record<string, unknown>,
    firstText: string,
  ): { branch: string; call: string | null; first: boolean } {
    const agentId = str(r.agentId) ?? `sidechain-${++sidechains}`;
    const known = agents.get(agentId);
    if (known) return { ...known, first: false };
    let at = agentCalls.findIndex((c) => c.prompt === firstText.trim());
    if (at < 0) at = agentCalls.length - 1;
    const call = at >= 0 ? agentCalls.splice(at, 1)[0]!.id : null;
    const entry = { branch: `agent-${agentId}`, call };
    agents.set(agentId, entry);
    return { ...entry, first: true };
  }

  function itemsOf(r: Record<string, unknown>, uuid: string, at: string | undefined): NormalisedItem[] {
    const message = obj(r.message);
    const type = r.type;
    const content = message?.content;
    const blocks: unknown[] =
      typeof content === "string" ? [{ type: "text", text: content }] : Array.isArray(content) ? content : [];
    const model = str(message?.model);
    const out: NormalisedItem[] = [];
    blocks.forEach((raw, i) => {
      const b = obj(raw);
      if (!b) return;
      const base = { id: `${uuid}:${i}`, parent: null, ...(at ? { at } : {}) };
      const withModel = model && model !== "<synthetic>" ? { model } : {};
      switch (b.type) {
        case "text": {
          const text = str(b.text) ?? "";
          if (text.trim() === "") return;
          const kind = type === "assistant" ? "answer" : "prompt";
          out.push({
            ...base,
            kind,
            text: r.isCompactSummary === true ? `Conversation compacted. ${text}` : text,
            ...(kind === "answer" ? withModel : {}),
          });
          return;
        }
        case "thinking": {
          const text = str(b.thinking) ?? "";
          const signature = str(b.signature);
          if (text.trim() !== "") {
            out.push({
              ...base,
              kind: "reasoning",
              text,
              ...withModel,
              ...(signature ? { opaque: { signature } } : {}),
            });
          } else {
            out.push({
              ...base,
              kind: "placeholder",
              text: "",
              withheld: "not_recorded",
              ...withModel,
              ...(signature ? { opaque: { signature } } : {}),
            });
          }
          return;
        }
        case "redacted_thinking":
          out.push({
            ...base,
            kind: "placeholder",
            text: "",
            withheld: "redacted",
            ...withModel,
            opaque: { redactedData: str(b.data) ?? "" },
          });
          return;
        case "tool_use":
        case "server_tool_use": {
          const name = str(b.name) ?? "tool";
          const id = str(b.id) ?? base.id;
          const input = obj(b.input);
          if (AGENT_TOOLS.has(name) && typeof input?.prompt === "string")
            agentCalls.push({ id: base.id, prompt: input.prompt.trim() });
          out.push({
            ...base,
            kind: "tool_call",
            text: argumentsText(b.input),
            tool: { name, callId: id },
            ...withModel,
          });
          return;
        }
        case "tool_result": {
          const callId = str(b.tool_use_id) ?? "";
          out.push({
            ...base,
            kind: "tool_result",
            text: contentText(b.content),
            tool: { name: toolNames.get(callId) ?? "tool", callId, ...(b.is_error === true ? { isError: true } : {}) },
          });
          return;
        }
        case "image":
          out.push({ ...base, kind: type === "assistant" ? "answer" : "prompt", text: "[image]" });
          return;
        default:
          return; // a block type this reader does not know adds nothing
      }
    });
    for (const item of out) if (item.kind === "tool_call" && item.tool) toolNames.set(item.tool.callId, item.tool.name);
    return out;
  }
  const toolNames = new Map<string, string>();

  return {
    format: "claude-code",
    facts: () => facts,
    flush: release,
    push(record, _line, _file) {
      const r = obj(record);
      if (!r) return [];
      const sessionId = str(r.sessionId);
      if (r.type === "summary" && typeof r.summary === "string") title ??= r.summary;
      if (sessionId && !facts) facts = { source: "claude-code", id: sessionId, agent: "claude-code" };
      if (facts && title) facts.title ??= title;
      if (facts) {
        facts.cwd ??= str(r.cwd);
        if (!facts.gitBranch && str(r.gitBranch)) facts.gitBranch = str(r.gitBranch);
        facts.version ??= str(r.version);
      }
      const uuid = str(r.uuid);
      const at = isoTime(r.timestamp);
      if (!uuid) return []; // summaries, snapshots, queue operations: no place in the tree
      const parentUuid = str(r.parentUuid) ?? str(r.logicalParentUuid) ?? null;
      if (at) times.set(uuid, at);
      const out: NormalisedItem[] = [];
      const message = obj(r.message);
      const messageId = r.type === "assistant" ? (str(message?.id) ?? uuid) : null;
      if (pending && pending.messageId !== messageId) out.push(...release());

      const counted = (r.type === "user" || r.type === "assistant") && r.isMeta !== true;
      let items = counted ? itemsOf(r, uuid, at) : [];
      if (items.length === 0) {
        tail.set(uuid, resolve(parentUuid)); // passes its place on
        return out;
      }
      let parent = resolve(parentUuid);
      if (r.isSidechain === true && parentUuid === null) {
        const first = items.find((i) => i.kind === "prompt")?.text ?? "";
        const agent = subAgent(r, first);
        parent = agent.call;
        if (agent.first) items[0]!.branch = agent.branch;
      }
      for (const item of items) {
        item.parent = parent;
        parent = item.id;
      }
      tail.set(uuid, parent);

      if (messageId !== null) {
        const usage = anthropicUsage(message?.usage);
        const costUsd = num(r.costUSD);
        if (!pending) {
          const latency = between(parentUuid ? times.get(parentUuid) : undefined, at);
          if (latency !== undefined) items[0]!.latencyMs = latency;
          pending = { messageId, items: [], usage, costUsd };
        }
        pending.items.push(...items);
        if (usage) pending.usage = usage;
        if (costUsd !== undefined) pending.costUsd = costUsd;
        items = [];
      }
      out.push(...items);
      return out;
    },
  };
}
