import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv";

describe("csvField", () => {
  it.each([
    ["plain text", "plain", "plain"],
    ["a comma", "a,b", '"a,b"'],
    ["a quote", 'say "hi"', '"say ""hi"""'],
    ["a line break", "one\ntwo", '"one\ntwo"'],
    ["a CRLF", "one\r\ntwo", '"one\r\ntwo"'],
    ["a formula", '=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["a plus", "+1+1", "'+1+1"],
    ["a minus", "-2+3", "'-2+3"],
    ["an at", "@SUM(A1)", "'@SUM(A1)"],
    ["a leading tab", "\t=1", "'\t=1"],
    ["a leading CR", "\r=1", '"\'\r=1"'],
    ["an empty string", "", ""],
  ])("writes %s", (_, input, output) => {
    expect(csvField(input)).toBe(output);
  });

  it("writes numbers as numbers and null as empty", () => {
    expect(csvField(-0.5)).toBe("-0.5");
    expect(csvField(3)).toBe("3");
    expect(csvField(null)).toBe("");
    expect(csvField(Number.NaN)).toBe("");
  });
});

describe("toCsv", () => {
  it("ends every line with CRLF, header first", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x", 1],
          [null, "y,z"],
        ],
      ),
    ).toBe('a,b\r\nx,1\r\n,"y,z"\r\n');
  });
});
