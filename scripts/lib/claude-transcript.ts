// Claude Code transcript lines made up for the import benchmark, in the shape Claude Code writes them (one JSON record
// per line, a uuid/parentUuid chain, an assistant message split over one record per content block with its usage).
// Each turn is 8 records: the question, thinking, a tool call, its result, thinking again, the answer, and two records
// that make no thought (a hook's progress, a file-history snapshot): 6 thoughts per 8 records.

export const RECORDS_PER_TURN = 8;
export const THOUGHTS_PER_TURN = 6;

const THINKING =
  "The failing case only shows up when the cache is cold, so the invalidation must run before the write is " +
  "acknowledged; check the order in the handler, then run the focused test.";

export interface ClaudeLines {
  sessionId: string;
  /** The next line's record (call it again for the one after). */
  next: () => string;
  /** A line with its own text (marker), as Claude Code writes a person's question or the model's thinking. */
  prompt: (text: string) => string;
  thinking: (text: string) => string;
}

export function claudeLines(sessionId: string, start = Date.parse("2026-11-20T10:00:00Z")): ClaudeLines {
  let parent: string | null = null;
  let n = 0;
  let clock = start;
  const base = () => ({
    sessionId,
    cwd: "/home/dev/app",
    gitBranch: "main",
    version: "2.1.3",
    userType: "external",
    isSidechain: false,
  });
  const record = (type: string, message: unknown, extra: Record<string, unknown> = {}) => {
    const uuid = `${sessionId.slice(0, 8)}-${++n}`;
    clock += 500;
    const line = JSON.stringify({
      ...base(),
      type,
      uuid,
      parentUuid: parent,
      timestamp: new Date(clock).toISOString(),
      ...(message === undefined ? {} : { message }),
      ...extra,
    });
    parent = uuid;
    return line;
  };
  const user = (content: unknown) => record("user", { role: "user", content });
  const assistant = (id: string, block: unknown) =>
    record("assistant", {
      id,
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-5",
      content: [block],
      usage: { input_tokens: 1200, cache_read_input_tokens: 900, output_tokens: 80 },
    });

  let step = 0;
  let turn = 0;
  const next = (): string => {
    const at = step++ % RECORDS_PER_TURN;
    if (at === 0) turn += 1;
    const t = turn;
    switch (at) {
      case 0:
        return user(`Turn ${t}: why does the cache test fail when it runs after the import test?`);
      case 1:
        return assistant(`msg_${t}_a`, { type: "thinking", thinking: `${THINKING} (${t})`, signature: `sig-${t}` });
      case 2:
        return assistant(`msg_${t}_a`, {
          type: "tool_use",
          id: `toolu_${t}`,
          name: "Bash",
          input: { command: `npm test -- cache.test.ts -t "turn ${t}"` },
        });
      case 3:
        return user([
          {
            type: "tool_result",
            tool_use_id: `toolu_${t}`,
            content: `1 failed, 11 passed (turn ${t})`,
            is_error: false,
          },
        ]);
      case 4:
        return assistant(`msg_${t}_b`, {
          type: "thinking",
          thinking: `The result confirms it. ${THINKING}`,
          signature: `s${t}`,
        });
      case 5:
        return assistant(`msg_${t}_b`, {
          type: "text",
          text: `Move the invalidation before the acknowledgement (${t}).`,
        });
      case 6:
        return record("progress", undefined, { data: { type: "hook_progress", hookName: "PostToolUse" } });
      default:
        return JSON.stringify({ type: "file-history-snapshot", messageId: `snap-${t}`, snapshot: {} });
    }
  };
  return {
    sessionId,
    next,
    prompt: (text) => user(text),
    thinking: (text) => assistant(`msg_marker_${++n}`, { type: "thinking", thinking: text, signature: "sig" }),
  };
}
