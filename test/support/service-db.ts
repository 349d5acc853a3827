// A fresh, migrated SQLite database for a service test file, and a way to write sessions into it through the real
// writer (the same path every door takes). Import from a test file's beforeAll: the services read DATABASE_URL on
// first use.
import { freshSqliteUrl } from "./sqlite-file";

export interface WrittenSession {
  session: string;
  ids: string[];
}

export async function freshServiceDb(label: string) {
  process.env.DATABASE_URL = freshSqliteUrl(label);
  await (await import("@/server/db/migrations")).applyMigrations(process.env.DATABASE_URL);
  const { getDb } = await import("@/server/db/client");
  const { defaultProjectIdOf } = await import("@/server/db/default-project");
  const { submitThoughts } = await import("@/server/ingest/thought-writer");
  const { parseThoughtInput } = await import("@/lib/contracts/thought");
  const projectId = await defaultProjectIdOf(getDb());

  /** Writes `texts` as thoughts 1..n of the session with agent key `key`, one request each. */
  async function writeSession(key: string, texts: string[], project = projectId): Promise<WrittenSession> {
    const ids: string[] = [];
    let session = "";
    for (const [i, thought] of texts.entries()) {
      const raw = {
        sessionId: key,
        thought,
        thoughtNumber: i + 1,
        totalThoughts: texts.length,
        nextThoughtNeeded: i + 1 < texts.length,
      };
      const parsed = parseThoughtInput(raw);
      if (!parsed.ok) throw new Error(`bad test input: ${parsed.problem.message}`);
      const [o] = await submitThoughts([
        { projectId: project, apiKeyId: null, input: parsed.value, raw, idempotencyKey: null },
      ]);
      if (!o?.result) throw new Error(`write refused: ${JSON.stringify(o?.error)}`);
      ids.push(o.result.thoughtId);
      session = o.result.sessionId;
    }
    return { session, ids };
  }

  return { db: getDb(), projectId, writeSession };
}
