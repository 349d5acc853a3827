// UUIDv7 (RFC 9562): 48-bit millisecond timestamp, then randomness. Ids sort by creation time, which keeps
// B-tree inserts append-only, and they are never reused.
let lastMs = 0;
let counter = 0;

// Random bytes are drawn 4 KiB at a time: one getRandomValues call per id cost ~16 µs (a sixth of a 1,000-thought
// batch's time), one per 409 ids costs next to nothing. An id reads its 10 bytes in place: no array per id.
const ID_BYTES = 10;
const POOL_BYTES = 4090;
const pool = new Uint8Array(POOL_BYTES);
let poolAt = POOL_BYTES;

/** Where the next id's random bytes start in `pool`. */
function takeRandom(): number {
  if (poolAt + ID_BYTES > POOL_BYTES) {
    globalThis.crypto.getRandomValues(pool);
    poolAt = 0;
  }
  const at = poolAt;
  poolAt += ID_BYTES;
  return at;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** The 48-bit millisecond timestamp of the last id in its two hex groups: ids of one batch share it. */
let lastPrefix = { ms: -1, head: "", mid: "" };

function timestampHex(ms: number): typeof lastPrefix {
  if (ms !== lastPrefix.ms) {
    const hex = ms.toString(16).padStart(12, "0").slice(-12);
    lastPrefix = { ms, head: hex.slice(0, 8), mid: hex.slice(8, 12) };
  }
  return lastPrefix;
}

export function uuidv7(now: number = Date.now()): string {
  const r = takeRandom();
  // A 12-bit counter in rand_a keeps ids generated within one millisecond in order (RFC 9562 §6.2, method 1).
  if (now <= lastMs) {
    counter = (counter + 1) & 0xfff;
    if (counter === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    counter = pool[r]! & 0x07; // start low so the counter rarely overflows
  }
  const t = timestampHex(now);
  // ver (7) and the counter's 12 bits; then the variant (10xx) and 62 random bits.
  const verCounter = HEX[0x70 | ((counter >> 8) & 0x0f)]! + HEX[counter & 0xff]!;
  const variant = HEX[(pool[r + 2]! & 0x3f) | 0x80]! + HEX[pool[r + 3]!]!;
  const tail =
    HEX[pool[r + 4]!]! +
    HEX[pool[r + 5]!]! +
    HEX[pool[r + 6]!]! +
    HEX[pool[r + 7]!]! +
    HEX[pool[r + 8]!]! +
    HEX[pool[r + 9]!]!;
  return `${t.head}-${t.mid}-${verCounter}-${variant}-${tail}`;
}

/** The least uuidv7 of millisecond `ms`: every id made at or after it sorts at or after this (ids sort by time). */
export function uuidv7Floor(ms: number): string {
  const hex = ms.toString(16).padStart(12, "0").slice(-12);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-0000-000000000000`;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
