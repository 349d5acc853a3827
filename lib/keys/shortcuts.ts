// Every keyboard shortcut of the dashboard, by screen, for the "?" sheet (components/shell/ShortcutSheet.tsx). The
// screens' own handlers implement them; their controls name the same keys in their tooltips. Pure data.

export interface Shortcut {
  keys: string[];
  does: string;
}

export interface ShortcutSection {
  id: "everywhere" | "session" | "compare" | "review";
  title: string;
  shortcuts: Shortcut[];
}

export const SHORTCUTS: ShortcutSection[] = [
  {
    id: "session",
    title: "Session view",
    shortcuts: [
      { keys: ["j", "↓", "→"], does: "next thought (in arrival order)" },
      { keys: ["k", "↑", "←"], does: "previous thought" },
      { keys: ["Enter"], does: "open the selected thought's detail" },
      { keys: ["n", "shift+n"], does: "next / previous branch point" },
      { keys: ["r", "shift+r"], does: "next / previous revision" },
      { keys: ["w", "shift+w"], does: "next / previous warning: a flag, a low score, a loop or a stall" },
      { keys: ["g"], does: "go to thought number N" },
      { keys: ["[", "]"], does: "earlier / later change in the thought's revision chain" },
      { keys: ["b"], does: "pick the selected thought's line (main or its branch) to compare" },
      { keys: ["c"], does: "comment on the selected phrase (transcript or detail), else on the thought" },
      { keys: ["f"], does: "follow: keep the newest thought selected" },
    ],
  },
  {
    id: "compare",
    title: "Compare view",
    shortcuts: [
      { keys: ["j", "↓"], does: "next step" },
      { keys: ["k", "↑"], does: "previous step" },
      { keys: ["h", "←", "l", "→"], does: "left / right side" },
      { keys: ["Enter"], does: "open the thought in the session view" },
      { keys: ["d"], does: "diff the step's two thoughts" },
      { keys: ["x"], does: "swap the sides" },
      { keys: ["e"], does: "where the lines end" },
      { keys: ["g"], does: "the fork" },
    ],
  },
  {
    id: "review",
    title: "Review queue",
    shortcuts: [
      { keys: ["j", "k"], does: "next / previous thought" },
      { keys: ["1–9", "0"], does: "score the active config on the target" },
      { keys: ["[", "]"], does: "previous / next config" },
      { keys: ["s"], does: "score the thought or the whole session" },
      { keys: ["c"], does: "comment on the selected phrase, else on the thought" },
      { keys: ["f"], does: "finish the item and take the next" },
      { keys: ["x"], does: "skip the item" },
    ],
  },
  {
    id: "everywhere",
    title: "Everywhere",
    shortcuts: [
      { keys: ["?"], does: "this list of shortcuts" },
      { keys: ["Esc"], does: "close a dialog, menu or popover" },
      { keys: ["ctrl+Enter"], does: "send a comment" },
    ],
  },
];

/** The screen a path shows, for putting its shortcuts first. */
export function screenOf(pathname: string): ShortcutSection["id"] {
  if (/^\/sessions\/[^/]+\/compare\/?$/.test(pathname)) return "compare";
  if (/^\/(sessions|share)\/[^/]+\/?$/.test(pathname)) return "session";
  if (/^\/queues\/[^/]+\/review\/?$/.test(pathname)) return "review";
  return "everywhere";
}

/** The sections for a path: its screen's first, then everywhere's, then the rest. */
export function sectionsFor(pathname: string): ShortcutSection[] {
  const here = screenOf(pathname);
  const rank = (s: ShortcutSection) => (s.id === here ? 0 : s.id === "everywhere" ? 1 : 2);
  return [...SHORTCUTS].sort((a, b) => rank(a) - rank(b));
}
