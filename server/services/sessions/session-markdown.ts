// The Markdown export: a session as a reviewed document for people to read. Every string an agent or a reviewer
// wrote goes through escapeMarkdownText: the file may be opened in a viewer that renders inline HTML.
import type { ExportedComment, ExportedThread, SessionExport } from "@/lib/contracts/session";
import type { ScoreView } from "@/lib/contracts/scores";
import { describeFlag } from "@/lib/domain/flags";
import type { ReasoningHealth } from "@/lib/health/reasoning-health";
import { escapeMarkdownText as safe } from "@/lib/markdown/escape";
import { kindWords } from "@/lib/normalised/kind-words";
import { countOf } from "@/lib/words/count-of";
import { toolResultLines, withToolResults } from "./markdown-tools";

type MarkdownInput = Pick<SessionExport, "session" | "thoughts"> &
  Partial<Pick<SessionExport, "scores" | "comments">> & { health?: ReasoningHealth };

/** `text` indented by `spaces` on every line but blank ones, so it stays inside a list item. */
const indent = (text: string, spaces: number) => text.replace(/^(?=.)/gm, " ".repeat(spaces));

/** A score's value as a reviewer would say it. */
function scoreValue(s: ScoreView): string {
  if (s.type === "numeric") return String(s.value ?? "");
  if (s.type === "categorical") return `${safe(s.stringValue ?? "")} (${s.value ?? ""})`;
  return safe(s.stringValue ?? "");
}

function scoreLines(scores: ScoreView[]): string[] {
  if (scores.length === 0) return [];
  const lines = ["### Scores", ""];
  for (const s of scores) {
    const author = safe(s.authorLabel ?? s.authorName ?? s.source);
    lines.push(`- **${safe(s.name)}** (${s.type}): ${scoreValue(s)}, by ${author}`);
    if (s.comment) lines.push("", indent(safe(s.comment), 2), "");
  }
  return [...lines, ""];
}

function commentLines(c: ExportedComment, heading: string, depth: number): string[] {
  const pad = " ".repeat(depth * 2);
  const body = c.deleted ? "_(deleted)_" : safe(c.body);
  return [`${pad}- ${heading} · ${c.createdAt}`, "", indent(body, depth * 2 + 2), ""];
}

function threadLines(threads: ExportedThread[]): string[] {
  if (threads.length === 0) return [];
  const lines = ["### Comments", ""];
  for (const t of threads) {
    const about = t.anchor ? ` on “${safe(t.anchor.text)}”` : "";
    const state = t.resolved ? ` · resolved${t.resolvedBy ? ` by ${safe(t.resolvedBy)}` : ""}` : "";
    lines.push(...commentLines(t, `**${safe(t.author)}**${about}${state}`, 0));
    for (const r of t.replies) lines.push(...commentLines(r, `**${safe(r.author)}** replied`, 1));
  }
  return lines;
}

/** The session for people to read, with its review (the REST export and the dashboard download). */
export function renderMarkdown(graph: MarkdownInput): string {
  const s = graph.session;
  const comments = graph.comments ?? [];
  const allScores = [...(graph.scores ?? []), ...graph.thoughts.flatMap((t) => t.scores)];
  const resolved = comments.filter((c) => c.resolved).length;
  const lines = [
    `# ${safe(s.title ?? "Untitled session")}`,
    "",
    `- Session: \`${s.id}\`${s.key ? ` (agent key \`${safe(s.key)}\`)` : ""}`,
    `- Status: ${s.status}; ${countOf(s.thoughtCount, "thought")}, ${countOf(s.branchCount, "branch")}, ` +
      countOf(s.revisionCount, "revision"),
    ...(s.agent || s.model ? [`- Agent: ${safe([s.agent, s.model].filter(Boolean).join(", "))}`] : []),
    `- Started ${s.createdAt}, last activity ${s.lastActivityAt}`,
    ...(graph.health ? [`- Reasoning health: ${healthLine(graph.health)}`] : []),
    ...(allScores.length + comments.length > 0
      ? [
          `- Review: ${countOf(allScores.length, "score")}, ${countOf(comments.length, "comment thread")}` +
            (comments.length > 0 ? ` (${resolved} resolved)` : ""),
        ]
      : []),
    "",
  ];
  const onSession = comments.filter((c) => c.thoughtId === null);
  if ((graph.scores ?? []).length + onSession.length > 0) {
    lines.push("## Review of the whole session", "", ...scoreLines(graph.scores ?? []), ...threadLines(onSession));
  }
  // A tool result is written under its call (./markdown-tools.ts), with its own scores and comments there.
  const { rows, resultsOf } = withToolResults(graph.thoughts);
  for (const t of rows) {
    const where = [
      kindWords(t.kind),
      t.branchId ? `branch \`${safe(t.branchId)}\`${t.branchFromThought ? ` from ${t.branchFromThought}` : ""}` : null,
      t.isRevision ? `revises ${t.revisesThought ?? "?"}` : null,
      t.stage ? `stage: ${safe(t.stage)}` : null,
      t.score !== null ? `self-score ${t.score}` : null,
    ].filter(Boolean);
    lines.push(`## ${t.thoughtNumber}/${t.totalThoughts}${where.length ? ` · ${where.join(" · ")}` : ""}`, "");
    lines.push(safe(t.text), "");
    if (t.tags.length > 0) lines.push(`Tags: ${safe(t.tags.join(", "))}`, "");
    for (const f of t.flags) lines.push(`> ⚠ ${describeFlag(f)}`, "");
    lines.push(...scoreLines(t.scores), ...threadLines(comments.filter((c) => c.thoughtId === t.id)));
    for (const r of resultsOf.get(t.id) ?? []) {
      lines.push(...toolResultLines([r]));
      lines.push(...scoreLines(r.scores), ...threadLines(comments.filter((c) => c.thoughtId === r.id)));
    }
  }
  return lines.join("\n");
}

/** The health figures in one line, in the order of the session header. */
export function healthLine(h: ReasoningHealth): string {
  const drift = h.totalThoughts.drift;
  return [
    `revision rate ${h.revisionRate}`,
    `${countOf(h.branchCount, "branch")} (${h.abandonedBranches} abandoned, depth ${h.maxBranchDepth})`,
    `linearity ${h.linearity}`,
    countOf(h.stalls, "stall"),
    countOf(h.loops, "loop"),
    `totalThoughts drift ${drift > 0 ? `+${drift}` : drift}`,
    countOf(h.unresolvedFlags, "unresolved flag"),
  ].join("; ");
}
