import { describe, expect, it } from "vitest";
import { previewOf } from "./outline";
import { toolCallPreview } from "./tool-preview";

describe("toolCallPreview", () => {
  it("shows a call's arguments without its name", () => {
    const text = '**Bash**\n\n```json\n{\n  "command": "npm test"\n}\n```';
    expect(toolCallPreview(previewOf(text), "Bash")).toBe('{ "command": "npm test" }');
  });

  it("keeps the tool's name for a call without arguments, and other text as it is", () => {
    expect(toolCallPreview(previewOf("**Read**"), "Read")).toBe("Read");
    expect(toolCallPreview("Bashful words", "Bash")).toBe("Bashful words");
    expect(toolCallPreview("run ls here", null)).toBe("run ls here");
  });
});
