// Helpers for the API test suite (test/api/*): start the real production server on a fresh database, call it, read
// answers as JSON, check them against the zod contracts, and count rows straight from the SQLite file (the ground
// truth for "nothing was written").
import net from "node:net";

import Database from "better-sqlite3";
import { expect } from "vitest";
import { z } from "zod";

import { ZErrorResponse } from "@/lib/contracts/errors";
import {
  ZImportResult,
  ZSessionGraph,
  ZSessionPage,
  type SessionGraph,
  type SessionSummary,
} from "@/lib/contracts/session";
import { ZThoughtResult, type ThoughtResult } from "@/lib/contracts/thought";
import { api, startServer, type RunningServer } from "@/scripts/lib/server-process";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

export { api, type RunningServer };

export { ZImportResult };

export interface SqliteServer {
  server: RunningServer;
  databaseUrl: string;
  /** The database file path (without the `file:` prefix). */
  dbFile: string;
}

/** The real production server on a fresh SQLite file. */
export async function startSqliteServer(label: string, env?: Record<string, string>): Promise<SqliteServer> {
  const databaseUrl = freshSqliteUrl(label);
  const server = await startServer({ databaseUrl, ...(env ? { env } : {}) });
  return { server, databaseUrl, dbFile: databaseUrl.replace(/^file:/, "") };
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: T;
  isJson: boolean;
}

/** One request with the suite's key (unless the caller sets its own auth header); reads the whole answer. */
export async function call<T = unknown>(
  server: RunningServer,
  route: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<Answer<T>> {
  const res = await api(server, route, init);
  return readAnswer<T>(res);
}

export async function readAnswer<T = unknown>(res: Response): Promise<Answer<T>> {
  const text = await res.text();
  let body: unknown = undefined;
  let isJson = false;
  try {
    body = JSON.parse(text);
    isJson = true;
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, text, body: body as T, isJson };
}

/** Asserts the answer is the JSON error shape with this status (and field, when given); returns the error. */
export function expectError(a: Answer, status: number, field?: string | RegExp) {
  expect(a.status, a.text).toBe(status);
  expect(a.headers.get("content-type") ?? "", a.text).toMatch(/application\/json/);
  const parsed = ZErrorResponse.safeParse(a.body);
  expect(parsed.success, `not the error shape: ${a.text}`).toBe(true);
  const error = parsed.data!.error;
  expect(error.message.length).toBeGreaterThan(0);
  if (typeof field === "string") expect(error.field, a.text).toBe(field);
  else if (field) expect(error.field ?? "", a.text).toMatch(field);
  return error;
}

/** Parses `a.body` with a schema and fails the test with zod's message when it does not match. */
export function expectShape<S extends z.ZodType>(schema: S, a: unknown): z.infer<S> {
  const body = isAnswer(a) ? a.body : a;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `response does not match its contract: ${parsed.error.message}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
  return parsed.data;
}

function isAnswer(a: unknown): a is Answer {
  return typeof a === "object" && a !== null && "status" in a && "headers" in a && "text" in a;
}

export const thought = (n: number, total: number, extra: Record<string, unknown> = {}) => ({
  thought: `thought ${n} of ${total}`,
  thoughtNumber: n,
  totalThoughts: total,
  nextThoughtNeeded: n < total,
  ...extra,
});

/** POST /api/v1/thoughts; on 201/200 the body is checked against ZThoughtResult. */
export async function postThought(
  server: RunningServer,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<ThoughtResult>> {
  const a = await call<ThoughtResult>(server, "/api/v1/thoughts", { method: "POST", json: body, headers });
  if (a.status === 200 || a.status === 201) expectShape(ZThoughtResult, a);
  return a;
}

/** POST a thought that must be recorded (201); returns the result. */
export async function record(server: RunningServer, body: unknown, headers: Record<string, string> = {}) {
  const a = await postThought(server, body, headers);
  expect(a.status, a.text).toBe(201);
  return a.body;
}

/** GET /api/v1/sessions/{id}, checked against ZSessionGraph. */
export async function getGraph(server: RunningServer, idOrKey: string): Promise<SessionGraph> {
  const a = await call(server, `/api/v1/sessions/${encodeURIComponent(idOrKey)}`);
  expect(a.status, a.text).toBe(200);
  return expectShape(ZSessionGraph, a);
}

/** Every session of the project, following nextCursor. */
export async function allSessions(server: RunningServer, query = ""): Promise<SessionSummary[]> {
  const out: SessionSummary[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const qs = new URLSearchParams(query);
    qs.set("limit", "200");
    if (cursor) qs.set("cursor", cursor);
    const a = await call(server, `/api/v1/sessions?${qs}`);
    expect(a.status, a.text).toBe(200);
    const p = expectShape(ZSessionPage, a);
    out.push(...p.sessions);
    cursor = p.nextCursor;
    if (!cursor) return out;
  }
  throw new Error("more than 1000 pages of sessions");
}

/** What the API reports: sessions by id with their thought counts. */
export async function apiSnapshot(server: RunningServer): Promise<Map<string, number>> {
  return new Map((await allSessions(server)).map((s) => [s.id, s.thoughtCount]));
}

export interface TableCounts {
  sessions: number;
  thoughts: number;
  branches: number;
  events: number;
  keys: number;
  versions: number;
}

/** Row counts of the named tables, read straight from the SQLite file (read-only; the server may keep running). */
export function rowCounts<K extends string>(dbFile: string, tables: Record<K, string>): Record<K, number> {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const n = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;
    return Object.fromEntries(Object.entries<string>(tables).map(([k, table]) => [k, n(table)])) as Record<K, number>;
  } finally {
    db.close();
  }
}

/** The write path's tables. */
export function tableCounts(dbFile: string): TableCounts {
  return rowCounts(dbFile, {
    sessions: "ThinkingSession",
    thoughts: "Thought",
    branches: "Branch",
    events: "IngestEvent",
    keys: "IngestKey",
    versions: "ThoughtVersion",
  });
}

/** A unique string per call, for session keys and idempotency keys. */
let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The write failed (the server closed the connection before taking the whole request). */
  writeError: string | null;
}

/**
 * Sends one HTTP/1.1 request over a plain socket and returns whatever answer arrived, even when the server closes
 * the connection before reading the whole body (fetch reports that as a network error and drops the answer).
 */
export function rawHttp(
  server: RunningServer,
  opts: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    /** Send the body with Transfer-Encoding: chunked (no Content-Length), in 64 KiB chunks. */
    chunked?: boolean;
    /**
     * Send the headers, then wait this long for an early answer before sending the body (and send no body if one
     * came), as a client using `Expect: 100-continue` would. Without it, a server that answers early and closes
     * makes our writes fail with EPIPE, and the socket is torn down before its answer can be read.
     */
    waitBeforeBodyMs?: number;
    /**
     * With waitBeforeBodyMs: send the body up to this many payload bytes first, then wait (default 0: wait right
     * after the headers). Keep it just past a server's limit, so the server has already answered and closed by the
     * time we would write again, instead of racing its close.
     */
    waitAfterBytes?: number;
  },
): Promise<RawAnswer> {
  const url = new URL(server.url);
  const payload = opts.body === undefined ? Buffer.alloc(0) : Buffer.from(opts.body);
  const body = opts.chunked ? chunkEncode(payload) : payload;
  const headers: Record<string, string> = {
    host: url.host,
    authorization: `Bearer ${server.apiKey}`,
    ...(opts.chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(body.length) }),
    connection: "close",
    ...opts.headers,
  };
  const head = `${opts.method} ${opts.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n")}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let writeError: string | null = null;
    const socket = net.connect(Number(url.port), url.hostname);
    const timer = setTimeout(() => socket.destroy(new Error("raw request timed out")), 30_000);
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("error", (e: NodeJS.ErrnoException) => {
      writeError ??= e.code ?? e.message;
    });
    socket.on("close", () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString("utf8");
      const end = raw.indexOf("\r\n\r\n");
      if (end === -1) {
        reject(new Error(`no HTTP answer (write error: ${writeError}); got ${JSON.stringify(raw.slice(0, 200))}`));
        return;
      }
      const [statusLine, ...lines] = raw.slice(0, end).split("\r\n");
      const out: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let text = raw.slice(end + 4);
      if (out["transfer-encoding"]?.includes("chunked")) text = dechunk(text);
      resolve({ status: Number(statusLine!.split(" ")[1]), headers: out, body: text, writeError });
    });
    socket.on("connect", () => {
      // Write the body in pieces so an early answer from the server can arrive while we are still sending.
      let at = 0;
      const pump = (until = body.length, then?: () => void) => {
        while (at < until) {
          const piece = body.subarray(at, Math.min(until, at + 64 * 1024));
          at += piece.length;
          if (!socket.write(piece)) {
            socket.once("drain", () => pump(until, then));
            return;
          }
        }
        then?.();
      };
      socket.write(head);
      if (opts.waitBeforeBodyMs) {
        const waitThenRest = () => {
          const early = () => clearTimeout(wait);
          const wait = setTimeout(() => {
            socket.off("data", early);
            pump();
          }, opts.waitBeforeBodyMs);
          socket.once("data", early);
        };
        const first = opts.waitAfterBytes ?? 0;
        pump(Math.min(body.length, opts.chunked ? chunkedOffset(first) : first), waitThenRest);
      } else {
        pump();
      }
    });
  });
}

const CHUNK = 64 * 1024;

/** Where payload byte `n` sits in the chunk-encoded stream (full chunks: "10000\r\n" + 64 KiB + "\r\n"). */
function chunkedOffset(n: number): number {
  const header = `${CHUNK.toString(16)}\r\n`.length;
  return Math.floor(n / CHUNK) * (header + CHUNK + 2) + (n % CHUNK === 0 ? 0 : header + (n % CHUNK));
}

function chunkEncode(payload: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < payload.length; at += CHUNK) {
    const piece = payload.subarray(at, at + CHUNK);
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from("0\r\n\r\n"));
  return Buffer.concat(parts);
}

function dechunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const nl = rest.indexOf("\r\n");
    if (nl === -1) return out;
    const size = Number.parseInt(rest.slice(0, nl), 16);
    if (!Number.isFinite(size) || size === 0) return out;
    out += rest.slice(nl + 2, nl + 2 + size);
    rest = rest.slice(nl + 2 + size + 2);
  }
}
