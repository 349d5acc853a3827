// Model connections, always scoped to one project: create (the API key sealed at once, ./secret-box.ts), list, change,
// test (lists the endpoint's models through the guarded fetch) and delete (refused while a judge uses it). The key is
// write-only: no answer carries it, only whether there is one and its last 4 characters. Another project's connection
// answers 404.
import "@/server/server-only";
import type {
  ConnectionInput,
  ConnectionTestResult,
  ConnectionUpdate,
  ConnectionView,
  ModelProvider,
} from "@/lib/contracts/judges";
import { DEFAULT_CONNECTION_CONCURRENCY, TIMEOUT_RANGE_MS } from "@/lib/contracts/judges";
import { isUuid, uuidv7 } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/db-errors";
import { ConflictError, NotFoundError } from "@/server/errors";
import { classify } from "./judge-call";
import { checkUrl } from "./outbound-fetch";
import { baseUrlOf, fetchFor, modelListRequest, type OpenConnection } from "./providers";
import { openSecret, sealSecret } from "./secret-box";

export type ConnectionRow = Awaited<ReturnType<Db["modelConnection"]["findFirstOrThrow"]>>;

/** Models listed by a test, at most. */
const MODELS_SHOWN = 100;

export function toConnectionView(row: ConnectionRow, judgeCount: number): ConnectionView {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider as ModelProvider,
    baseUrl: row.baseUrl,
    hasApiKey: row.apiKeyCipher !== null,
    apiKeyLast4: row.apiKeyLast4,
    allowPrivateNetwork: row.allowPrivateNetwork,
    maxConcurrency: row.maxConcurrency,
    timeoutMs: row.timeoutMs,
    inputPricePerMTok: row.inputPricePerMTok,
    outputPricePerMTok: row.outputPricePerMTok,
    judgeCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The connection with its key opened, for a call. */
export function openConnection(row: ConnectionRow): OpenConnection {
  return {
    id: row.id,
    provider: row.provider as ModelProvider,
    baseUrl: row.baseUrl,
    apiKey: row.apiKeyCipher === null ? null : openSecret(row.apiKeyCipher, row.id),
    allowPrivateNetwork: row.allowPrivateNetwork,
    timeoutMs: row.timeoutMs,
    inputPricePerMTok: row.inputPricePerMTok,
    outputPricePerMTok: row.outputPricePerMTok,
  };
}

const nameTaken = (name: string) =>
  new ConflictError(`A model connection named "${name}" already exists.`, "name", "Choose another name.");

/** Refuses a base URL on a private address unless allowed, before anything is stored (calls check again). */
function checkBaseUrl(baseUrl: string | null, provider: ModelProvider, allowPrivateNetwork: boolean): void {
  const url = baseUrlOf({ provider, baseUrl });
  try {
    checkUrl(new URL(url), allowPrivateNetwork);
  } catch (error) {
    throw new ConflictError(
      (error as Error).message,
      "baseUrl",
      "A local model server needs allowPrivateNetwork: true, which only an admin may set.",
    );
  }
}

export async function findConnection(db: Db, projectId: string, id: string, field = "id"): Promise<ConnectionRow> {
  const row = isUuid(id) ? await db.modelConnection.findFirst({ where: { projectId, id } }) : null;
  if (!row) throw new NotFoundError(`Model connection "${id}"`, field);
  return row;
}

async function judgeCounts(db: Db, projectId: string): Promise<Map<string, number>> {
  const groups = await db.judge.groupBy({
    by: ["connectionId"],
    where: { projectId, deletedAt: null },
    _count: { _all: true },
  });
  return new Map(groups.flatMap((g) => (g.connectionId === null ? [] : [[g.connectionId, g._count._all] as const])));
}

export async function listConnections(db: Db, projectId: string): Promise<ConnectionView[]> {
  const [rows, counts] = await Promise.all([
    db.modelConnection.findMany({ where: { projectId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    judgeCounts(db, projectId),
  ]);
  return rows.map((r) => toConnectionView(r, counts.get(r.id) ?? 0));
}

export async function getConnection(db: Db, projectId: string, id: string): Promise<ConnectionView> {
  const row = await findConnection(db, projectId, id);
  return toConnectionView(row, (await judgeCounts(db, projectId)).get(row.id) ?? 0);
}

export async function createConnection(db: Db, projectId: string, input: ConnectionInput): Promise<ConnectionView> {
  const allowPrivateNetwork = input.allowPrivateNetwork ?? false;
  checkBaseUrl(input.baseUrl ?? null, input.provider, allowPrivateNetwork);
  const id = uuidv7();
  try {
    const row = await db.modelConnection.create({
      data: {
        id,
        projectId,
        name: input.name,
        provider: input.provider,
        baseUrl: input.baseUrl ?? null,
        apiKeyCipher: input.apiKey === undefined ? null : sealSecret(input.apiKey, id),
        apiKeyLast4: input.apiKey === undefined ? null : input.apiKey.slice(-4),
        allowPrivateNetwork,
        maxConcurrency: input.maxConcurrency ?? DEFAULT_CONNECTION_CONCURRENCY,
        timeoutMs: input.timeoutMs ?? TIMEOUT_RANGE_MS.default,
        inputPricePerMTok: input.inputPricePerMTok ?? null,
        outputPricePerMTok: input.outputPricePerMTok ?? null,
      },
    });
    return toConnectionView(row, 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

export async function updateConnection(
  db: Db,
  projectId: string,
  id: string,
  input: ConnectionUpdate,
): Promise<ConnectionView> {
  const row = await findConnection(db, projectId, id);
  const provider = row.provider as ModelProvider;
  const baseUrl = input.baseUrl === undefined ? row.baseUrl : input.baseUrl;
  if (provider === "openai-compatible" && baseUrl === null) {
    throw new ConflictError("An openai-compatible connection needs a baseUrl.", "baseUrl", "Send the server's URL.");
  }
  const allowPrivateNetwork = input.allowPrivateNetwork ?? row.allowPrivateNetwork;
  checkBaseUrl(baseUrl, provider, allowPrivateNetwork);
  try {
    await db.modelConnection.update({
      where: { id: row.id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        baseUrl,
        ...(input.apiKey !== undefined
          ? {
              apiKeyCipher: input.apiKey === null ? null : sealSecret(input.apiKey, row.id),
              apiKeyLast4: input.apiKey === null ? null : input.apiKey.slice(-4),
            }
          : {}),
        allowPrivateNetwork,
        ...(input.maxConcurrency !== undefined ? { maxConcurrency: input.maxConcurrency } : {}),
        ...(input.timeoutMs !== undefined ? { timeoutMs: input.timeoutMs } : {}),
        ...(input.inputPricePerMTok !== undefined ? { inputPricePerMTok: input.inputPricePerMTok } : {}),
        ...(input.outputPricePerMTok !== undefined ? { outputPricePerMTok: input.outputPricePerMTok } : {}),
        updatedAt: new Date(),
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name ?? row.name);
    throw error;
  }
  return getConnection(db, projectId, row.id);
}

/** Deletes a connection; a judge that still calls through it makes this a 409 naming the judges. Deleted judges
 *  (kept for their scores) let go of it. */
export async function deleteConnection(db: Db, projectId: string, id: string): Promise<void> {
  const row = await findConnection(db, projectId, id);
  const users = await db.judge.findMany({
    where: { projectId, connectionId: row.id, deletedAt: null },
    select: { name: true },
    take: 5,
  });
  if (users.length > 0) {
    throw new ConflictError(
      `Model connection "${row.name}" is used by ${users.map((j) => `judge "${j.name}"`).join(", ")}.`,
      "id",
      "Delete those judges or move them to another connection first.",
    );
  }
  await db.modelConnection.delete({ where: { id: row.id } });
}

/**
 * Tests a connection: lists the endpoint's models (GET {base}/models) through the guarded fetch, with the
 * connection's key and time limit. Never throws for the endpoint's failure: the answer says what it said.
 */
export async function testConnection(db: Db, projectId: string, id: string): Promise<ConnectionTestResult> {
  const connection = openConnection(await findConnection(db, projectId, id));
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const { url, headers } = modelListRequest(connection);
  try {
    const res = await fetchFor(connection)(url, { headers });
    const text = await res.text();
    if (!res.ok) {
      return {
        ok: false,
        latencyMs: latency(),
        models: [],
        error: `HTTP ${res.status}: ${text.slice(0, 500)}`,
        status: res.status,
      };
    }
    return { ok: true, latencyMs: latency(), models: modelIds(text), error: null, status: res.status };
  } catch (error) {
    const failure = classify(error, connection);
    return { ok: false, latencyMs: latency(), models: [], error: failure.message, status: failure.status };
  }
}

/** Model ids from an OpenAI, Anthropic or Ollama-style list; none when the answer is in another shape. */
function modelIds(text: string): string[] {
  try {
    const body = JSON.parse(text) as { data?: { id?: unknown }[]; models?: { name?: unknown; model?: unknown }[] };
    const ids = body.data?.map((m) => m.id) ?? body.models?.map((m) => m.model ?? m.name) ?? [];
    return ids.filter((v): v is string => typeof v === "string").slice(0, MODELS_SHOWN);
  } catch {
    return [];
  }
}
