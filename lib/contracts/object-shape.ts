// Objects of one fixed shape, built from a list of keys known when the module loads (a field registry, never input).
// The ingest path builds one such object per thought two or three times (the fast path's answer, the write thread's
// copy); a loop of `out[key] = value` makes V8 walk a dictionary of keyed stores for every object and cost ~0.6 ms
// per 1,000 objects of 15 keys, against ~0.04 ms for a literal `{ thought: v[0], … }` (same run, node 20). So the
// literal is generated once from the keys, as fast JSON serializers do. Where code generation is not allowed (a
// browser page whose Content-Security-Policy has no 'unsafe-eval'), the loop is used: same result, slower.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function checked(keys: readonly string[]): readonly string[] {
  for (const key of keys) if (!IDENTIFIER.test(key)) throw new Error(`object-shape: "${key}" is not an identifier`);
  return keys;
}

function generated<T>(parameter: string, body: string, fallback: T): T {
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the body is built from checked identifiers only
    return new Function(parameter, body) as T;
  } catch {
    return fallback;
  }
}

/** `values` → `{ [keys[0]]: values[0], … }`, every key present (undefined where the value is), in the keys' order. */
export function objectBuilder(keys: readonly string[]): (values: ArrayLike<unknown>) => Record<string, unknown> {
  const names = checked(keys);
  const loop = (values: ArrayLike<unknown>) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) out[names[i]!] = values[i];
    return out;
  };
  return generated("v", `return { ${names.map((k, i) => `${k}: v[${i}]`).join(", ")} };`, loop);
}

/** `object` → `[object[keys[0]], …]`: the values of the keys in order (undefined for a missing one). */
export function valuesGetter(keys: readonly string[]): (object: Record<string, unknown>) => unknown[] {
  const names = checked(keys);
  const loop = (object: Record<string, unknown>) => names.map((k) => object[k]);
  return generated("o", `return [${names.map((k) => `o.${k}`).join(", ")}];`, loop);
}

/**
 * `(own, from)` → `{ [keys[0]]: …, … }` in the keys' order: a key with a source in `sources` takes `from[source]` (null
 * where that is undefined), any other `own[key]`. The write path builds a stored thought this way, from the columns it
 * computes and the agent's input (server/ingest/write-batch.ts).
 */
export function mergeBuilder(
  keys: readonly string[],
  sources: Readonly<Partial<Record<string, string>>>,
): (own: Record<string, unknown>, from: Record<string, unknown>) => Record<string, unknown> {
  const names = checked(keys);
  const from = names.map((k) => sources[k]);
  checked(from.filter((s) => s !== undefined));
  const loop = (own: Record<string, unknown>, input: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++)
      out[names[i]!] = from[i] === undefined ? own[names[i]!] : (input[from[i]!] ?? null);
    return out;
  };
  const body = names.map((k, i) => (from[i] === undefined ? `${k}: o.${k}` : `${k}: f.${from[i]} ?? null`)).join(", ");
  return generated("o, f", `return { ${body} };`, loop);
}

/**
 * `object` → `{ [keys[0]]: convert[0](object[keys[0]]), … }` in the keys' order, a key without a converter (null)
 * copied as it is. Rows become read shapes this way (server/services/sessions/sessions.ts, toThoughtView).
 */
export function objectMapper(
  keys: readonly string[],
  convert: readonly (((value: unknown) => unknown) | null)[],
): (object: Record<string, unknown>) => Record<string, unknown> {
  const names = checked(keys);
  const loop = (object: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++)
      out[names[i]!] = convert[i] ? convert[i]!(object[names[i]!]) : object[names[i]!];
    return out;
  };
  const body = names.map((k, i) => (convert[i] ? `${k}: c[${i}](o.${k})` : `${k}: o.${k}`)).join(", ");
  const factory = generated<((c: typeof convert) => typeof loop) | null>("c", `return (o) => ({ ${body} });`, null);
  return factory ? factory(convert) : loop;
}
