import { describe, expect, it } from "vitest";
import { blockDiff } from "./block-diff";
import { blocksOf, cellsOf } from "./blocks";

const ops = (before: string, after: string) => blockDiff(before, after).rows.map((r) => r.op);

describe("blocks of markdown", () => {
  it("cuts paragraphs, list items, headings, quotes, table rows and code lines", () => {
    const text = [
      "# Plan",
      "",
      "First paragraph",
      "continues here.",
      "",
      "- one",
      "  more of one",
      "- two",
      "",
      "> quoted",
      "",
      "| a | b |",
      "|---|---|",
      "| 1 | 2 |",
      "",
      "```ts",
      "const x = 1;",
      "```",
    ].join("\n");
    expect(blocksOf(text).map((b) => [b.kind, b.source])).toEqual([
      ["heading", "# Plan"],
      ["paragraph", "First paragraph\ncontinues here."],
      ["list-item", "- one\n  more of one"],
      ["list-item", "- two"],
      ["quote", "> quoted"],
      ["table-row", "| a | b |"],
      ["table-sep", "|---|---|"],
      ["table-row", "| 1 | 2 |"],
      ["code", "```ts"],
      ["code", "const x = 1;"],
      ["code", "```"],
    ]);
  });

  it("splits table cells at unescaped pipes", () => {
    expect(cellsOf("| a \\| b | c |")).toEqual(["a \\| b", "c"]);
    expect(cellsOf("x | y")).toEqual(["x", "y"]);
  });

  it("a pipe in prose is not a table", () => {
    expect(blocksOf("use a | b here\nand more").map((b) => b.kind)).toEqual(["paragraph"]);
  });
});

describe("block diff", () => {
  it("identical texts are all equal", () => {
    expect(ops("a\n\nb", "a\n\nb")).toEqual(["equal", "equal"]);
    expect(blockDiff("a", "a").stats).toEqual({ equal: 1, modified: 0, inserted: 0, deleted: 0, rewritten: 0 });
  });

  it("a small edit is one modified block with a word diff inside, the rest unchanged", () => {
    const before = "Intro stays.\n\nThe cache is stale after every deploy.\n\nOutro stays.";
    const after = "Intro stays.\n\nThe cache is fresh after every deploy.\n\nOutro stays.";
    const d = blockDiff(before, after);
    expect(d.rows.map((r) => r.op)).toEqual(["equal", "modify", "equal"]);
    const edit = d.rows[1]!;
    if (edit.op !== "modify") throw new Error("expected modify");
    expect(edit.words.filter((w) => w.op !== "equal").map((w) => [w.op, w.text])).toEqual([
      ["delete", "stale"],
      ["insert", "fresh"],
    ]);
  });

  it("a rewritten paragraph is a rewrite (before and after whole), not word soup", () => {
    const before = "Keep.\n\nPull the payment events from the queue and retry each one twice.";
    const after = "Keep.\n\nSwitch to the ledger export: it already holds reconciled totals per day.";
    const d = blockDiff(before, after);
    expect(d.rows.map((r) => r.op)).toEqual(["equal", "rewrite"]);
    const rw = d.rows[1]!;
    if (rw.op !== "rewrite") throw new Error("expected rewrite");
    expect(rw.before.map((b) => b.source)).toEqual([
      "Pull the payment events from the queue and retry each one twice.",
    ]);
    expect(rw.after.map((b) => b.source)).toEqual([
      "Switch to the ledger export: it already holds reconciled totals per day.",
    ]);
    expect(d.stats.rewritten).toBe(1);
  });

  it("added and removed blocks between unchanged ones are insertions and deletions", () => {
    expect(ops("a\n\nb\n\nc", "a\n\nc")).toEqual(["equal", "delete", "equal"]);
    expect(ops("a\n\nc", "a\n\nb\n\nc")).toEqual(["equal", "insert", "equal"]);
    expect(ops("", "new")).toEqual(["insert"]);
    expect(ops("old", "")).toEqual(["delete"]);
  });

  it("diffs a table by row and by cell", () => {
    const before = ["| step | time |", "|---|---|", "| fetch | 20 ms |", "| parse | 5 ms |", "| store | 9 ms |"].join(
      "\n",
    );
    const after = ["| step | time |", "|---|---|", "| fetch | 31 ms |", "| store | 9 ms |", "| index | 4 ms |"].join(
      "\n",
    );
    const d = blockDiff(before, after);
    expect(d.rows.map((r) => r.op)).toEqual(["equal", "equal", "modify", "delete", "equal", "insert"]);
    const row = d.rows[2]!;
    if (row.op !== "modify") throw new Error("expected modify");
    expect(row.cells?.map((c) => c.op)).toEqual(["equal", "modify"]);
    expect(row.cells?.[1]?.words?.filter((w) => w.op !== "equal").map((w) => w.text)).toEqual(["20", "31"]);
  });

  it("a rewritten table pairs no rows: its old and new rows are a rewrite", () => {
    const before = ["| region | owner |", "|---|---|", "| eu | ana |", "| us | bo |"].join("\n");
    const after = ["| service | latency p95 | errors |", "|---|---|---|", "| api | 120 | 0.1% |"].join("\n");
    const d = blockDiff(before, after);
    expect(d.rows.map((r) => r.op)).toEqual(["rewrite", "modify", "rewrite"]);
  });

  it("matches code line by line", () => {
    const before = "```\nconst a = 1;\nconst b = 2;\n```";
    const after = "```\nconst a = 1;\nconst b = 3;\n```";
    expect(ops(before, after)).toEqual(["equal", "equal", "modify", "equal"]);
  });

  it("keeps the blocks' order when a paragraph moves to a list item", () => {
    const d = blockDiff("Check the retry budget per request.", "- Check the retry budget per test.");
    expect(d.rows.map((r) => r.op)).toEqual(["modify"]);
  });

  it("stays cheap on a 50,000-character thought with one edit", () => {
    const paragraphs = Array.from({ length: 500 }, (_, i) => `Paragraph ${i} says something about step ${i}.`);
    const before = paragraphs.join("\n\n");
    const after = before.replace("about step 250.", "about step two hundred and fifty.");
    const d = blockDiff(before, after);
    expect(d.stats).toEqual({ equal: 499, modified: 1, inserted: 0, deleted: 0, rewritten: 0 });
  });
});
