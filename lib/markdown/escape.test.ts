import { describe, expect, it } from "vitest";
import { HOSTILE_MARKDOWN, harmlessUrl, renderMarkdown } from "@/test/support/render-markdown";
import { escapeMarkdownText } from "./escape";

describe("escapeMarkdownText", () => {
  it.each(HOSTILE_MARKDOWN)("neutralises %s", (_, input, hostileHere) => {
    const before = renderMarkdown(input);
    expect(before.raw.length > 0 || before.urls.some((u) => !harmlessUrl(u))).toBe(hostileHere);
    const after = renderMarkdown(escapeMarkdownText(input));
    expect(after.raw).toEqual([]);
    expect(after.urls.filter((u) => !harmlessUrl(u))).toEqual([]);
    // A spelling this renderer happens to defuse (a browser or another viewer may not) links nowhere at all (GFM
    // still links the e-mail address inside `xmpp:name@host`, as mailto).
    if (!hostileHere) expect(after.urls.filter((u) => !u.startsWith("mailto:"))).toEqual([]);
  });

  it.each([
    ["a script tag", "<script>alert(1)</script>", "\\<script>alert(1)\\</script>"],
    ["an autolink", "<javascript:alert(1)>", "\\<javascript:alert(1)>"],
    ["a javascript: link", "[click](javascript:alert(1))", "[click]\\(javascript:alert(1))"],
    ["a reference definition", "[x]: data:text/html,hi", "[x]\\: data:text/html,hi"],
    ["an escaped <", "\\<b> stays \\<b>", "\\<b> stays \\<b>"],
    ["a comparison", "a < b", "a \\< b"],
  ])("escapes %s with backslashes, readable unrendered", (_, input, output) => {
    expect(escapeMarkdownText(input)).toBe(output);
  });

  it.each([
    ["a script tag", "<script>alert(1)</script>"],
    ["an image tag", '<img src=x onerror="alert(1)">'],
    ["a comparison", "if a < b && c > d"],
    ["a neutralised link", "[click](javascript:alert(1))"],
  ])("renders %s as the characters written", (_, input) => {
    expect(renderMarkdown(escapeMarkdownText(input)).text).toBe(input);
  });

  it.each([
    ["an https link", "see [docs](https://example.com/a?b=1&c=2)"],
    ["an http image", "![chart](http://example.com/c.png)"],
    ["a mailto link", "[mail](MAILTO:a@example.com)"],
    ["a relative link", "[next](notes/next.md)"],
    ["an anchor link", "[top](#top)"],
    ["a reference definition to https", "[docs]\n\n[docs]: https://example.com"],
    ["plain prose with > and code", "if x > 3 then `run()`; **bold** and _em_ & more"],
  ])("leaves %s as it was", (_, input) => {
    expect(escapeMarkdownText(input)).toBe(input);
  });

  it("stays linear on a text of many brackets", () => {
    const text = "](".repeat(50_000) + "javascript:alert(1))";
    expect(escapeMarkdownText(text).length).toBeGreaterThan(text.length);
  });
});
