// The CLI's requests to a thoughtgraph server: a transcript file to POST /api/v1/import/transcript, thought events to
// POST /api/v1/ingest, and a session's thoughts' source refs from GET /api/v1/sessions/{key}. Errors come back as the server's message.
import type { ThoughtEvent } from "../../../lib/normalised/plan-thoughts";
import type { TranscriptImportResult } from "../../../lib/contracts/transcripts";
import { unreachable } from "../client";

export interface ServerRef {
  baseUrl: string;
  apiKey?: string;
}

const headers = (s: ServerRef, type: string): Record<string, string> => ({
  "content-type": type,
  "x-thoughtgraph-client": "thoughtgraph-cli",
  ...(s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {}),
});

/** fetch, with a failure to connect said as the stdio bridge says it (where, why, how to start the server). */
async function send(s: ServerRef, url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const e = unreachable(s.baseUrl, error);
    throw new Error(`${e.message} ${e.suggestion ?? ""}`.trim());
  }
}

async function answer<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`the server answered ${res.status} with no JSON`);
  }
  if (!res.ok && res.status !== 207) {
    const e = (body as { error?: { message?: string; suggestion?: string } }).error;
    throw new Error(e?.message ? `${e.message}${e.suggestion ? ` ${e.suggestion}` : ""}` : `status ${res.status}`);
  }
  return body as T;
}

export async function postTranscript(s: ServerRef, text: string, name: string): Promise<TranscriptImportResult> {
  const url = new URL("/api/v1/import/transcript", s.baseUrl);
  url.searchParams.set("name", name.slice(0, 200));
  const res = await send(s, url, { method: "POST", headers: headers(s, "application/jsonl"), body: text });
  return answer<TranscriptImportResult>(res);
}

/** Sends events in batches of at most 1,000; answers how many the server wrote (201) and saw before (200, 409). */
export async function postEvents(
  s: ServerRef,
  events: readonly ThoughtEvent[],
): Promise<{ written: number; seen: number }> {
  let written = 0;
  let seen = 0;
  for (let at = 0; at < events.length; at += 1_000) {
    const res = await send(s, new URL("/api/v1/ingest", s.baseUrl), {
      method: "POST",
      headers: headers(s, "application/json"),
      body: JSON.stringify({ events: events.slice(at, at + 1_000) }),
    });
    const { results } = await answer<{ results: { status: number; error?: { message: string } }[] }>(res);
    for (const r of results) {
      if (r.status === 201) written += 1;
      else if (r.status === 200 || r.status === 409) seen += 1;
      else throw new Error(r.error?.message ?? `an event was refused with status ${r.status}`);
    }
  }
  return { written, seen };
}

/** The source refs of a session's thoughts on the server (none when it has no such session). */
export async function knownSourceRefs(s: ServerRef, sessionKey: string): Promise<Set<string>> {
  const res = await send(s, new URL(`/api/v1/sessions/${encodeURIComponent(sessionKey)}`, s.baseUrl), {
    headers: headers(s, "application/json"),
  });
  if (res.status === 404) return new Set();
  const { thoughts } = await answer<{ thoughts: { detail: { sourceRef?: string } | null }[] }>(res);
  return new Set(thoughts.flatMap((t) => (t.detail?.sourceRef ? [t.detail.sourceRef] : [])));
}
