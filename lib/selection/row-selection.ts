// Selecting rows of a list with checkboxes, as file managers do: a click toggles one row and makes it the anchor; a
// shift-click sets every row from the anchor to the clicked one to the clicked row's new state; the header's box
// selects the whole page, or clears it when the page is all selected. Pure, over the ids of the page as shown.

export interface RowSelection {
  readonly ids: ReadonlySet<string>;
  /** The row last clicked without shift: where a shift-click's range starts. */
  readonly anchor: string | null;
}

export const NO_SELECTION: RowSelection = { ids: new Set(), anchor: null };

/** A click on row `id`'s box; `range`: shift was held. */
export function clickRow(selection: RowSelection, page: readonly string[], id: string, range: boolean): RowSelection {
  const on = !selection.ids.has(id);
  const ids = new Set(selection.ids);
  const from = range && selection.anchor !== null ? page.indexOf(selection.anchor) : -1;
  const to = page.indexOf(id);
  if (from === -1 || to === -1) {
    if (on) ids.add(id);
    else ids.delete(id);
    return { ids, anchor: id };
  }
  for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
    if (on) ids.add(page[i]!);
    else ids.delete(page[i]!);
  }
  // The anchor stays: a second shift-click measures from the same row, as in file managers.
  return { ids, anchor: selection.anchor };
}

/** How much of the page is selected: the header box is checked, mixed or clear. */
export function pageState(selection: RowSelection, page: readonly string[]): "all" | "some" | "none" {
  const n = page.filter((id) => selection.ids.has(id)).length;
  return n === 0 ? "none" : n === page.length ? "all" : "some";
}

/** The header box: selects every row of the page, or clears the page's rows when all are selected. */
export function clickPage(selection: RowSelection, page: readonly string[]): RowSelection {
  const ids = new Set(selection.ids);
  if (pageState(selection, page) === "all") for (const id of page) ids.delete(id);
  else for (const id of page) ids.add(id);
  return { ids, anchor: selection.anchor };
}
