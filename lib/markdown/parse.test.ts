import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown } from "./parse";

describe("safe markdown", () => {
  it("keeps HTML as text", () => {
    expect(parseMarkdown('<img src=x onerror="alert(1)"><script>alert(2)</script>')).toEqual([
      { t: "p", c: [{ t: "text", v: '<img src=x onerror="alert(1)"><script>alert(2)</script>' }] },
    ]);
  });

  it("allows only http, https and mailto links", () => {
    expect(parseInline("[ok](https://example.org)")).toEqual([
      { t: "link", href: "https://example.org", c: [{ t: "text", v: "ok" }] },
    ]);
    expect(parseInline("[bad](javascript:alert(1))")).toEqual([{ t: "text", v: "[bad](javascript:alert(1))" }]);
  });

  it("parses the common blocks", () => {
    const blocks = parseMarkdown("# Plan\n\n1. check **cache**\n2. run `tests`\n\n```ts\nconst a = 1;\n```\n> note");
    expect(blocks.map((b) => b.t)).toEqual(["h", "list", "code", "quote"]);
    expect(blocks[1]).toMatchObject({ t: "list", ordered: true });
    expect(blocks[2]).toEqual({ t: "code", lang: "ts", v: "const a = 1;" });
  });

  it("leaves unmatched markers as text", () => {
    expect(parseInline("2 * 3 = 6 and a_b")).toEqual([{ t: "text", v: "2 * 3 = 6 and a_b" }]);
  });
});
