// The one shape every outside source of reasoning is reduced to before it is written: coding agents' transcripts
// (Claude Code, Codex CLI, Gemini CLI), provider message JSON and OpenTelemetry spans. A reader turns its source into
// a NormalisedSession of NormalisedItems; ./plan-thoughts.ts turns the items into thought inputs for the one write
// path, so a session looks the same whichever door it came through. Pure types and small helpers, client-safe.

/** Where a session came from (the first part of its session key, ./plan-thoughts.ts sessionKey). */
export const SOURCES = [
  "claude-code",
  "codex",
  "gemini-cli",
  "anthropic",
  "openai-chat",
  "openai-responses",
  "otlp",
] as const;
export type SourceKind = (typeof SOURCES)[number];

/**
 * What an item is:
 * - `prompt`: what the agent was asked (a person's message, a task handed to a sub-agent).
 * - `reasoning`: the model's own thinking as text.
 * - `placeholder`: reasoning that happened but whose text is not in the source (empty thinking with only a signature,
 *   redacted thinking, encrypted reasoning): never silently nothing.
 * - `tool_call`: a call with its arguments; `tool_result`: its result, which usually arrives in a later record (a
 *   sub-agent may run for minutes in between), so it is an item of its own that names its call (`tool.callId`).
 * - `answer`: what the model said to the person; the last one concludes the session.
 */
export const ITEM_KINDS = ["prompt", "reasoning", "placeholder", "tool_call", "tool_result", "answer"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** Why reasoning is withheld (a placeholder's reason). */
export type Withheld = "not_recorded" | "redacted" | "encrypted";

/** Token counts of the model call that produced an item, as the source reports them. */
export interface Usage {
  input?: number;
  output?: number;
  /** Output tokens spent on reasoning (part of `output` where the provider counts them there). */
  reasoning?: number;
  /** Input tokens read from a prompt cache (part of `input` or beside it, as the provider reports). */
  cachedInput?: number;
}

/** Opaque provider payloads, stored verbatim so the conversation can be replayed to the provider; never rendered. */
export interface Opaque {
  signature?: string;
  /** Anthropic redacted_thinking `data`. */
  redactedData?: string;
  /** OpenAI `encrypted_content`. */
  encryptedContent?: string;
}

export interface ToolRef {
  name: string;
  /** The source's id of the call (tool_use id, call_id, span id): a result names the call by it. */
  callId: string;
  /** A result that reports failure. */
  isError?: boolean;
}

export interface NormalisedItem {
  /**
   * Stable within the source session: the same source record gives the same id on every import and replay (a
   * transcript line's uuid plus the part's index, a trace + span id). It becomes the write's idempotency key.
   */
  id: string;
  /** The item this one follows in the source's tree; null for the first. A parent with a later child already forks. */
  parent: string | null;
  /** Starts a branch of this name from `parent` (a sub-agent, a child agent span); later items of it follow it. */
  branch?: string;
  kind: ItemKind;
  /** The text as the source has it (for a tool call: its arguments as JSON text). */
  text: string;
  /** When the source recorded it, ISO 8601. */
  at?: string;
  model?: string;
  usage?: Usage;
  /** Milliseconds the model call (or tool) took, where the source tells. */
  latencyMs?: number;
  /** US dollars, where the source tells. */
  costUsd?: number;
  tool?: ToolRef;
  withheld?: Withheld;
  opaque?: Opaque;
}

export interface NormalisedSession {
  source: SourceKind;
  /** The source's own session id (a Claude Code sessionId, a Codex session_meta id, a trace id). */
  id: string;
  title?: string;
  agent?: string;
  model?: string;
  cwd?: string;
  gitBranch?: string;
  /** The agent's version (Claude Code `version`, Codex `cli_version`). */
  version?: string;
  items: NormalisedItem[];
}

/** What a placeholder says, per reason: that the reasoning was not recorded, and how to get it where one can. */
export function placeholderText(source: SourceKind, reason: Withheld): string {
  if (reason === "redacted") {
    return "Reasoning redacted by the provider: the model's safety systems flagged this thinking, and only an encrypted copy was returned (kept, not shown).";
  }
  if (reason === "encrypted") {
    return "Reasoning not included by the provider: only an encrypted copy was returned (kept, not shown).";
  }
  if (source === "claude-code") {
    return 'Reasoning not recorded: Claude Code kept only the thinking\'s signature. Set "showThinkingSummaries": true in ~/.claude/settings.json to record thinking summaries in new sessions.';
  }
  if (source === "otlp") {
    return "Reasoning not included: the model reasoned, but the trace carries no text for it (the provider returned none, or only a signature).";
  }
  return "Reasoning not included by the provider: only its signature was returned (kept, not shown).";
}
