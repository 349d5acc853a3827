// Property-based tests (fast-check) against the real server: every agent route gets arbitrary JSON, hostile values
// (huge numbers, NaN-ish strings, prototype keys, unicode, deep nesting), wrong content types and broken JSON text.
// Invariants, checked on every request:
//   - never a 5xx;
//   - a 4xx is always the JSON error shape with a code and a message;
//   - a 2xx matches the route's zod contract;
//   - no partial write: the row counts in the SQLite file change only for a 2xx, and then by exactly what it says.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ZErrorResponse } from "@/lib/contracts/errors";
import { ZIngestResponse } from "@/lib/contracts/ingest";
import { ZSessionExport, ZSessionGraph, ZSessionPage, type SessionExport } from "@/lib/contracts/session";
import { isWellFormedText } from "@/lib/contracts/text";
import { ZThoughtResult } from "@/lib/contracts/thought";
import {
  api,
  readAnswer,
  record,
  startSqliteServer,
  tableCounts,
  thought,
  unique,
  ZImportResult,
  type Answer,
  type SqliteServer,
  type TableCounts,
} from "@/test/support/api-client";
import { troubledText } from "@/test/support/text-trouble";

const RUNS = Number(process.env.FUZZ_RUNS ?? 120);

let tg: SqliteServer;
const server = () => tg.server;
let sessionId = "";
let sessionKey = "";
let exported: SessionExport;

beforeAll(async () => {
  tg = await startSqliteServer("api-fuzz");
  sessionKey = unique("fuzz-base");
  const t1 = await record(server(), thought(1, 4, { sessionId: sessionKey, tags: ["x"], score: 0.5, stage: "s" }));
  sessionId = t1.sessionId;
  await record(server(), thought(2, 4, { sessionId: sessionKey }));
  await record(server(), thought(3, 4, { sessionId: sessionKey, isRevision: true, revisesThought: 2 }));
  await record(server(), thought(4, 4, { sessionId: sessionKey, branchFromThought: 1, branchId: "b" }));
  const a = await call(`/api/v1/sessions/${sessionId}/export`, { method: "GET" });
  exported = ZSessionExport.parse(a.body);
});

afterAll(async () => {
  await tg?.server.stop();
});

// ---- requests and invariants ----

async function call(route: string, init: RequestInit & { json?: unknown }): Promise<Answer> {
  return readAnswer(await api(server(), route, init));
}

type Kind = "thoughts" | "ingest" | "import" | "read";

/** Sends one request and checks every invariant; returns the answer for extra checks. */
async function probe(kind: Kind, route: string, init: RequestInit): Promise<Answer> {
  const before = tableCounts(tg.dbFile);
  let a: Answer;
  try {
    a = await call(route, init);
  } catch (error) {
    throw new Error(
      `${init.method ?? "GET"} ${route}: request failed: ${String((error as { cause?: unknown }).cause ?? error)}`,
    );
  }
  const after = tableCounts(tg.dbFile);
  const what = `${init.method ?? "GET"} ${route.slice(0, 200)} → ${a.status} ${a.text.slice(0, 300)}`;

  expect(a.status, what).toBeLessThan(500);
  if (a.status >= 400) {
    expect(a.headers.get("content-type") ?? "", what).toMatch(/application\/json/);
    const parsed = ZErrorResponse.safeParse(a.body);
    expect(parsed.success, `not the error shape: ${what}`).toBe(true);
    expect(parsed.data!.error.code.length, what).toBeGreaterThan(0);
    expect(parsed.data!.error.message.length, what).toBeGreaterThan(0);
    expect(after, `a ${a.status} wrote rows: ${what}`).toEqual(before);
    return a;
  }
  expect(a.status, what).toBeGreaterThanOrEqual(200);
  const delta = diff(before, after);
  switch (kind) {
    case "thoughts": {
      const r = ZThoughtResult.safeParse(a.body);
      expect(r.success, `contract: ${what}`).toBe(true);
      expect([200, 201], what).toContain(a.status);
      expect(delta.thoughts, what).toBe(a.status === 201 ? 1 : 0);
      expect(delta.events, what).toBe(a.status === 201 ? 1 : 0);
      // A key is kept only with a written thought (a replay answers from the first one).
      expect(delta.keys, what).toBeLessThanOrEqual(delta.events);
      expect([0, 1], what).toContain(delta.sessions);
      break;
    }
    case "ingest": {
      expect(a.status, what).toBe(207);
      const r = ZIngestResponse.safeParse(a.body);
      expect(r.success, `contract: ${what}`).toBe(true);
      const written = r.data!.results.filter((x) => x.status === 201).length;
      for (const x of r.data!.results) {
        expect(x.status, what).toBeLessThan(500);
        if (x.status >= 400) expect(x.error, what).toBeDefined();
      }
      expect(delta.thoughts, what).toBe(written);
      // The request is logged once if it wrote anything, with one key per written event.
      expect(delta.events, what).toBe(written > 0 ? 1 : 0);
      expect(delta.keys, what).toBe(written);
      break;
    }
    case "import": {
      expect(a.status, what).toBe(201);
      const r = ZImportResult.safeParse(a.body);
      expect(r.success, `contract: ${what}`).toBe(true);
      expect(delta.sessions, what).toBe(1);
      expect(delta.thoughts, what).toBe(r.data!.thoughts);
      break;
    }
    case "read": {
      expect(delta, `a read wrote rows: ${what}`).toEqual({
        sessions: 0,
        thoughts: 0,
        branches: 0,
        events: 0,
        keys: 0,
        versions: 0,
      });
      break;
    }
  }
  return a;
}

function diff(a: TableCounts, b: TableCounts): TableCounts {
  return {
    sessions: b.sessions - a.sessions,
    thoughts: b.thoughts - a.thoughts,
    branches: b.branches - a.branches,
    events: b.events - a.events,
    keys: b.keys - a.keys,
    versions: b.versions - a.versions,
  };
}

const post = (body: string, contentType: string | null, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  body,
  headers: { ...(contentType ? { "content-type": contentType } : {}), ...headers },
});

// ---- arbitraries ----

const HOSTILE_STRINGS = [
  "",
  " ",
  "NaN",
  "-NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-0",
  "0x10",
  "1e3",
  "1_000",
  " 2 ",
  "２", // full-width digit
  "٣", // Arabic-Indic digit
  "true ",
  "TRUE",
  "fAlSe",
  "yes",
  "null",
  "undefined",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "\u0000",
  "a\u0000b",
  "\uFEFF",
  "\u202Eevil",
  "𝕏🧠👩‍👩‍👧",
  "\uD800",
  "\uDFFF\uD800",
  '\'; DROP TABLE "Thought"; --',
  "${7*7}",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "%zz",
  "9".repeat(400),
  "x".repeat(5000),
];

const HOSTILE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "__defineGetter__",
  "thought_number",
  "thoughtNumber",
  "Thought",
  "THOUGHT_NUMBER",
  "session_id",
  "sessionId",
  "",
  " ",
  "a.b",
  "events[0]",
  "$where",
  "\u0000",
  "__proto__.polluted",
];

const HOSTILE_NUMBERS = [0, -0, -1, 1.5, 0.1, 1e308, -1e308, 2 ** 53 + 2, 2 ** 31, 1e-320, 1_000_001, Number.MAX_VALUE];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.integer(),
  fc.double(), // NaN and ±Infinity serialise as null
);

const hostileKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));

const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileLeaf,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A valid thought with some fields replaced by hostile values, some removed, and hostile extra keys. */
const nearValidThought = fc
  .record({
    base: fc.record({
      thought: fc.oneof(fc.string({ minLength: 1, maxLength: 50 }), hostileValue),
      thoughtNumber: fc.oneof(fc.integer({ min: 1, max: 5 }), hostileValue),
      totalThoughts: fc.oneof(fc.integer({ min: 1, max: 5 }), hostileValue),
      nextThoughtNeeded: fc.oneof(fc.boolean(), hostileValue),
    }),
    optional: fc.record(
      {
        isRevision: hostileValue,
        revisesThought: fc.oneof(fc.integer({ min: 1, max: 5 }), hostileValue),
        branchFromThought: fc.oneof(fc.integer({ min: 1, max: 5 }), hostileValue),
        branchId: hostileValue,
        needsMoreThoughts: hostileValue,
        sessionId: fc.oneof(fc.constantFrom("fuzz-session-a", "fuzz-session-b"), hostileValue),
        stage: hostileValue,
        tags: hostileValue,
        score: hostileValue,
        metadata: hostileValue,
        includeParameterUsage: hostileValue,
      },
      { requiredKeys: [] },
    ),
    drop: fc.subarray(["thought", "thoughtNumber", "totalThoughts", "nextThoughtNeeded"]),
    extra: fc.dictionary(hostileKey, hostileValue, { maxKeys: 3 }),
    snake: fc.boolean(),
  })
  .map(({ base, optional, drop, extra, snake }) => {
    const body: Record<string, unknown> = { ...base, ...optional };
    for (const k of drop) delete body[k];
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) {
      out[snake ? k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : k] = v;
    }
    for (const [k, v] of Object.entries(extra))
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "*/*",
  "",
];
const contentType = fc.oneof(fc.constantFrom(...CONTENT_TYPES), fc.constant(null));

/** JSON text with a raw numeric literal JavaScript cannot represent, or broken JSON. */
const hostileJsonText = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "{",
    "}",
    "[",
    "{}",
    "[]",
    "null",
    "true",
    "0",
    '"x"',
    "{'thought': 'single quotes'}",
    '{"thought": "x",}',
    '{"thought": "x" "thoughtNumber": 1}',
    '{"thought": "x", "thoughtNumber": 1e400, "totalThoughts": 1, "nextThoughtNeeded": false}',
    '{"thought": "x", "thoughtNumber": -1e400, "totalThoughts": 1, "nextThoughtNeeded": false}',
    '{"thought": "x", "thoughtNumber": 123456789012345678901234567890, "totalThoughts": 1, "nextThoughtNeeded": false}',
    '{"thought": "x", "thoughtNumber": 1E-400, "totalThoughts": 1, "nextThoughtNeeded": false}',
    '{"thought": "x", "thoughtNumber": NaN, "totalThoughts": 1, "nextThoughtNeeded": false}',
    '{"thought": "x", "thoughtNumber": Infinity, "totalThoughts": 1, "nextThoughtNeeded": false}',
    '{"thought": "x", "thoughtNumber": 0x1, "totalThoughts": 1, "nextThoughtNeeded": false}',
    '{"__proto__": {"thoughtNumber": 1, "totalThoughts": 1, "nextThoughtNeeded": false}, "thought": "via proto"}',
    '{"constructor": {"prototype": {"polluted": true}}, "thought": "x", "thoughtNumber": 1, "totalThoughts": 1, "nextThoughtNeeded": false}',
    '{"events": [{"id": "x", "type": "thought", "body": {"__proto__": {"thought": "p"}}}]}',
    '\uFEFF{"thought": "bom", "thoughtNumber": 1, "totalThoughts": 1, "nextThoughtNeeded": false}',
    '{"thought": "\\ud800", "thoughtNumber": 1, "totalThoughts": 1, "nextThoughtNeeded": false}',
    '{"thought": "bad escape \\x41", "thoughtNumber": 1, "totalThoughts": 1, "nextThoughtNeeded": false}',
    '{"thought": "dup", "thought": "dup2", "thoughtNumber": 1, "totalThoughts": 1, "nextThoughtNeeded": false}',
    "\u0000",
  ),
  fc.string({ maxLength: 60 }),
  // Valid JSON cut short.
  fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.nat()).map(([v, n]) => {
    const s = JSON.stringify(v) ?? "";
    return s.slice(0, n % (s.length + 1));
  }),
);

/** A value nested `depth` levels deep, as JSON text (built as text: deep JS values are awkward to stringify). */
function nested(depth: number, kind: "array" | "object"): string {
  return kind === "array"
    ? `${"[".repeat(depth)}1${"]".repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}
/** How deep and of what; the JSON text is built in the test (so a counterexample prints short). */
const deepValue = fc.record({
  depth: fc.integer({ min: 1, max: 20_000 }),
  kind: fc.constantFrom("array" as const, "object" as const),
});
const DEEP_EXAMPLE = { depth: 10_000, kind: "array" as const };

// Header values must be printable Latin-1 without CR/LF for fetch to send them.
const headerValue = fc
  .string({ unit: "binary-ascii", minLength: 0, maxLength: 260 })
  .map((s) => s.replace(/[^\x20-\x7e]/g, "x"));

const fcOpts = { numRuns: RUNS, interruptAfterTimeLimit: 25_000, markInterruptAsFailure: false } as const;

// ---- the routes ----

describe("POST /api/v1/thoughts", () => {
  it("arbitrary JSON values", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), contentType, async (value, ct) => {
        await probe("thoughts", "/api/v1/thoughts", post(JSON.stringify(value) ?? "null", ct));
      }),
      fcOpts,
    );
  });

  it("near-valid thoughts with hostile values, keys, spellings and idempotency keys", async () => {
    await fc.assert(
      fc.asyncProperty(nearValidThought, contentType, fc.option(headerValue, { freq: 4 }), async (body, ct, idem) => {
        await probe(
          "thoughts",
          "/api/v1/thoughts",
          post(JSON.stringify(body), ct, idem === null ? {} : { "idempotency-key": idem }),
        );
      }),
      fcOpts,
    );
  });

  it("lone surrogates, NUL and mixed normalisation in every string field, each sent twice (a retry)", async () => {
    // Issue 13: the first send answered 201, the retry (and every later call with that key) a 500.
    const fields: [string, (v: string) => Record<string, unknown>][] = [
      ["thought", (v) => ({ thought: v })],
      ["sessionId", (v) => ({ sessionId: v })],
      ["branchId", (v) => ({ branchFromThought: 1, branchId: v })],
      ["stage", (v) => ({ stage: v })],
      ["tags[0]", (v) => ({ tags: [v] })],
      ["metadata.agent", (v) => ({ metadata: { agent: v } })],
      ["metadata.model", (v) => ({ metadata: { model: v } })],
      ["metadata.client", (v) => ({ metadata: { client: v } })],
      ["metadata.note", (v) => ({ metadata: { note: v } })],
      ["metadata.deep.list[0]", (v) => ({ metadata: { deep: { list: [v] } } })],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), troubledText, async ([field, put], v) => {
        const body = { ...thought(1, 2, { sessionId: `fuzz-text-${v.length}` }), ...put(v) };
        const [first, retry] = [
          await probe("thoughts", "/api/v1/thoughts", post(JSON.stringify(body), "application/json")),
          await probe("thoughts", "/api/v1/thoughts", post(JSON.stringify(body), "application/json")),
        ];
        if (!isWellFormedText(v)) {
          for (const a of [first, retry]) {
            expect(a.status, a.text).toBe(400);
            expect((a.body as { error: { field: string } }).error.field).toBe(field);
          }
        } else if (field === "sessionId" && first.status === 201) {
          // Compared as sent: the retry finds the same session.
          expect((retry.body as { sessionId: string }).sessionId).toBe((first.body as { sessionId: string }).sessionId);
        }
      }),
      fcOpts,
    );
  });

  it("broken JSON text and numbers JavaScript cannot represent", async () => {
    await fc.assert(
      fc.asyncProperty(hostileJsonText, contentType, async (text, ct) => {
        await probe("thoughts", "/api/v1/thoughts", post(text, ct));
      }),
      fcOpts,
    );
  });

  it("deeply nested values anywhere in the body", async () => {
    await fc.assert(
      fc.asyncProperty(deepValue, fc.constantFrom("metadata", "junk", "tags", "thought"), async (deep, field) => {
        const text = `{"thought":"deep","thoughtNumber":1,"totalThoughts":1,"nextThoughtNeeded":false,"sessionId":"fuzz-deep","${field === "thought" ? "thought" : field}":${field === "metadata" ? `{"x":${nested(deep.depth, deep.kind)}}` : nested(deep.depth, deep.kind)}}`;
        await probe("thoughts", "/api/v1/thoughts", post(text, "application/json"));
      }),
      { ...fcOpts, numRuns: Math.min(RUNS, 60), examples: [[DEEP_EXAMPLE, "junk"]] },
    );
  });

  it("wrong keys and auth headers write nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant({}),
          headerValue.map((v) => ({ authorization: `Bearer ${v}` })),
          headerValue.map((v) => ({ authorization: v })),
          headerValue.map((v) => ({ "x-api-key": v })),
        ),
        async (headers) => {
          const before = tableCounts(tg.dbFile);
          const res = await fetch(`${server().url}/api/v1/thoughts`, {
            method: "POST",
            headers: { "content-type": "application/json", ...headers },
            body: JSON.stringify(thought(1, 1, { sessionId: "fuzz-auth" })),
          });
          const a = await readAnswer(res);
          expect(a.status, a.text).toBe(401);
          expect(ZErrorResponse.safeParse(a.body).success).toBe(true);
          expect(tableCounts(tg.dbFile)).toEqual(before);
        },
      ),
      { ...fcOpts, numRuns: Math.min(RUNS, 60) },
    );
  });
});

describe("POST /api/v1/ingest", () => {
  const eventArb = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        id: fc.oneof(hostileString, fc.uuid()),
        type: fc.constantFrom("thought", "thought", "think", ""),
        body: nearValidThought,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ id: hostileValue, type: hostileValue, body: hostileValue }, { requiredKeys: [] }),
    },
    { weight: 1, arbitrary: hostileValue },
  );

  it("lone surrogates, NUL and mixed normalisation in event ids and bodies, each batch sent twice", async () => {
    await fc.assert(
      fc.asyncProperty(troubledText, fc.constantFrom("id", "sessionId", "thought"), async (v, where) => {
        const event = {
          id: where === "id" ? v : `fuzz-ev-${where}-${v.length}-${Math.random()}`,
          type: "thought",
          body: { ...thought(1, 2, { sessionId: "fuzz-ingest-text" }), ...(where === "id" ? {} : { [where]: v }) },
        };
        for (let round = 0; round < 2; round++) {
          const a = await probe(
            "ingest",
            "/api/v1/ingest",
            post(JSON.stringify({ events: [event] }), "application/json"),
          );
          if (!isWellFormedText(v)) {
            // The body check of the REST door refuses the whole request, naming the field.
            expect(a.status, a.text).toBe(400);
            const field = where === "id" ? "events[0].id" : `events[0].body.${where}`;
            expect((a.body as { error: { field: string } }).error.field).toBe(field);
          }
        }
      }),
      fcOpts,
    );
  });

  it("batches of arbitrary and near-valid events", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { minLength: 0, maxLength: 12 }), contentType, async (events, ct) => {
        await probe("ingest", "/api/v1/ingest", post(JSON.stringify({ events }), ct));
      }),
      fcOpts,
    );
  });

  it("arbitrary JSON envelopes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 4 }),
          fc.record({ events: hostileValue }),
          fc.dictionary(hostileKey, hostileValue),
        ),
        async (value) => {
          await probe("ingest", "/api/v1/ingest", post(JSON.stringify(value) ?? "null", "application/json"));
        },
      ),
      fcOpts,
    );
  });

  it("broken JSON text", async () => {
    await fc.assert(
      fc.asyncProperty(hostileJsonText, contentType, async (text, ct) => {
        await probe("ingest", "/api/v1/ingest", post(text, ct));
      }),
      { ...fcOpts, numRuns: Math.min(RUNS, 80) },
    );
  });

  it("deeply nested event bodies", async () => {
    await fc.assert(
      fc.asyncProperty(deepValue, async (deep) => {
        const ok = JSON.stringify({
          id: unique("deep-ok"),
          type: "thought",
          body: thought(1, 1, { sessionId: "fuzz-deep-ingest" }),
        });
        const text = `{"events":[${ok},{"id":"${unique("deep")}","type":"thought","body":{"thought":"x","thoughtNumber":1,"totalThoughts":1,"nextThoughtNeeded":false,"junk":${nested(deep.depth, deep.kind)}}}]}`;
        await probe("ingest", "/api/v1/ingest", post(text, "application/json"));
      }),
      { ...fcOpts, numRuns: Math.min(RUNS, 60), examples: [[DEEP_EXAMPLE]] },
    );
  });
});

describe("GET /api/v1/sessions", () => {
  const param = fc.oneof(
    hostileString,
    fc.integer().map(String),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  );

  it("arbitrary query parameters", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { status: param, updatedSince: param, limit: param, cursor: param, junk: param, constructor: param },
          { requiredKeys: [] },
        ),
        fc.array(fc.tuple(fc.constantFrom("limit", "status", "cursor"), param), { maxLength: 2 }),
        async (params, repeats) => {
          const qs = new URLSearchParams();
          for (const [k, v] of Object.entries(params)) qs.append(k, safeString(v));
          for (const [k, v] of repeats) qs.append(k, safeString(v));
          const a = await probe("read", `/api/v1/sessions?${qs}`, { method: "GET" });
          if (a.status === 200) expect(ZSessionPage.safeParse(a.body).success, a.text).toBe(true);
        },
      ),
      fcOpts,
    );
  });

  it("raw, unencoded query strings", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(
            "limit=%zz",
            "limit=%",
            "cursor=%E0%A4%A",
            "status=%00",
            "limit=1&limit=",
            "&&&",
            "=",
            "limit==5",
            "updatedSince=2026-01-01T00:00:00+25:00",
          ),
          fc.string({ unit: "binary-ascii", maxLength: 40 }).map((s) => s.replace(/[#\s]/g, "")),
        ),
        async (raw) => {
          const a = await probe("read", `/api/v1/sessions?${raw}`, { method: "GET" });
          if (a.status === 200) expect(ZSessionPage.safeParse(a.body).success, a.text).toBe(true);
        },
      ),
      fcOpts,
    );
  });
});

describe("GET /api/v1/sessions/{id} and /export", () => {
  // "." and ".." are not ids: every URL parser (fetch's included) resolves them as dot segments before sending.
  const notDots = (s: string) => s.length > 0 && !/^(\.|%2e){1,2}$/i.test(s);
  const oddId = fc.oneof(
    hostileString.filter(notDots),
    fc.uuid(),
    fc.constantFrom("fuzz-base", "import", "export", "a/b", "a?b", "a#b", "%2F", "%"),
  );

  it("odd ids (encoded)", async () => {
    await fc.assert(
      fc.asyncProperty(oddId, async (id) => {
        const a = await probe("read", `/api/v1/sessions/${encodeURIComponent(safeString(id))}`, { method: "GET" });
        if (a.status === 200) expect(ZSessionGraph.safeParse(a.body).success, a.text).toBe(true);
        // /sessions/import is a route of its own (POST): the route table answers GET there with its JSON 405.
        else if (id === "import") expect(a.status, a.text).toBe(405);
        else expect([400, 404], a.text).toContain(a.status);
      }),
      fcOpts,
    );
  });

  it("odd export formats, on a real session and on odd ids", async () => {
    await fc.assert(
      // null stands for the real session (its id is only known once beforeAll ran).
      fc.asyncProperty(fc.oneof(fc.constant(null), oddId), fc.option(hostileString), async (id, format) => {
        const target = id ?? sessionId;
        const qs = format === null ? "" : `?format=${encodeURIComponent(safeString(format))}`;
        const a = await probe("read", `/api/v1/sessions/${encodeURIComponent(safeString(target))}/export${qs}`, {
          method: "GET",
        });
        if (a.status === 200) {
          if ((a.headers.get("content-type") ?? "").includes("json")) {
            expect(ZSessionExport.safeParse(a.body).success, a.text.slice(0, 300)).toBe(true);
          } else {
            expect(a.headers.get("content-type")).toMatch(/text\/markdown/);
          }
          expect(a.headers.get("content-disposition")).toMatch(/^attachment/);
        }
      }),
      fcOpts,
    );
  });

  it("raw path segments, including malformed percent-escapes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom("%zz", "%", "%E0%A4%A", "%C0%AF", "%FF", "%00", "%2F", "%u0041", "a%"),
          fc
            .string({ unit: "binary-ascii", minLength: 1, maxLength: 20 })
            .map((s) => s.replace(/[^A-Za-z0-9%._~-]/g, "%")),
        ),
        fc.boolean(),
        async (segment, exportRoute) => {
          await probe("read", `/api/v1/sessions/${segment}${exportRoute ? "/export" : ""}`, { method: "GET" });
        },
      ),
      fcOpts,
    );
  });
});

describe("POST /api/v1/sessions/import", () => {
  it("arbitrary JSON values", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.dictionary(hostileKey, hostileValue)),
        contentType,
        async (value, ct) => {
          await probe("import", "/api/v1/sessions/import", post(JSON.stringify(value) ?? "null", ct));
        },
      ),
      fcOpts,
    );
  });

  // Paths into a real export, and what to put there.
  const paths = (e: SessionExport, dates: boolean): (string | number)[][] => {
    const out: (string | number)[][] = [["format"], ["exportedAt"], ["session"], ["thoughts"], ["branches"]];
    const sessionKeys = Object.keys(e.session).filter((k) => dates === /At$/.test(k));
    for (const k of sessionKeys) out.push(["session", k]);
    e.thoughts.forEach((t, i) => {
      for (const k of Object.keys(t).filter((k) => dates === /At$/.test(k))) out.push(["thoughts", i, k]);
    });
    e.branches.forEach((b, i) => {
      for (const k of Object.keys(b).filter((k) => dates === /At$/.test(k))) out.push(["branches", i, k]);
    });
    return dates ? out.filter((p) => /At$/.test(String(p.at(-1)))) : out;
  };

  function mutate(e: SessionExport, path: (string | number)[], value: unknown, remove: boolean): unknown {
    const copy = structuredClone(e) as unknown as Record<string, unknown>;
    let node: Record<string | number, unknown> = copy;
    for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
    const last = path.at(-1)!;
    if (remove) delete node[last];
    else node[last] = value;
    return copy;
  }

  const mutation = (dates: boolean) =>
    fc
      .tuple(fc.nat(), fc.oneof(hostileValue, fc.constantFrom("missing-id", "", null, -1, 0, 1.5, 1e308)), fc.boolean())
      .map(([i, value, remove]) => {
        const all = paths(exported, dates);
        const path = all[i % all.length]!;
        return { path, value, remove };
      });

  it("a valid export with one field replaced by a hostile value or removed (all but the timestamps)", async () => {
    await fc.assert(
      fc.asyncProperty(mutation(false), async ({ path, value, remove }) => {
        await probe(
          "import",
          "/api/v1/sessions/import",
          post(JSON.stringify(mutate(exported, path, value, remove)), "application/json"),
        );
      }),
      fcOpts,
    );
  });

  it("a valid export with one timestamp replaced by a hostile value or removed", async () => {
    await fc.assert(
      fc.asyncProperty(mutation(true), async ({ path, value, remove }) => {
        await probe(
          "import",
          "/api/v1/sessions/import",
          post(JSON.stringify(mutate(exported, path, value, remove)), "application/json"),
        );
      }),
      { ...fcOpts, numRuns: Math.min(RUNS, 60) },
    );
  });

  it("broken JSON text", async () => {
    await fc.assert(
      fc.asyncProperty(hostileJsonText, contentType, async (text, ct) => {
        await probe("import", "/api/v1/sessions/import", post(text, ct));
      }),
      { ...fcOpts, numRuns: Math.min(RUNS, 80) },
    );
  });

  it("deeply nested metadata", async () => {
    await fc.assert(
      fc.asyncProperty(deepValue, async (deep) => {
        const text = JSON.stringify({ ...exported, session: { ...exported.session, metadata: "DEEP" } }).replace(
          '"DEEP"',
          nested(deep.depth, deep.kind),
        );
        await probe("import", "/api/v1/sessions/import", post(text, "application/json"));
      }),
      { ...fcOpts, numRuns: Math.min(RUNS, 40), examples: [[DEEP_EXAMPLE]] },
    );
  });
});

describe("after the fuzzing", () => {
  it("the server is healthy and the base session is intact", async () => {
    const res = await fetch(`${server().url}/api/health`);
    expect(res.status).toBe(200);
    const a = await call(`/api/v1/sessions/${sessionId}`, { method: "GET" });
    const g = ZSessionGraph.parse(a.body);
    expect(g.thoughts.length).toBeGreaterThanOrEqual(4);
    expect(g.thoughts.map((t) => t.seq)).toEqual(g.thoughts.map((_, i) => i + 1));
    expect(g.session.key).toBe(sessionKey);
  });
});

/** encodeURIComponent and URLSearchParams throw on lone surrogates; replace them. */
function safeString(s: string): string {
  return s.replace(/[\uD800-\uDFFF]/g, (c, i: number, all: string) => {
    const code = c.charCodeAt(0);
    if (code <= 0xdbff && /[\uDC00-\uDFFF]/.test(all[i + 1] ?? "")) return c;
    if (code >= 0xdc00 && /[\uD800-\uDBFF]/.test(all[i - 1] ?? "")) return c;
    return "\uFFFD";
  });
}
