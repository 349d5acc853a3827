// Reading attribute values the way instrumentations write them: a JSON document in a string attribute (the GenAI
// conventions' messages, the AI SDK's tool calls) or the same structure as a map; OpenInference's flattened lists
// (`llm.output_messages.0.message.content`) rebuilt as nested values.
import "@/server/server-only";
import { setKey, type Attributes, type AttrValue } from "../spans";

export type Json = AttrValue;
export type JsonObject = { [key: string]: Json };

export const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === "object" && !Array.isArray(v);

export const text = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** A count or amount: a number, or a numeric string (an int64 beyond 2^53 stays a string, see spans.ts). */
export function num(v: unknown): number | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** The first of `keys` present in `attrs` as a non-empty string. */
export function firstText(attrs: Attributes, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const v = attrs[k];
    if (typeof v === "string" && v.trim() !== "") return v;
    if (typeof v === "number") return String(v);
  }
  return undefined;
}

export function firstNum(attrs: Attributes, keys: readonly string[]): number | undefined {
  for (const k of keys) {
    const v = num(attrs[k]);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** A structured value: a map or list as it is, or a string holding JSON parsed (a string that is not JSON: itself). */
export function structured(v: unknown): Json | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") return v as Json;
  const t = v.trim();
  if (!(t.startsWith("{") || t.startsWith("["))) return v;
  try {
    return JSON.parse(t) as Json;
  } catch {
    return v;
  }
}

/** A value as display text: strings as they are, anything else as JSON. */
export function asText(v: unknown): string {
  if (v === undefined || v === null) return "";
  return typeof v === "string" ? v : JSON.stringify(v);
}

/**
 * The attributes under `prefix.` rebuilt as one nested value: `p.0.a.b` and `p.1.a` become [{a: {b}}, {a}]. A level
 * whose keys are all whole numbers becomes a list in index order. Attributes are scanned once per call.
 */
export function unflatten(attrs: Attributes, prefix: string): Json | undefined {
  const head = `${prefix}.`;
  let root: JsonObject | undefined;
  for (const [key, value] of Object.entries(attrs)) {
    if (!key.startsWith(head)) continue;
    root ??= {};
    const path = key.slice(head.length).split(".");
    let node: JsonObject = root;
    path.forEach((seg, i) => {
      if (i === path.length - 1) {
        if (!isObject(node[seg])) setKey(node, seg, value);
        return;
      }
      const next = node[seg];
      if (isObject(next)) node = next;
      else {
        const created: JsonObject = {};
        setKey(node, seg, created);
        node = created;
      }
    });
  }
  return root === undefined ? undefined : listify(root);
}

function listify(v: Json): Json {
  if (!isObject(v)) return v;
  const keys = Object.keys(v);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => listify(v[String(k)]!));
  }
  const out: JsonObject = {};
  for (const k of keys) setKey(out, k, listify(v[k]!));
  return out;
}
