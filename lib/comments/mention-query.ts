// The @mention being typed at the caret of a comment box, and the members that match it: the comment box's inline
// autocomplete. The handle's characters follow parseMentions (lib/contracts/comments.ts), so what the list inserts
// is what the server records as a mention. Pure functions.

export interface MentionQuery {
  /** Index of the "@" in the text. */
  start: number;
  /** What follows the "@" up to the caret, lower-cased. */
  query: string;
}

export interface Mentionable {
  handle: string;
  name: string;
}

/** The list shows at most this many members; typing narrows it. */
export const MENTION_LIMIT = 8;

/**
 * The mention the caret is in: an "@" at the start of the text or after a character that cannot end a handle or an
 * e-mail address, followed by handle characters up to the caret. Null when the caret is anywhere else.
 */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const m = /(?:^|[^\p{L}\p{N}_.@])@([\p{L}\p{N}_.-]{0,64})$/u.exec(before);
  if (!m) return null;
  return { start: caret - m[1]!.length - 1, query: m[1]!.toLowerCase() };
}

/** Members whose handle or name starts with the query (handle matches first), at most MENTION_LIMIT. */
export function matchMembers(members: readonly Mentionable[], query: string): Mentionable[] {
  const q = query.toLowerCase();
  const byHandle = members.filter((m) => m.handle.toLowerCase().startsWith(q));
  const byName = members.filter(
    (m) =>
      !byHandle.includes(m) &&
      m.name
        .toLowerCase()
        .split(/[\s@.]+/)
        .some((word) => word.startsWith(q)),
  );
  return [...byHandle, ...byName].slice(0, MENTION_LIMIT);
}

/** The text with the mention at `at` replaced by "@handle " and where the caret goes after it. */
export function insertMention(
  text: string,
  at: MentionQuery,
  caret: number,
  handle: string,
): { text: string; caret: number } {
  const inserted = `@${handle} `;
  const rest = text.slice(caret).replace(/^\s+/, "");
  return { text: text.slice(0, at.start) + inserted + rest, caret: at.start + inserted.length };
}
