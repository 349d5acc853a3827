// How a batch's values cross to the write thread (./write-thread.ts): one column per field instead of one object per
// request. The structured clone copies an array of strings or numbers far faster than as many objects, and the thread
// then builds every object in one shape. Microbenchmark of 1,000 ingest events: ~0.45 ms to post and ~0.65 ms to
// receive (the request's 450 KB text included); receiving each input as an object cost ~2.5 ms.
//
// An optional number is NaN when absent, an optional boolean -1. The columns of fields most requests leave out are
// holey arrays, which the clone copies as sparse ones: only the requests that set them cost anything; a required
// field's column is packed (V8 clones a holey array key by key even when it is full). A string most requests share
// (a project, an API key, a session) crosses once (Interned).
//
// A thought's input is encoded field by field from the field registry (lib/contracts/fields.ts): a new field crosses
// without an edit here, and a new kind of field is one entry in KIND_CODECS (the compiler asks for it).
import type { FieldKind, FieldSpec } from "@/lib/contracts/fields";
import { objectBuilder, valuesGetter } from "@/lib/contracts/object-shape";
import type { ThoughtDetailInput } from "@/lib/contracts/thought-detail";
import { DetailText, jsonColumn } from "./write-store";

export const NONE = -1;

/** A column of strings that repeat: each distinct value once, and its index per row (NONE: undefined). */
export interface Interned<T extends string | null> {
  values: T[];
  index: Int32Array;
}

export function interned<T extends string | null>(n: number) {
  const column: Interned<T> = { values: [], index: new Int32Array(n).fill(NONE) };
  const seen = new Map<T, number>();
  return {
    column,
    set(row: number, value: T | undefined) {
      if (value === undefined) return;
      let i = seen.get(value);
      if (i === undefined) seen.set(value, (i = column.values.push(value) - 1));
      column.index[row] = i;
    },
  };
}

export function valueAt<T extends string | null>(column: Interned<T>, row: number): T | undefined {
  const i = column.index[row]!;
  return i === NONE ? undefined : column.values[i];
}

/** An array of `n` holes, to fill. */
export const holey = <T>(n: number) => new Array<T>(n);

const bit = (b: boolean | undefined) => (b === undefined ? NONE : b ? 1 : 0);
const fromBit = (b: number) => (b === NONE ? undefined : b === 1);
const fromNumber = (n: number) => (Number.isNaN(n) ? undefined : n);

/** A column of details: each one's stored JSON text and its kind (DetailText). */
interface DetailColumn {
  text: string[];
  kind: Interned<string>;
}

/** One field's column as it crosses to the thread. */
export type Column = unknown[] | Float64Array | Int8Array | Interned<string> | DetailColumn;

interface ColumnCodec {
  /** A column for `n` rows (filled in row order) and the setter of one row: a method, not an arrow, since under tsx
   *  (esbuild's keepNames) each named arrow made per batch costs a call that defines its name, ~0.7 µs of the serving
   *  thread per single POST in bench:ingest's profile. */
  writer(n: number, spec: FieldSpec): { column: Column; set(row: number, value: unknown): void };
  read(column: Column, row: number): unknown;
}

const numbers: ColumnCodec = {
  writer(n) {
    const column = new Float64Array(n);
    return {
      column,
      set(row, v) {
        column[row] = v === undefined ? NaN : (v as number);
      },
    };
  },
  read: (column, row) => fromNumber((column as Float64Array)[row]!),
};

const booleans: ColumnCodec = {
  writer(n) {
    const column = new Int8Array(n);
    return {
      column,
      set(row, v) {
        column[row] = bit(v as boolean | undefined);
      },
    };
  },
  read: (column, row) => fromBit((column as Int8Array)[row]!),
};

const values: ColumnCodec = {
  writer(n, spec) {
    const column = spec.required ? [] : holey<unknown>(n);
    return {
      column,
      set(row, v) {
        if (v !== undefined) column[row] = v;
      },
    };
  },
  read: (column, row) => (column as unknown[])[row],
};

const sharedStrings: ColumnCodec = {
  writer(n) {
    const w = interned<string>(n);
    return {
      column: w.column,
      set(row, v) {
        w.set(row, v as string | undefined);
      },
    };
  },
  read: (column, row) => valueAt(column as Interned<string>, row),
};

const details: ColumnCodec = {
  writer(n) {
    const kind = interned<string>(n);
    const column: DetailColumn = { text: holey(n), kind: kind.column };
    return {
      column,
      set(row, v) {
        if (v === undefined) return;
        column.text[row] = jsonColumn(v);
        kind.set(row, (v as ThoughtDetailInput).kind);
      },
    };
  },
  read(column, row) {
    const text = (column as DetailColumn).text[row];
    return text === undefined ? undefined : new DetailText(text, valueAt((column as DetailColumn).kind, row)!);
  },
};

const KIND_CODECS: Record<FieldKind, ColumnCodec> = {
  thought: values,
  positiveInt: numbers,
  bool: booleans,
  shortText: values,
  tags: values,
  score: numbers,
  metadata: values,
  detail: details,
};

const codecOf = (spec: FieldSpec) =>
  spec.shared && spec.kind === "shortText" ? sharedStrings : KIND_CODECS[spec.kind];

/** The column codec of a field registry: `encode` a batch's inputs as columns, `decode` one row back. */
export function inputColumns<T extends object>(fields: Readonly<Record<string, FieldSpec>>) {
  const names = Object.keys(fields);
  const specs = Object.values(fields);
  const codecs = specs.map(codecOf);
  // Straight-line reads and writes of the fields (lib/contracts/object-shape.ts): a loop over the names costs ~5× more.
  const valuesOf = valuesGetter(names);
  const build = objectBuilder(names);
  return {
    /** The inputs of a batch as columns by field name. */
    encode(inputs: readonly T[]): Record<string, Column> {
      const n = inputs.length;
      const writers = codecs.map((c, i) => c.writer(n, specs[i]!));
      for (let row = 0; row < n; row++) {
        const values = valuesOf(inputs[row] as Record<string, unknown>);
        for (let i = 0; i < writers.length; i++) writers[i]!.set(row, values[i]);
      }
      return Object.fromEntries(names.map((name, i) => [name, writers[i]!.column]));
    },
    /** A row's input with every field present (an absent one as undefined), in the registry's order. */
    decoder(columns: Record<string, Column>): (row: number) => T {
      const cols = names.map((name) => columns[name]!);
      const values = new Array<unknown>(names.length);
      return (row) => {
        for (let i = 0; i < cols.length; i++) values[i] = codecs[i]!.read(cols[i]!, row);
        return build(values) as T;
      };
    },
  };
}
