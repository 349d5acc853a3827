import { describe, expect, it } from "vitest";
import { clickPage, clickRow, NO_SELECTION, pageState, type RowSelection } from "./row-selection";

const page = ["a", "b", "c", "d", "e"];
const ids = (s: RowSelection) => [...s.ids].sort();

describe("row selection", () => {
  it("toggles one row per click and makes it the anchor", () => {
    const one = clickRow(NO_SELECTION, page, "b", false);
    expect(ids(one)).toEqual(["b"]);
    expect(one.anchor).toBe("b");
    const none = clickRow(one, page, "b", false);
    expect(ids(none)).toEqual([]);
  });

  it("selects the range from the anchor with shift, either way up", () => {
    const down = clickRow(clickRow(NO_SELECTION, page, "b", false), page, "d", true);
    expect(ids(down)).toEqual(["b", "c", "d"]);
    const up = clickRow(clickRow(NO_SELECTION, page, "d", false), page, "a", true);
    expect(ids(up)).toEqual(["a", "b", "c", "d"]);
  });

  it("sets the range to the clicked row's new state: a shift-click on a selected row clears the range", () => {
    const all = clickPage(NO_SELECTION, page);
    const anchored = clickRow(clickRow(all, page, "b", false), page, "b", false); // b off, then on again
    const cleared = clickRow(anchored, page, "d", true);
    expect(ids(cleared)).toEqual(["a", "e"]);
  });

  it("keeps the anchor for a second shift-click, and keeps rows of other pages", () => {
    const other = clickRow(NO_SELECTION, ["x", "y"], "x", false);
    const first = clickRow(clickRow(other, page, "c", false), page, "e", true);
    expect(ids(first)).toEqual(["c", "d", "e", "x"]);
    const second = clickRow(first, page, "a", true);
    expect(ids(second)).toEqual(["a", "b", "c", "d", "e", "x"]);
  });

  it("toggles one row with shift when the anchor is not on this page", () => {
    const other = clickRow(NO_SELECTION, ["x", "y"], "x", false);
    expect(ids(clickRow(other, page, "c", true))).toEqual(["c", "x"]);
  });

  it("selects the page from the header box, and clears it when it is all selected", () => {
    expect(pageState(NO_SELECTION, page)).toBe("none");
    const some = clickRow(NO_SELECTION, page, "c", false);
    expect(pageState(some, page)).toBe("some");
    const all = clickPage(some, page);
    expect(pageState(all, page)).toBe("all");
    expect(ids(clickPage(all, page))).toEqual([]);
  });
});
