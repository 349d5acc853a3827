import { describe, expect, it } from "vitest";
import { escapeMarkdownText } from "./escape";

describe("escapeMarkdownText", () => {
  it.each([
    ["a script tag", "<script>alert(1)</script>", "&lt;script>alert(1)&lt;/script>"],
    ["an image with onerror", '<img src=x onerror="alert(1)">', '&lt;img src=x onerror="alert(1)">'],
    ["an autolink to javascript:", "<javascript:alert(1)>", "&lt;javascript:alert(1)>"],
    ["a javascript: link", "[click](javascript:alert(1))", "[click]\\(javascript:alert(1))"],
    ["a spaced JavaScript: link", "[x]( JavaScript:alert(1))", "[x]\\( JavaScript:alert(1))"],
    ["a data: link", "[x](data:text/html,hi)", "[x]\\(data:text/html,hi)"],
    ["a scheme spelled with an entity", "[x](jav&#x61;script:1)", "[x]\\(jav&amp;#x61;script:1)"],
    ["a reference definition", "[x]: javascript:alert(1)", "\\[x]: javascript:alert(1)"],
  ])("neutralises %s", (_, input, output) => {
    expect(escapeMarkdownText(input)).toBe(output);
  });

  it.each([
    ["an https link", "see [docs](https://example.com/a?b=1)"],
    ["a mailto link", "[mail](mailto:a@example.com)"],
    ["a relative link", "[next](notes/next.md)"],
    ["plain prose with > and code", "if x > 3 then `run()`; **bold** and _em_"],
  ])("leaves %s as it was", (_, input) => {
    expect(escapeMarkdownText(input)).toBe(input);
  });
});
