// One span through the convention it speaks. A span may carry several (the AI SDK's spans also set gen_ai.* request
// and usage attributes; OpenInference instrumentors sometimes copy gen_ai.*): the most specific reader wins.
import "@/server/server-only";
import type { OtlpSpan } from "../spans";
import { readAiSdkSpan } from "./ai-sdk";
import { readGenAiSpan } from "./genai";
import { readOpenInferenceSpan } from "./openinference";
import { EMPTY, type SpanReading } from "./reading";

export function readSpan(span: OtlpSpan): SpanReading {
  return readAiSdkSpan(span) ?? readOpenInferenceSpan(span) ?? readGenAiSpan(span) ?? EMPTY;
}
