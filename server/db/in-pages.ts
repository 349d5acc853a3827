// Reads a long ordered list a page at a time, with a turn of the event loop between pages. On SQLite a query runs
// synchronously on the serving thread (better-sqlite3), so one read of a 20,000-thought session held every other
// request for ~0.5 s: the session page's own scripts, requested a few milliseconds after its outline, arrived only
// after it (bench:ui trace). Between pages the server answers what waits; the whole read costs about the same.

/** Rows per page: ~4–8 ms of a read through Prisma on the development machine. With 2,000 the 20,000-thought page's
 *  scripts still arrived 360–1,070 ms after navigation (a static file needs several turns of the loop); with 500,
 *  210–850 ms (bench:ui traces). */
export const PAGE_ROWS = 500;

/**
 * Every row `read` gives, in `seq` order: `read(afterSeq, take)` answers up to `take` rows with seq > afterSeq in
 * ascending order. Keyed by seq rather than offset, so each page is an index range and a gap in seq loses nothing.
 */
export async function inPages<T extends { seq: number }>(
  read: (afterSeq: number, take: number) => Promise<T[]>,
  take = PAGE_ROWS,
): Promise<T[]> {
  const all: T[] = [];
  for (let after = 0; ;) {
    const page = await read(after, take);
    for (const row of page) all.push(row);
    if (page.length < take) return all;
    after = page[page.length - 1]!.seq;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
