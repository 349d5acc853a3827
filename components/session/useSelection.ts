"use client";
// The selected thought, kept in the URL (?thought=), and the two requests a selection makes of the panes: centre the
// graph on it (keyboard, follow mode, opening) and bring its transcript row into view.
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useState } from "react";

export type SelectHow = "pointer" | "keyboard" | "follow";

export interface Selection {
  selectedId: string | null;
  /** Selects a thought: the URL, the transcript's scroll, and (unless picked with the pointer) the graph's centre. */
  select: (id: string, how?: SelectHow) => void;
  /** The session's first view: the thought selected, the graph opened on it and its row in view. */
  open: (id: string) => void;
  /** The selection as the URL holds it now (useSearchParams follows replaceState a render later). */
  current: () => string | null;
  center: { id: string; key: number; open?: boolean } | null;
  scrollTo: { id: string; key: number } | null;
}

export function useSelection(): Selection {
  const pathname = usePathname();
  const search = useSearchParams();
  const selectedId = search.get("thought");
  const [center, setCenter] = useState<Selection["center"]>(null);
  const [scrollTo, setScrollTo] = useState<Selection["scrollTo"]>(null);

  // history.replaceState (which Next keeps in step with useSearchParams) rather than router.replace: the latter made a
  // server round trip per keypress (100-500 ms measured by bench:ui).
  const selectInUrl = useCallback(
    (id: string) => {
      const params = new URLSearchParams(window.location.search);
      params.set("thought", id);
      window.history.replaceState(null, "", `${pathname}?${params.toString()}`);
    },
    [pathname],
  );
  const select = useCallback(
    (id: string, how: SelectHow = "pointer") => {
      selectInUrl(id);
      if (how !== "pointer") setCenter({ id, key: Date.now() });
      setScrollTo({ id, key: Date.now() });
    },
    [selectInUrl],
  );
  const open = useCallback(
    (id: string) => {
      selectInUrl(id);
      setCenter({ id, key: Date.now(), open: true });
      setScrollTo({ id, key: Date.now() });
    },
    [selectInUrl],
  );
  const current = useCallback(
    () => new URLSearchParams(window.location.search).get("thought") ?? selectedId,
    [selectedId],
  );
  return { selectedId, select, open, current, center, scrollTo };
}
