"use client";
// The session view's keys: j/k (or the arrows) move the selection through the transcript's rows, Enter opens
// the selection's detail, f toggles follow mode, c comments on the phrase selected in the detail panel's text, [ and ]
// step through the selection's revision chain, b picks the selection's line to compare, n/r/w jump to the next branch
// point, revision or warning (shift: the previous), g goes to a thought number.
import type { KeyboardEvent } from "react";
import { COMMENT_ON_SELECTION_ID } from "@/components/comments/CommentsSection";
import { anchorFromTranscript } from "@/components/comments/pending-anchor";
import { EARLIER_STEP_ID, LATER_STEP_ID } from "@/components/diff/RevisionHistory";
import { GO_TO_ID } from "@/components/overview/SessionOverview";

/** n: branch points, r: revisions, w: warnings (shift: backwards). */
const JUMP_KEYS: Record<string, "branch-point" | "revision" | "warning" | undefined> = {
  n: "branch-point",
  r: "revision",
  w: "warning",
};
import { ownsKeys } from "@/components/ui/own-keys";
import type { Selection } from "./useSelection";
import type { SideTab } from "./SidePanel";

export interface SessionKeyContext {
  /** The thought `delta` rows from `id` in the transcript's rows (components/session/useSessionFolds.ts): a call with
   *  its folded results is one row, a folded branch another. */
  step: (id: string | null, delta: number) => string | null;
  selection: Selection;
  tab: SideTab;
  setTab: (tab: SideTab) => void;
  toggleFollow: () => void;
  /** The overview's jumps: to the next (1) or previous (-1) branch point, revision or warning. */
  jump: (kind: "branch-point" | "revision" | "warning", direction: 1 | -1) => void;
  readOnly: boolean;
  /** Picks or unpicks the thought's line to compare (b); absent where the graph offers no picking. */
  pickLine?: (thoughtId: string) => void;
}

export function onSessionKey(
  e: KeyboardEvent,
  { step, selection, tab, setTab, toggleFollow, jump, readOnly, pickLine }: SessionKeyContext,
) {
  const target = e.target as HTMLElement;
  if (ownsKeys(target, e.key)) return;
  // Enter on a button or link (e.g. a score form's Save) activates it rather than jumping to the detail panel.
  if (e.key === "Enter" && target.closest("button, a")) return;
  const { selectedId, select } = selection;
  // From the URL as it is now: a key pressed before useSearchParams has caught up (a held or quickly repeated j/k)
  // read the previous selection and moved to where the last key already had.
  const current = selection.current();
  const move = (delta: number) => {
    const next = step(current, delta);
    if (next) {
      e.preventDefault();
      select(next, "keyboard");
    }
  };
  if (e.key === "j" || e.key === "ArrowDown" || e.key === "ArrowRight") move(1);
  else if (e.key === "k" || e.key === "ArrowUp" || e.key === "ArrowLeft") move(-1);
  else if (e.key === "Enter" && selectedId) {
    e.preventDefault();
    setTab("detail");
    document.getElementById("thought-detail")?.focus();
  } else if (e.key === "f" && !target.closest('[role="switch"]')) toggleFollow();
  else if (!e.metaKey && !e.ctrlKey && !e.altKey && JUMP_KEYS[e.key.toLowerCase()]) {
    e.preventDefault();
    jump(JUMP_KEYS[e.key.toLowerCase()]!, e.shiftKey ? -1 : 1);
  } else if (e.key === "g" && !e.metaKey && !e.ctrlKey) {
    e.preventDefault();
    document.getElementById(GO_TO_ID)?.click();
  } else if (e.key === "b" && current && pickLine) {
    // The selection as the URL holds it now, not the line the picker drew last: k then b typed before a redraw
    // picked the line k had left.
    e.preventDefault();
    pickLine(current);
  } else if (e.key === "[" || e.key === "]") {
    const button = document.getElementById(e.key === "[" ? EARLIER_STEP_ID : LATER_STEP_ID);
    if (button) {
      e.preventDefault();
      button.click();
    }
  } else if (e.key === "c" && !readOnly && selectedId && !e.metaKey && !e.ctrlKey && !e.altKey) {
    // Comment on the phrase selected in the transcript (its thought selected, the phrase handed to its comment box),
    // or in the detail panel's text, or just open the comment box.
    e.preventDefault();
    const inTranscript = anchorFromTranscript();
    if (inTranscript && !inTranscript.error) {
      if (inTranscript.thoughtId !== current) select(inTranscript.thoughtId, "keyboard");
      setTab("detail");
      return;
    }
    if (tab !== "detail") setTab("detail");
    else document.getElementById(COMMENT_ON_SELECTION_ID)?.click();
  }
}
