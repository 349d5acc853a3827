import { describe, expect, it } from "vitest";
import { PREVIEW_CHARS } from "../contracts/zod-free";
import { previewOf } from "./outline";

/** For text without Markdown: the whole text flattened, then cut. previewOf must give exactly this. */
function flattenedThenCut(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
}

describe("previewOf", () => {
  const word = (n: number) => "w".repeat(n);
  const cases: [string, string][] = [
    ["plain short", "A plain thought."],
    ["empty", ""],
    ["only whitespace", " \n\t "],
    ["leading and trailing", "  padded\n"],
    ["a tab", "a\tb"],
    ["no-break space", "a\u00a0b"],
    ["double space", "a  b"],
    ["exactly the limit", word(PREVIEW_CHARS)],
    ["one over the limit", word(PREVIEW_CHARS + 1)],
    ["long and flat", `${word(50)} `.repeat(100)],
    ["head of whitespace runs", `${" ".repeat(700)}${word(10)}${"\n".repeat(700)}${word(300)}`],
    ["whitespace at the head's edge", `${word(4 * PREVIEW_CHARS - 1)}   ${word(20)}`],
    ["short words, many newlines", "a\n\n\nb\n".repeat(400)],
  ];
  it.each(cases)("%s: the whole text flattened, then cut", (_, text) => {
    expect(previewOf(text)).toBe(flattenedThenCut(text));
  });
});

describe("previewOf: the plain text of the markdown", () => {
  it("shows a table's cells and no marks", () => {
    expect(previewOf("Flaky runs:\n\n| runner | failures |\n|---|---|\n| linux | **3** |")).toBe(
      "Flaky runs: runner · failures linux · 3",
    );
    expect(previewOf("Retry `webhook_retry` with *backoff*")).toBe("Retry webhook_retry with backoff");
  });
});
