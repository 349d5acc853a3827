// GET /api/v1/search against the production server on SQLite: thoughts across sessions, ranked, with
// plain-text snippets and highlight ranges (a thought holding HTML comes back as text, never as markup), the matched
// terms, paging, and refusals that name `q`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZThoughtSearchResult } from "@/lib/contracts/search";
import {
  call,
  expectError,
  expectShape,
  record,
  startSqliteServer,
  thought,
  unique,
  type SqliteServer,
} from "@/test/support/api-client";

let tg: SqliteServer;
beforeAll(async () => {
  tg = await startSqliteServer("api-search");
});
afterAll(async () => {
  await tg?.server.stop();
});

describe("GET /api/v1/search", () => {
  it("finds thoughts across sessions with ranges into plain text, matched terms and a total", async () => {
    const word = unique("needle").replace(/[^a-z0-9]/gi, "");
    await record(tg.server, thought(1, 2, { sessionId: unique("s1"), thought: `The <b>${word}</b> is in the logs` }));
    await record(tg.server, thought(1, 2, { sessionId: unique("s2"), thought: `Another ${word} here, and cache` }));
    const a = await call(tg.server, `/api/v1/search?q=${encodeURIComponent(word)}`);
    expect(a.status, a.text).toBe(200);
    const r = expectShape(ZThoughtSearchResult, a.body);
    expect(r.total).toBe(2);
    expect(new Set(r.hits.map((h) => h.sessionId)).size).toBe(2);
    for (const h of r.hits) {
      expect(h.matchedTerms).toEqual([word.toLowerCase()]);
      expect(h.snippet.ranges.map((x) => h.snippet.text.slice(x.start, x.end))).toEqual([word]);
    }
    expect(r.hits.map((h) => h.snippet.text)).toContain(`The <b>${word}</b> is in the logs`);

    const narrowed = expectShape(
      ZThoughtSearchResult,
      (await call(tg.server, `/api/v1/search?q=${encodeURIComponent(`${word} AND cache`)}`)).body,
    );
    expect(narrowed.hits.map((h) => h.snippet.text)).toEqual([`Another ${word} here, and cache`]);
    const paged = expectShape(
      ZThoughtSearchResult,
      (await call(tg.server, `/api/v1/search?q=${word}&limit=1&offset=1`)).body,
    );
    expect(paged).toMatchObject({ total: 2 });
    expect(paged.hits).toHaveLength(1);
  });

  it("refuses a missing, unparsable or out-of-range query with a 400 naming the field", async () => {
    expectError(await call(tg.server, "/api/v1/search"), 400, "q");
    expectError(await call(tg.server, "/api/v1/search?q=NOT%20x"), 400, "q");
    expectError(await call(tg.server, "/api/v1/search?q=%20%20"), 400, "q");
    expectError(await call(tg.server, "/api/v1/search?q=x&limit=0"), 400, "limit");
    expectError(await call(tg.server, "/api/v1/search?q=x&offset=-1"), 400, "offset");
  });
});
