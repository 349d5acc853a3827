// The optional embedding provider: when configured, recall and waypoint links use the cosine of embedding
// vectors instead of lexical similarity (lib/thoughtmcp/memory-lexical-index.ts). Two HTTP APIs, both a POST of
// {model, input: string[]}:
//   - OpenAI-compatible `…/v1/embeddings` → {data: [{index, embedding}]} (OpenAI, vLLM, LM Studio, llama.cpp, …)
//   - Ollama `…/api/embed` → {embeddings: number[][]}
// Configured by environment (THOUGHTGRAPH_EMBEDDING_URL, _MODEL, optional _API_KEY and _API); nothing is downloaded
// by thoughtgraph itself. Vectors are stored with the model name and dimension (`EmbeddingVector`), so a change of
// model is detectable and the service can re-embed in the background. Client-safe (fetch only; env is passed in).
import { z } from "zod";

export type EmbeddingApi = "openai" | "ollama";

export interface EmbeddingConfig {
  api: EmbeddingApi;
  url: string;
  model: string;
  apiKey?: string;
  /** Per request; a slow local model on CPU embeds ~10 short texts/s, so a 64-text batch can take seconds. */
  timeoutMs: number;
  /** Texts per request. */
  batchSize: number;
}

export interface EmbeddingProvider {
  readonly model: string;
  /** One vector per text, in order, all of one dimension. */
  embed(texts: readonly string[]): Promise<number[][]>;
}

/** A stored vector and what made it. */
export interface EmbeddingVector {
  model: string;
  dimension: number;
  vector: Float32Array;
}

export class EmbeddingError extends Error {
  override readonly name = "EmbeddingError";
}

export const EMBEDDING_ENV = {
  url: "THOUGHTGRAPH_EMBEDDING_URL",
  model: "THOUGHTGRAPH_EMBEDDING_MODEL",
  apiKey: "THOUGHTGRAPH_EMBEDDING_API_KEY",
  api: "THOUGHTGRAPH_EMBEDDING_API",
} as const;

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_BATCH = 64;

/**
 * Reads the provider from the environment. Unset URL: `undefined` (lexical similarity). A URL without a model, a
 * URL that is not http(s), or an API we cannot tell: an error naming the variable. The API is `_API` when given,
 * else told from the path (`/api/embed` → ollama, anything else → openai).
 */
export function embeddingConfigFromEnv(
  env: Record<string, string | undefined>,
): { ok: true; config: EmbeddingConfig | undefined } | { ok: false; message: string } {
  const url = env[EMBEDDING_ENV.url]?.trim();
  if (!url) return { ok: true, config: undefined };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, message: `${EMBEDDING_ENV.url} is not a URL: ${url}` };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return { ok: false, message: `${EMBEDDING_ENV.url} must be an http(s) URL, not ${parsed.protocol}` };
  }
  const model = env[EMBEDDING_ENV.model]?.trim();
  if (!model)
    return { ok: false, message: `${EMBEDDING_ENV.model} must name the model when ${EMBEDDING_ENV.url} is set` };
  const apiRaw = env[EMBEDDING_ENV.api]?.trim().toLowerCase();
  if (apiRaw && apiRaw !== "openai" && apiRaw !== "ollama") {
    return { ok: false, message: `${EMBEDDING_ENV.api} must be openai or ollama, not ${apiRaw}` };
  }
  const api: EmbeddingApi = apiRaw === "openai" || apiRaw === "ollama" ? apiRaw : inferApi(parsed);
  const apiKey = env[EMBEDDING_ENV.apiKey]?.trim();
  return {
    ok: true,
    config: {
      api,
      url,
      model,
      ...(apiKey ? { apiKey } : {}),
      timeoutMs: DEFAULT_TIMEOUT_MS,
      batchSize: DEFAULT_BATCH,
    },
  };
}

function inferApi(url: URL): EmbeddingApi {
  return url.pathname.replace(/\/+$/, "").endsWith("/api/embed") ? "ollama" : "openai";
}

const ZVector = z.array(z.number().finite()).min(1);
const ZOpenAiResponse = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative().optional(), embedding: ZVector })),
});
const ZOllamaResponse = z.object({ embeddings: z.array(ZVector) });

/** An EmbeddingProvider over HTTP. `fetchImpl` is for callers that need their own agent; tests use real HTTP. */
export function createHttpEmbeddingProvider(
  config: EmbeddingConfig,
  fetchImpl: typeof fetch = fetch,
): EmbeddingProvider {
  async function embedBatch(texts: readonly string[]): Promise<number[][]> {
    const send = () =>
      fetchImpl(config.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: config.model, input: texts }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    let response: Response;
    try {
      response = await send().catch((error: unknown) => {
        // Once more when the connection failed before any answer (fetch's TypeError, not a timeout): a kept-alive
        // socket the provider closed while idle fails the next POST, which fetch does not retry by itself.
        if (error instanceof TypeError) return send();
        throw error;
      });
    } catch (error) {
      throw new EmbeddingError(`The embedding provider at ${config.url} did not answer: ${String(error)}`);
    }
    if (!response.ok) {
      const body = (await response.text().catch(() => "")).slice(0, 300);
      throw new EmbeddingError(`The embedding provider answered HTTP ${response.status}: ${body}`);
    }
    const json: unknown = await response.json().catch(() => undefined);
    let vectors: number[][];
    if (config.api === "ollama") {
      const parsed = ZOllamaResponse.safeParse(json);
      if (!parsed.success) throw new EmbeddingError("The Ollama answer has no embeddings array of number arrays.");
      vectors = parsed.data.embeddings;
    } else {
      const parsed = ZOpenAiResponse.safeParse(json);
      if (!parsed.success) throw new EmbeddingError("The OpenAI-compatible answer has no data[].embedding arrays.");
      // `index` says which input each vector belongs to; servers may answer out of order.
      vectors = [...parsed.data.data]
        .map((d, i) => ({ index: d.index ?? i, embedding: d.embedding }))
        .sort((a, b) => a.index - b.index)
        .map((d) => d.embedding);
    }
    if (vectors.length !== texts.length) {
      throw new EmbeddingError(`The embedding provider returned ${vectors.length} vectors for ${texts.length} texts.`);
    }
    return vectors;
  }

  return {
    model: config.model,
    async embed(texts) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += config.batchSize) {
        out.push(...(await embedBatch(texts.slice(i, i + config.batchSize))));
      }
      const dimension = out[0]?.length;
      if (out.some((v) => v.length !== dimension)) {
        throw new EmbeddingError("The embedding provider returned vectors of different dimensions.");
      }
      return out;
    },
  };
}

/** Cosine similarity; 0 when either vector is all zeros. Vectors of different dimensions are a caller's bug. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length)
    throw new EmbeddingError(`Cannot compare vectors of ${a.length} and ${b.length} dimensions.`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  if (na === 0 || nb === 0) return 0;
  return dot / Math.sqrt(na * nb);
}

/** Whether a stored vector was made by the configured model (else it is re-embedded). */
export function isCurrent(stored: Pick<EmbeddingVector, "model" | "dimension">, model: string, dimension?: number) {
  return stored.model === model && (dimension === undefined || stored.dimension === dimension);
}

/** A vector as little-endian float32 bytes, for a Bytes/bytea column (4 bytes per dimension: 768 dims = 3 KiB). */
export function encodeVector(vector: ArrayLike<number>): Uint8Array {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i] ?? 0, true);
  return bytes;
}

export function decodeVector(bytes: Uint8Array): Float32Array {
  if (bytes.byteLength % 4 !== 0) throw new EmbeddingError(`A stored vector has ${bytes.byteLength} bytes, not 4·n.`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
