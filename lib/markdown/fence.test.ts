import { describe, expect, it } from "vitest";
import { fenced } from "./fence";

describe("fenced", () => {
  it("fences with three backticks, or one more than the text's longest run, so the text cannot close it", () => {
    expect(fenced("a", "json")).toBe("```json\na\n```");
    expect(fenced("x ```` y\n```")).toBe("`````\nx ```` y\n```\n`````");
  });

  it("takes a text of many backtick runs (no spread of every run into one call)", () => {
    expect(fenced("`a".repeat(300_000)).startsWith("```\n")).toBe(true);
  });
});
