import { describe, expect, it } from "vitest";
import { parseInline } from "./parse";

describe("safe markdown", () => {
  it("keeps HTML as text", () => {
    expect(parseInline('<img src=x onerror="alert(1)"><script>alert(2)</script>')).toEqual([
      { t: "text", v: '<img src=x onerror="alert(1)"><script>alert(2)</script>' },
    ]);
  });

  it("keeps a link's target only when it is http, https or mailto", () => {
    expect(parseInline("[ok](https://example.org)")).toEqual([
      { t: "link", href: "https://example.org", c: [{ t: "text", v: "ok" }] },
    ]);
    expect(parseInline("[bad](javascript:alert(1))")).toEqual([
      { t: "link", href: null, c: [{ t: "text", v: "bad" }] },
    ]);
    expect(parseInline("<JaVaScRiPt:alert(1)>")).toEqual([
      { t: "link", href: null, c: [{ t: "text", v: "JaVaScRiPt:alert(1)" }] },
    ]);
  });

  it("keeps underscores inside words as written", () => {
    const xss = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    expect(parseInline(xss)).toEqual([{ t: "text", v: xss }]);
    expect(parseInline("my_var and other_var")).toEqual([{ t: "text", v: "my_var and other_var" }]);
    expect(parseInline("a _real_ emphasis and __strong__ text")).toEqual([
      { t: "text", v: "a " },
      { t: "em", c: [{ t: "text", v: "real" }] },
      { t: "text", v: " emphasis and " },
      { t: "strong", c: [{ t: "text", v: "strong" }] },
      { t: "text", v: " text" },
    ]);
    expect(parseInline("**bold**")).toEqual([{ t: "strong", c: [{ t: "text", v: "bold" }] }]);
  });

  it("leaves unmatched markers as text", () => {
    expect(parseInline("2 * 3 = 6 and a_b")).toEqual([{ t: "text", v: "2 * 3 = 6 and a_b" }]);
  });
});
