import { describe, expect, it } from "vitest";
import { plainLine, plainText } from "./plain";

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
