import { describe, expect, it } from "vitest";
import { FOLD_CHARS, foldAt } from "./fold";

describe("foldAt", () => {
  it("a short text shows whole", () => {
    expect(foldAt("short")).toBeNull();
    expect(foldAt("x".repeat(FOLD_CHARS))).toBeNull();
  });

  it("a long text folds at a paragraph break before the limit", () => {
    const text = `${"a".repeat(900)}\n\n${"b".repeat(900)}\n\n${"c".repeat(900)}`;
    expect(foldAt(text)).toBe(900);
  });

  it("many short lines fold after 24 lines", () => {
    const text = Array.from({ length: 60 }, (_, i) => `line ${i}`).join("\n");
    const cut = foldAt(text)!;
    expect(text.slice(0, cut).split("\n").length).toBeLessThanOrEqual(24);
  });

  it("never cuts inside a code fence", () => {
    const text = `Intro.\n\n\`\`\`\n${"code line\n".repeat(200)}\`\`\`\n\nAfter.`;
    expect(foldAt(text)).toBe("Intro.\n\n".length);
  });

  it("a 50,000-character thought without breaks folds at a space", () => {
    const text = "word ".repeat(10_000);
    const cut = foldAt(text)!;
    expect(cut).toBeLessThanOrEqual(FOLD_CHARS);
    expect(text[cut]).toBe(" ");
  });
});
