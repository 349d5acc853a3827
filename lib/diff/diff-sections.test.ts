import { describe, expect, it } from "vitest";
import { blockDiff } from "./block-diff";
import { diffSections, sectionStats } from "./diff-sections";

const sections = (before: string, after: string) => diffSections(blockDiff(before, after).rows);
const kinds = (before: string, after: string) => sections(before, after).map((s) => s.kind);

describe("diff sections", () => {
  it("a rewritten table is one rewrite of the whole table, before and after as markdown", () => {
    const before = ["| region | owner |", "|---|---|", "| eu | ana |", "| us | bo |"].join("\n");
    const after = ["| service | latency p95 |", "|---|---|", "| api | 120 |"].join("\n");
    expect(sections(before, after)).toEqual([{ kind: "rewrite", before, after }]);
  });

  it("a table with one edited row is a table section with every row of the table", () => {
    const before = ["| step | time |", "|---|---|", "| fetch | 20 ms |", "| store | 9 ms |"].join("\n");
    const after = ["| step | time |", "|---|---|", "| fetch | 31 ms |", "| store | 9 ms |"].join("\n");
    const s = sections(before, after);
    expect(s.map((x) => x.kind)).toEqual(["table"]);
    if (s[0]!.kind !== "table") throw new Error("expected a table");
    expect(s[0]!.rows.map((r) => r.op)).toEqual(["equal", "equal", "modify", "equal"]);
  });

  it("an unchanged table is markdown again", () => {
    const table = ["| a | b |", "|---|---|", "| 1 | 2 |"].join("\n");
    expect(sections(`${table}\n\nold words here`, `${table}\n\nold words there`)).toEqual([
      { kind: "markdown", op: "equal", markdown: table, blocks: 3 },
      expect.objectContaining({ kind: "edit", before: "old words here", after: "old words there" }),
    ]);
  });

  it("code lines are one code section with a state per line", () => {
    const s = sections("```\na\nb\n```", "```\na\nc\n```");
    expect(s.map((x) => x.kind)).toEqual(["code"]);
    if (s[0]!.kind !== "code") throw new Error("expected code");
    expect(s[0]!.lines.map((l) => l.op)).toEqual(["equal", "equal", "delete", "insert", "equal"]);
  });

  it("folds a long unchanged run, keeping one block beside each change", () => {
    const paragraphs = Array.from({ length: 10 }, (_, i) => `Paragraph number ${i} of the plan.`);
    const after = [...paragraphs];
    after[5] = "Paragraph number 5 of the revised plan.";
    const s = sections(paragraphs.join("\n\n"), after.join("\n\n"));
    expect(s.map((x) => (x.kind === "folded" || x.kind === "markdown" ? `${x.kind}:${x.blocks}` : x.kind))).toEqual([
      "folded:4",
      "markdown:1",
      "edit",
      "markdown:1",
      "folded:3",
    ]);
  });

  it("added and removed paragraphs are markdown marked insert or delete", () => {
    expect(sections("a\n\nb", "a")).toEqual([
      { kind: "markdown", op: "equal", markdown: "a", blocks: 1 },
      { kind: "markdown", op: "delete", markdown: "b", blocks: 1 },
    ]);
    expect(kinds("a", "a\n\n- x\n- y")).toEqual(["markdown", "markdown"]);
    expect(sections("a", "a\n\n- x\n- y")[1]).toEqual({
      kind: "markdown",
      op: "insert",
      markdown: "- x\n- y",
      blocks: 2,
    });
  });

  it("an edit's words are the text as read, without markdown markers", () => {
    const s = sections("**Step 4.** Look at the cache.", "**Step 4.** Look at the ledger.");
    if (s[0]!.kind !== "edit") throw new Error("expected an edit");
    expect(s[0]!.words.map((w) => [w.op, w.text])).toEqual([
      ["equal", "Step 4. Look at the "],
      ["delete", "cache"],
      ["insert", "ledger"],
      ["equal", "."],
    ]);
  });

  it("a paragraph and a table both rewritten read as a rewritten paragraph and a rewritten table", () => {
    const before = "Pull the events and retry twice.\n\n| step | ms |\n|---|---|\n| fetch | 20 |";
    const after = "Switch to the ledger export instead.\n\n| service | errors |\n|---|---|\n| api | 0.1% |";
    expect(sectionStats(sections(before, after))).toMatchObject({ rewritten: 2, modified: 0 });
    expect(sections(before, after)).toEqual([
      { kind: "rewrite", before: "Pull the events and retry twice.", after: "Switch to the ledger export instead." },
      {
        kind: "rewrite",
        before: "| step | ms |\n|---|---|\n| fetch | 20 |",
        after: "| service | errors |\n|---|---|\n| api | 0.1% |",
      },
    ]);
  });
});
