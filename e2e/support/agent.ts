// An agent writing to thoughtgraph over REST, as the browser tests and the UI benchmark drive it: single thoughts
// (POST /api/v1/thoughts) and batches (POST /api/v1/ingest, at most 1,000 events per request). Plain fetch, so it
// works in Playwright specs and in scripts alike.

export interface ThoughtBody {
  sessionId?: string;
  thought: string;
  thoughtNumber: number;
  totalThoughts: number;
  nextThoughtNeeded: boolean;
  isRevision?: boolean;
  revisesThought?: number;
  branchFromThought?: number;
  branchId?: string;
  metadata?: Record<string, unknown>;
}

export interface ThoughtAnswer {
  sessionId: string;
  thoughtId: string;
  seq: number;
  thoughtNumber: number;
  totalThoughts: number;
  branches: string[];
  thoughtHistoryLength: number;
  flags: string[];
}

export interface IngestResult {
  id: string | null;
  status: number;
  sessionId?: string;
  thoughtId?: string;
  seq?: number;
  error?: { code: string; message: string };
}

export const INGEST_BATCH = 1_000;

export class Agent {
  constructor(
    readonly baseURL: string,
    private readonly apiKey: string,
  ) {}

  private async post(route: string, body: unknown): Promise<{ status: number; json: unknown; text: string }> {
    const res = await fetch(new URL(route, this.baseURL), {
      method: "POST",
      headers: { authorization: `Bearer ${this.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: the caller reports the text
    }
    return { status: res.status, json, text };
  }

  /** One thought; throws unless the server answers 201 (a new thought). */
  async thought(body: ThoughtBody): Promise<ThoughtAnswer> {
    const res = await this.post("/api/v1/thoughts", body);
    if (res.status !== 201) throw new Error(`POST /api/v1/thoughts answered ${res.status}: ${res.text.slice(0, 500)}`);
    return res.json as ThoughtAnswer;
  }

  /** Ingests bodies in batches of INGEST_BATCH events (in order); throws if any event is not 201. */
  async ingest(bodies: readonly ThoughtBody[], idPrefix: string): Promise<IngestResult[]> {
    const all: IngestResult[] = [];
    for (let from = 0; from < bodies.length; from += INGEST_BATCH) {
      const events = bodies.slice(from, from + INGEST_BATCH).map((body, i) => ({
        id: `${idPrefix}-${from + i}`,
        type: "thought",
        body,
      }));
      const res = await this.post("/api/v1/ingest", { events });
      if (res.status !== 207) throw new Error(`POST /api/v1/ingest answered ${res.status}: ${res.text.slice(0, 500)}`);
      const results = (res.json as { results: IngestResult[] }).results;
      const bad = results.find((r) => r.status !== 201);
      if (bad) throw new Error(`ingest event ${bad.id} answered ${bad.status}: ${JSON.stringify(bad.error)}`);
      all.push(...results);
    }
    return all;
  }
}

/** The server the Playwright run started (e2e/global-setup.ts puts its URL and key in the environment). */
export function e2eServer(): { baseURL: string; apiKey: string } {
  const baseURL = process.env.THOUGHTGRAPH_E2E_URL;
  const apiKey = process.env.THOUGHTGRAPH_E2E_API_KEY;
  if (!baseURL || !apiKey) throw new Error("THOUGHTGRAPH_E2E_URL/_API_KEY are unset: run through playwright.config.ts");
  return { baseURL, apiKey };
}
