import { describe, expect, it } from "vitest";
import { highlightHtml } from "./highlight-html";

describe("highlightHtml", () => {
  it("marks the seed's example as the seed does", () => {
    const text = "User prefers dark mode for all applications";
    const ranges = [
      { start: 13, end: 17 },
      { start: 18, end: 22 },
    ];
    expect(highlightHtml(text, ranges)).toBe("User prefers <b>dark mode</b> for all applications");
  });

  it("escapes the text, inside and outside the marks", () => {
    const text = `a <img src=x onerror="alert('1')"> & <b>bold</b>`;
    const at = text.indexOf("img");
    expect(highlightHtml(text, [{ start: at, end: at + 3 }])).toBe(
      "a &lt;<b>img</b> src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; &lt;b&gt;bold&lt;/b&gt;",
    );
  });

  it("keeps matches with other text between them apart, and text without matches plain", () => {
    expect(
      highlightHtml("dark, mode", [
        { start: 0, end: 4 },
        { start: 6, end: 10 },
      ]),
    ).toBe("<b>dark</b>, <b>mode</b>");
    expect(highlightHtml("x < y", [])).toBe("x &lt; y");
  });
});
