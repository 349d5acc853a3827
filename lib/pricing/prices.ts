// What a model call cost, from the dated list prices in ./model-prices.json (data: update it there, with the date a
// price took effect). Used where a source reports tokens but no cost; a source's own cost always wins.
import table from "./model-prices.json";

export interface ModelPrice {
  model: string;
  /** The first day (UTC) this price holds, YYYY-MM-DD. */
  from: string;
  /** US dollars per million tokens. */
  input: number;
  output: number;
  cachedInput?: number;
}

export interface TokenCounts {
  input?: number;
  output?: number;
  /** Input tokens read from a prompt cache, counted within `input`. */
  cachedInput?: number;
}

export const MODEL_PRICES: readonly ModelPrice[] = table.models;

/** A model id without its provider prefix (`anthropic/…`, `openai:…`, `models/…`), lower-cased. */
function bareModel(model: string): string {
  return model
    .trim()
    .toLowerCase()
    .replace(/^.*[/:]/, "");
}

/** The table's answers by model and day: a trace asks for one model's price on every call, and the scan of the
 *  table with each model's name normalised cost ~2 ms per 1,000 calls. Bounded in entries and in the length of a
 *  name kept (a longer one is not a model id a thought could store); emptied when full. */
const lookedUp = new Map<string, ModelPrice | null>();
const LOOKED_UP_MAX = 1_000;
const LOOKED_UP_NAME_MAX = 200;

/** The price of `model` on `at` (ISO 8601; today when absent), or undefined for a model the table does not list. */
export function priceOf(
  model: string,
  at?: string,
  prices: readonly ModelPrice[] = MODEL_PRICES,
): ModelPrice | undefined {
  const day = (at ?? new Date().toISOString()).slice(0, 10);
  if (prices !== MODEL_PRICES || model.length > LOOKED_UP_NAME_MAX) return scan(model, day, prices);
  const key = `${day}\u0000${model}`;
  let price = lookedUp.get(key);
  if (price === undefined) {
    if (lookedUp.size >= LOOKED_UP_MAX) lookedUp.clear();
    price = scan(model, day, prices) ?? null;
    lookedUp.set(key, price);
  }
  return price ?? undefined;
}

function scan(model: string, day: string, prices: readonly ModelPrice[]): ModelPrice | undefined {
  const id = bareModel(model);
  let best: ModelPrice | undefined;
  for (const p of prices) {
    const matches = id === p.model || id.startsWith(`${p.model}-`);
    if (!matches || p.from > day) continue;
    if (!best || p.model.length > best.model.length || (p.model === best.model && p.from > best.from)) best = p;
  }
  return best;
}

/** US dollars for the tokens of one call, or undefined without a price or without any token count. */
export function costOf(model: string | undefined, tokens: TokenCounts, at?: string): number | undefined {
  if (!model || (tokens.input === undefined && tokens.output === undefined)) return undefined;
  const p = priceOf(model, at);
  if (!p) return undefined;
  const cached = Math.min(tokens.cachedInput ?? 0, tokens.input ?? 0);
  const dollars =
    ((tokens.input ?? 0) - cached) * p.input + cached * (p.cachedInput ?? p.input) + (tokens.output ?? 0) * p.output;
  return dollars / 1e6;
}
