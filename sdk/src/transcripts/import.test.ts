import { describe, expect, it } from "vitest";
import { completeText, progressBar } from "./import";

describe("progressBar", () => {
  it("fills in proportion to the sessions done", () => {
    expect(progressBar(0, 7)).toBe("[--------------------] 0/7");
    expect(progressBar(3, 7)).toBe("[########------------] 3/7");
    expect(progressBar(7, 7)).toBe("[####################] 7/7");
    expect(progressBar(0, 0)).toBe("[####################] 0/0");
  });
});

describe("completeText", () => {
  it("leaves out a last line still being written, and keeps a whole document", () => {
    expect(completeText('{"a":1}\n{"b":')).toBe('{"a":1}\n');
    expect(completeText('{"a":1}\n{"b":2}')).toBe('{"a":1}\n{"b":2}');
    expect(completeText('{\n  "messages": []\n}')).toBe('{\n  "messages": []\n}');
  });
});
