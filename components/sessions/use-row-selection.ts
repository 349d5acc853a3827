"use client";
// The sessions list's selected rows (lib/selection/row-selection.ts), kept across pages of one filter and dropped
// when the filter changes: actions on a selection never reach rows the list no longer shows.
import { useState } from "react";
import { clickPage, clickRow, NO_SELECTION, pageState, type RowSelection } from "@/lib/selection/row-selection";

export interface RowSelectionApi {
  selected: ReadonlySet<string>;
  isSelected: (id: string) => boolean;
  page: "all" | "some" | "none";
  /** A click on a row's box; `range`: shift was held. */
  click: (id: string, range: boolean) => void;
  clickPage: () => void;
  clear: () => void;
}

export function useRowSelection(filterKey: string, pageIds: readonly string[]): RowSelectionApi {
  const [state, setState] = useState<{ key: string; selection: RowSelection }>({
    key: filterKey,
    selection: NO_SELECTION,
  });
  const selection = state.key === filterKey ? state.selection : NO_SELECTION;
  const update = (next: RowSelection) => setState({ key: filterKey, selection: next });
  return {
    selected: selection.ids,
    isSelected: (id) => selection.ids.has(id),
    page: pageState(selection, pageIds),
    click: (id, range) => update(clickRow(selection, pageIds, id, range)),
    clickPage: () => update(clickPage(selection, pageIds)),
    clear: () => update(NO_SELECTION),
  };
}
