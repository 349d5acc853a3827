import type { Element, Root } from "hast";
import { describe, expect, it } from "vitest";
import { occurrenceBefore, rehypeAnchorMarks } from "./anchor-marks";

const text = (value: string) => ({ type: "text" as const, value });
const el = (tagName: string, children: Element["children"]): Element => ({
  type: "element",
  tagName,
  properties: {},
  children,
});
/** The tree as a string: marks in [brackets], elements as <tag>…</tag>. */
function show(node: Root | Element): string {
  return node.children
    .map((c) =>
      c.type === "text"
        ? c.value
        : c.type === "element"
          ? c.tagName === "mark"
            ? `[${show(c)}]`
            : `<${c.tagName}>${show(c)}</${c.tagName}>`
          : "",
    )
    .join("");
}
const run = (tree: Root, wants: { text: string; nth: number }[]) => {
  rehypeAnchorMarks({ wants })(tree);
  return show(tree);
};

describe("rehypeAnchorMarks", () => {
  it("marks the n-th occurrence of an anchor's words, counted across text runs in document order", () => {
    const tree: Root = { type: "root", children: [el("p", [text("retry the retry")]), el("p", [text("one retry")])] };
    expect(run(tree, [{ text: "retry", nth: 2 }])).toBe("<p>retry the retry</p><p>one [retry]</p>");
  });

  it("never marks inside code, and a phrase split by formatting stays unmarked", () => {
    const tree: Root = {
      type: "root",
      children: [el("p", [el("code", [text("budget")]), text(" the "), el("strong", [text("bud")]), text("get")])],
    };
    expect(run(tree, [{ text: "budget", nth: 0 }])).toBe("<p><code>budget</code> the <strong>bud</strong>get</p>");
  });

  it("marks inside list items and table cells; overlapping anchors keep the first", () => {
    const tree: Root = {
      type: "root",
      children: [el("ul", [el("li", [text("cache the export")])]), el("table", [el("td", [text("export job")])])],
    };
    expect(
      run(tree, [
        { text: "cache the", nth: 0 },
        { text: "the export", nth: 0 },
        { text: "job", nth: 0 },
      ]),
    ).toBe("<ul><li>[cache the] export</li></ul><table><td>export [job]</td></table>");
  });

  it("carries the test id and the highlight class on the mark", () => {
    const tree: Root = { type: "root", children: [el("p", [text("a phrase")])] };
    rehypeAnchorMarks({ wants: [{ text: "phrase", nth: 0 }] })(tree);
    const mark = (tree.children[0] as Element).children[1] as Element;
    expect(mark.tagName).toBe("mark");
    expect(mark.properties.dataTestid).toBe("comment-anchor");
  });
});

describe("occurrenceBefore", () => {
  it("counts the occurrences that start before an offset", () => {
    expect(occurrenceBefore("a b a b a", "a", 4)).toBe(1);
    expect(occurrenceBefore("a b a b a", "a", 8)).toBe(2);
    expect(occurrenceBefore("a b a b a", "a", 0)).toBe(0);
  });
});
