import { describe, expect, it } from "vitest";
import { plainLine, plainPreview, plainText } from "./plain";

describe("plainText", () => {
  it("keeps underscores in code spans and identifiers", () => {
    expect(plainLine("Run `webhook_retry_test.py::test_retries_with_backoff` first")).toBe(
      "Run webhook_retry_test.py::test_retries_with_backoff first",
    );
    expect(plainLine("the my_var and __init__x names")).toBe("the my_var and __init__x names");
  });
  it("strips emphasis, headings, bullets, task boxes and links", () => {
    expect(plainLine("## **Plan**: *retry* it")).toBe("Plan: retry it");
    expect(plainLine("- [x] done [docs](https://example.com)")).toBe("done docs");
    expect(plainLine("> quoted")).toBe("quoted");
  });
  it("reads a table as its cells and drops separator rows and fences", () => {
    expect(plainText("| a | b |\n|---|:-:|\n| 1 | 2 |")).toBe("a · b 1 · 2");
    expect(plainText("Before\n```ts\nconst x = 1;\n```")).toBe("Before const x = 1;");
  });
  it("never turns markup into anything but text", () => {
    expect(plainText("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
    const payload = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
    expect(plainText(payload)).toBe(payload);
  });
});

describe("plainPreview", () => {
  // Each: what an agent wrote, and the graph node's preview of it.
  const cases: [string, string, string][] = [
    [
      "a table: its cells, not its pipes and dashes",
      "| runner | failures |\n|---|---|\n| linux | 3 |\n| macos | 0 |",
      "runner · failures linux · 3 macos · 0",
    ],
    ["a table without edge pipes", "runner | failures\n--- | ---\nlinux | 3", "runner · failures linux · 3"],
    [
      "emphasis and code marks",
      "**Plan**: retry `flaky_test` with *backoff* and __jitter__",
      "Plan: retry flaky_test with backoff and jitter",
    ],
    ["strikethrough", "~~old idea~~ new idea", "old idea new idea"],
    ["a heading and a list", "## Findings\n\n- first\n- second\n1. third", "Findings first second third"],
    [
      "a fenced block keeps its code, drops its fences",
      "Run:\n```sh\nnpm test\n```\nthen look",
      "Run: npm test then look",
    ],
    ["a thematic break and a setext underline", "Title\n=====\n\nbody\n\n---\n\nmore", "Title body more"],
    ["an image reads as its alt text", "See ![the chart](https://example.com/c.png) here", "See the chart here"],
    [
      "a link of any target reads as its text",
      "[docs](https://example.com) and [x](javascript:alert(1))",
      "docs and x",
    ],
    ["an autolink reads as its address", "at <https://example.com/a>", "at https://example.com/a"],
    ["backslash escapes read as the character", "2 \\* 3 and \\_not emphasis\\_", "2 * 3 and _not emphasis_"],
    ["a reference definition is dropped", "See [the spec][s].\n\n[s]: https://example.com/spec", "See the spec."],
    ["HTML stays text", "<b>bold</b> <script>x</script>", "<b>bold</b> <script>x</script>"],
    ["whitespace runs and line ends", "  one\t two  \n\n three ", "one two three"],
  ];
  it.each(cases)("%s", (_, markdown, preview) => {
    expect(plainPreview(markdown, 160)).toBe(preview);
  });

  it("cuts at the limit with an ellipsis, counting the plain text, not the marks", () => {
    const cell = "x".repeat(30);
    const table = `| ${cell} | ${cell} |\n|---|---|\n`.concat(`| ${cell} | ${cell} |\n`.repeat(20));
    const preview = plainPreview(table, 100);
    expect(preview).toHaveLength(100);
    expect(preview.endsWith("…")).toBe(true);
    expect(preview).not.toMatch(/[|-]{2}/);
    expect(plainPreview("**" + "y".repeat(101) + "**", 100)).toBe("y".repeat(99) + "…");
    expect(plainPreview("**" + "y".repeat(101) + "**", 101)).toBe("y".repeat(101));
  });

  it("reads a long thought's head only, whatever its length", () => {
    const long = "word ".repeat(40_000);
    expect(plainPreview(long, 160)).toBe(`${"word ".repeat(32).slice(0, 159)}…`);
    // A head of blank lines and fences gives nothing: the lines after it are read.
    expect(plainPreview(`${"\n".repeat(5_000)}\`\`\`\n\`\`\`\nfinally`, 160)).toBe("finally");
  });
});
