// UUIDv7 (RFC 9562): 48-bit millisecond timestamp, then randomness. Ids sort by creation time, which keeps
// B-tree inserts append-only, and they are never reused.
let lastMs = 0;
let counter = 0;

// Random bytes are drawn 4 KiB at a time: one getRandomValues call per id cost ~16 µs (a sixth of a 1,000-thought
// batch's time), one per 256 ids costs next to nothing.
const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let poolAt = POOL_BYTES;

function randomInto(bytes: Uint8Array): void {
  if (poolAt + bytes.length > POOL_BYTES) {
    globalThis.crypto.getRandomValues(pool);
    poolAt = 0;
  }
  bytes.set(pool.subarray(poolAt, poolAt + bytes.length));
  poolAt += bytes.length;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** The first 12 hex digits (the 48-bit millisecond timestamp) of the last id: ids of one batch share it. */
let lastPrefix = { ms: -1, hex: "" };

function timestampHex(ms: number): string {
  if (ms !== lastPrefix.ms) lastPrefix = { ms, hex: ms.toString(16).padStart(12, "0").slice(-12) };
  return lastPrefix.hex;
}

export function uuidv7(now: number = Date.now()): string {
  const bytes = new Uint8Array(10);
  randomInto(bytes);
  // A 12-bit counter in rand_a keeps ids generated within one millisecond in order (RFC 9562 §6.2, method 1).
  if (now <= lastMs) {
    counter = (counter + 1) & 0xfff;
    if (counter === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    counter = bytes[0]! & 0x07; // start low so the counter rarely overflows
  }
  const t = timestampHex(now);
  // ver (7) and the counter's 12 bits; then the variant (10xx) and 62 random bits.
  const verCounter = HEX[0x70 | ((counter >> 8) & 0x0f)]! + HEX[counter & 0xff]!;
  let rand = HEX[(bytes[2]! & 0x3f) | 0x80]! + HEX[bytes[3]!]!;
  let tail = "";
  for (let i = 4; i < 10; i++) tail += HEX[bytes[i]!]!;
  rand += `-${tail}`;
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-${verCounter}-${rand}`;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
