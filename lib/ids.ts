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

export function uuidv7(now: number = Date.now()): string {
  const bytes = new Uint8Array(16);
  randomInto(bytes);
  // A 12-bit counter in rand_a keeps ids generated within one millisecond in order (RFC 9562 §6.2, method 1).
  if (now <= lastMs) {
    counter = (counter + 1) & 0xfff;
    if (counter === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    counter = bytes[6]! & 0x07; // start low so the counter rarely overflows
  }
  const ms = BigInt(now);
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = 0x70 | ((counter >> 8) & 0x0f);
  bytes[7] = counter & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  let hex = "";
  for (const b of bytes) hex += HEX[b]!;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
