// Word-level diff between two texts (a revision and the thought it revises, or two versions of one thought).
// Myers' O((N+M)·D) algorithm over word and whitespace tokens, after trimming the common prefix and suffix, so
// small edits to long thoughts stay cheap. Pure; shared by the browser and tests.

export type DiffOp = "equal" | "insert" | "delete";
export interface DiffPart {
  op: DiffOp;
  text: string;
}

/** Words, runs of whitespace and single punctuation marks, so a diff never splits a word. */
export function tokenize(text: string): string[] {
  return text.match(/[\p{L}\p{N}_'’-]+|\s+|[^\p{L}\p{N}_\s]/gu) ?? [];
}

/** Past this many edits the diff gives up on detail and shows the whole change as delete + insert. */
const MAX_EDITS = 5_000;

export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  const push = (op: DiffOp, tokens: string[]) => {
    if (tokens.length === 0) return;
    const text = tokens.join("");
    const last = parts[parts.length - 1];
    if (last && last.op === op) last.text += text;
    else parts.push({ op, text });
  };
  push("equal", a.slice(0, start));
  const middle = myers(a.slice(start, endA), b.slice(start, endB));
  for (const [op, tokens] of middle) push(op, tokens);
  push("equal", a.slice(endA));
  return parts;
}

function myers(a: string[], b: string[]): [DiffOp, string[]][] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return [["insert", b]];
  if (m === 0) return [["delete", a]];
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  outer: for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break outer;
      }
    }
  }
  if (!found)
    return [
      ["delete", a],
      ["insert", b],
    ];
  // Walk the trace back from (n, m) to (0, 0).
  const ops: [DiffOp, string][] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    const vd = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && vd[offset + k - 1]! < vd[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : vd[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      ops.push(["equal", a[x]!]);
    }
    if (d > 0) {
      if (down) ops.push(["insert", b[--y]!]);
      else ops.push(["delete", a[--x]!]);
    }
  }
  ops.reverse();
  const out: [DiffOp, string[]][] = [];
  for (const [op, token] of ops) {
    const last = out[out.length - 1];
    if (last && last[0] === op) last[1].push(token);
    else out.push([op, [token]]);
  }
  return out;
}
