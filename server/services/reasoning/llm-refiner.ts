// The optional LLM refinement of think, ponder and evaluate: an OpenAI-compatible URL, configured by environment, may
// refine them; without it everything works. When
// THOUGHTMCP_LLM_URL is set, the rule answer is sent to `{url}/chat/completions` with the problem, and the model's text
// replaces the answer's conclusion (think, ponder) or becomes its summary (evaluate); `llm` joins componentsUsed, and
// the session's thoughts carry the refined text. Any failure (no answer within THOUGHTMCP_LLM_TIMEOUT_MS, a non-2xx
// status, a body not in the chat-completions shape, an empty reply) keeps the rule answer as it was, with a warning
// in the server log: the model can improve an answer, never fail or delay one beyond the timeout.
import type { EngineResult, RefineRequest, Refiner } from "@/lib/thoughtmcp/types";
import { setting } from "@/server/config";

/** The refined text is cut here: it becomes thought text, and a model that rambles must not fill a session. */
const MAX_REFINED_CHARS = 4_000;

const SYSTEM_PROMPT =
  "You refine the answer of a rule-based reasoning engine. Keep its facts and its structure; make the conclusion " +
  "clearer and more specific to the problem. Answer with the refined conclusion only, in plain text, at most a few " +
  "sentences.";

interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[];
}

/** The refiner the configuration names, or null (no THOUGHTMCP_LLM_URL). */
export function configuredRefiner(): Refiner | null {
  const base = setting("THOUGHTMCP_LLM_URL");
  if (!base) return null;
  const model = setting("THOUGHTMCP_LLM_MODEL");
  const key = setting("THOUGHTMCP_LLM_KEY");
  const endpoint = `${base.replace(/\/+$/, "")}/chat/completions`;
  return {
    async refine(request, signal) {
      const context = request.context ? `\n\nContext: ${JSON.stringify(request.context)}` : "";
      const res = await fetch(endpoint, {
        method: "POST",
        signal,
        headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({
          model,
          temperature: 0,
          messages: [
            { role: "system", content: SYSTEM_PROMPT },
            {
              role: "user",
              content: `Tool: ${request.tool}\n\nProblem: ${request.problem}${context}\n\nRule answer:\n${request.ruleAnswer}`,
            },
          ],
        }),
      });
      if (!res.ok) throw new Error(`${endpoint} answered ${res.status}`);
      const body = (await res.json()) as ChatCompletion;
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== "string") throw new Error(`${endpoint} answered without choices[0].message.content`);
      const text = content.trim().slice(0, MAX_REFINED_CHARS);
      return text.length > 0 ? text : null;
    },
  };
}

/**
 * `result` refined by the configured model: `apply` puts the model's text into the answer. Without a model, or on
 * any failure, `result` unchanged.
 */
export async function refined<T>(
  result: EngineResult<T>,
  request: RefineRequest,
  apply: (data: T, text: string) => T,
  refiner: Refiner | null = configuredRefiner(),
): Promise<EngineResult<T>> {
  if (!refiner) return result;
  try {
    const text = await refiner.refine(request, AbortSignal.timeout(setting("THOUGHTMCP_LLM_TIMEOUT_MS")));
    if (text === null) return result;
    return { data: apply(result.data, text), componentsUsed: [...result.componentsUsed, "llm"] };
  } catch (error) {
    console.warn(
      `[thoughtmcp] the LLM did not refine ${request.tool}; the rule answer stands:`,
      (error as Error).message,
    );
    return result;
  }
}
