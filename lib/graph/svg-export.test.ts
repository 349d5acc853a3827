import { describe, expect, it } from "vitest";
import { graphSvg, wrapPreview, xmlText, type SvgThought } from "./svg-export";

const thought = (seq: number, extra: Partial<SvgThought> = {}): SvgThought => ({
  id: `t${seq}`,
  seq,
  thoughtNumber: seq,
  totalThoughts: 8,
  branchId: null,
  branchFromThoughtId: null,
  revisesThoughtId: null,
  stage: null,
  flags: [],
  preview: `Thought number ${seq} looks at the caches`,
  ...extra,
});

/** Eight thoughts: a main line, a revision of 2, a branch from 3, a hostile preview. */
const EIGHT = [
  thought(1),
  thought(2, { preview: '<script>alert("x")</script> & <b>bold</b>' }),
  thought(3, { stage: "Analysis" }),
  thought(4, { revisesThoughtId: "t2", flags: ["revises_later_thought"] }),
  thought(5, { branchId: "alt", branchFromThoughtId: "t3" }),
  thought(6, { branchId: "alt" }),
  thought(7),
  thought(8),
];

describe("graphSvg", () => {
  const svg = graphSvg(EIGHT);

  it("draws shapes and text only: a node per thought, an edge per link, the revises label", () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/foreignObject|var\(--|<img|<div/i);
    expect(svg.match(/<g class="node"/g)).toHaveLength(8);
    expect(svg.match(/<path /g)).toHaveLength(8); // 6 next (5 on main, 1 on alt), 1 fork, 1 revises
    expect(svg.match(/stroke-dasharray/g)).toHaveLength(1);
    expect(svg).toContain(">revises</text>");
  });

  it("holds each node's text escaped, never markup", () => {
    expect(svg).toContain(">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;</text>");
    expect(svg).toContain(">&lt;b&gt;bold&lt;/b&gt;</text>");
    expect(svg).not.toContain("<script");
    for (const t of EIGHT) for (const line of wrapPreview(t.preview)) expect(svg).toContain(`>${xmlText(line)}</text>`);
    expect(svg).toContain("3/8 · Analysis");
    expect(svg).toContain("5/8 · branch alt");
  });

  it("is a few kilobytes for eight nodes", () => {
    expect(Buffer.byteLength(svg)).toBeLessThan(16_000);
  });

  it("drops characters XML cannot hold", () => {
    expect(xmlText("a\u0001b\u0000c")).toBe("abc");
  });
});

describe("wrapPreview", () => {
  it("breaks at words into at most three lines, marking a cut", () => {
    const lines = wrapPreview("word ".repeat(40));
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.length <= 34)).toBe(true);
    expect(lines[2]!.endsWith("…")).toBe(true);
    expect(wrapPreview("short")).toEqual(["short"]);
  });
});
