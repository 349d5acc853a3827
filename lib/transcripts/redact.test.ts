import { describe, expect, it } from "vitest";
import { DEFAULT_REDACTIONS, redactionPattern, redactTranscript } from "./redact";

describe("redactTranscript", () => {
  it("replaces common secret shapes in every string of every record, keeping the JSON valid", () => {
    const line = JSON.stringify({
      type: "user",
      message: {
        content:
          'export ANTHROPIC_API_KEY=sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv and "Authorization: Bearer abc.def.ghijklmnopqrstu"',
      },
      toolUseResult: { stdout: "AKIAABCDEFGHIJKLMNOP ghp_0123456789abcdefghijABCDEFGHIJ0123456789" },
    });
    const out = redactTranscript(`${line}\n`, DEFAULT_REDACTIONS);
    const parsed = JSON.parse(out.split("\n")[0]!) as {
      message: { content: string };
      toolUseResult: { stdout: string };
    };
    expect(parsed.message.content).toBe('export ANTHROPIC_API_KEY=[REDACTED] and "Authorization: [REDACTED]"');
    expect(parsed.toolUseResult.stdout).toBe("[REDACTED] [REDACTED]");
  });

  it("leaves prose alone, and takes patterns from the command line", () => {
    expect(redactTranscript('{"a":"a skeptic asked"}', DEFAULT_REDACTIONS)).toBe('{"a":"a skeptic asked"}');
    expect(redactTranscript('{\n  "k": "sk-proj-0123456789abcdefXYZ"\n}', DEFAULT_REDACTIONS)).toBe(
      '{\n  "k": "[REDACTED]"\n}',
    );
    const p = redactionPattern("/acme-[0-9]+/i");
    expect(redactTranscript('{"a":"ticket ACME-42"}\n', [p])).toBe('{"a":"ticket [REDACTED]"}\n');
    expect(redactTranscript('{"a":"x\\"y"}\n', [redactionPattern('"')])).toBe('{"a":"x[REDACTED]y"}\n');
  });
});
