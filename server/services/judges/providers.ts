// A connection as an AI SDK language model: @ai-sdk/openai-compatible (Ollama, vLLM, LM Studio, any server speaking
// OpenAI's Chat Completions), @ai-sdk/openai (Chat Completions too, so one protocol serves both) or @ai-sdk/anthropic
// (Messages). Every call goes through guardedFetch (./outbound-fetch.ts), and the key is always passed explicitly:
// without one the SDKs would fall back to the server's own OPENAI_API_KEY / ANTHROPIC_API_KEY and send it to whatever
// base URL the connection names.
import "@/server/server-only";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { ModelProvider } from "@/lib/contracts/judges";
import { guardedFetch } from "./outbound-fetch";

/** A connection with its key opened: what a call needs. */
export interface OpenConnection {
  id: string;
  provider: ModelProvider;
  baseUrl: string | null;
  apiKey: string | null;
  allowPrivateNetwork: boolean;
  timeoutMs: number;
  inputPricePerMTok: number | null;
  outputPricePerMTok: number | null;
}

export const DEFAULT_BASE_URLS: Record<Exclude<ModelProvider, "openai-compatible">, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
};

/** The base URL calls go to. */
export function baseUrlOf(c: Pick<OpenConnection, "provider" | "baseUrl">): string {
  const url = c.baseUrl ?? (c.provider === "openai-compatible" ? "" : DEFAULT_BASE_URLS[c.provider]);
  return url.replace(/\/+$/, "");
}

export function fetchFor(c: OpenConnection): typeof fetch {
  return guardedFetch({ allowPrivateNetwork: c.allowPrivateNetwork, timeoutMs: c.timeoutMs });
}

export function languageModel(c: OpenConnection, modelId: string): LanguageModel {
  const fetch = fetchFor(c);
  const baseURL = baseUrlOf(c);
  const apiKey = c.apiKey ?? "";
  switch (c.provider) {
    case "openai-compatible":
      return createOpenAICompatible({
        name: "thoughtgraph",
        baseURL,
        ...(c.apiKey ? { apiKey } : {}),
        fetch,
        supportsStructuredOutputs: true,
        includeUsage: true,
      }).chatModel(modelId);
    case "openai":
      return createOpenAI({ baseURL, apiKey, fetch }).chat(modelId);
    case "anthropic":
      return createAnthropic({ baseURL, apiKey, fetch })(modelId);
  }
}

/** The request that lists a connection's models (its "test connection"): GET {base}/models with its auth header. */
export function modelListRequest(c: OpenConnection): { url: string; headers: Record<string, string> } {
  const url = `${baseUrlOf(c)}/models`;
  if (c.provider === "anthropic") {
    return { url, headers: { "x-api-key": c.apiKey ?? "", "anthropic-version": "2023-06-01" } };
  }
  return { url, headers: c.apiKey ? { authorization: `Bearer ${c.apiKey}` } : {} };
}

/** US dollars for a call's tokens at the connection's prices; null when it has none. */
export function costOf(
  c: Pick<OpenConnection, "inputPricePerMTok" | "outputPricePerMTok">,
  inputTokens: number | null,
  outputTokens: number | null,
): number | null {
  if (c.inputPricePerMTok === null && c.outputPricePerMTok === null) return null;
  return ((inputTokens ?? 0) * (c.inputPricePerMTok ?? 0) + (outputTokens ?? 0) * (c.outputPricePerMTok ?? 0)) / 1e6;
}
