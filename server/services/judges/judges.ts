// Judges, always scoped to one project: create, list, change, delete (kept as a row so its scores still name it) and
// preview (one real call on one thought or session, answering the exact messages sent; nothing stored). Every change
// is checked as a whole: the connection and config are the project's, the config can be filled by a judge, the
// template's variables exist for the target. Runs: ./runs.ts; the calls themselves: ./worker.ts.
import "@/server/server-only";
import type {
  JudgeInput,
  JudgeUpdate,
  JudgeView,
  ModelProvider,
  PreviewInput,
  PreviewResult,
} from "@/lib/contracts/judges";
import type { QueueFilter } from "@/lib/contracts/queues";
import { judgeFillProblem, judgeOutputSchema } from "@/lib/judges/output-schema";
import { defaultPrompt, parseTemplate, type JudgeTarget } from "@/lib/judges/template";
import { isUuid, uuidv7 } from "@/lib/ids";
import { Prisma, type Db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/db-errors";
import { ConflictError, DomainError, NotFoundError, ValidationError } from "@/server/errors";
import { findConfig, ruleOf } from "../scores/score-configs";
import { findSession } from "../sessions/sessions";
import { budgetPause, recordUsage } from "./budget";
import { findConnection, openConnection } from "./connections";
import { callJudge } from "./judge-call";
import { judgeMessages, loadContextSession, type JudgeSpec } from "./judge-input";

const judgeInclude = {
  connection: { select: { name: true, provider: true } },
  config: true,
} as const;

type JudgeRowWith = NonNullable<Awaited<ReturnType<typeof findJudgeRow>>>;

async function findJudgeRow(db: Db, projectId: string, id: string) {
  return isUuid(id) ? db.judge.findFirst({ where: { projectId, id, deletedAt: null }, include: judgeInclude }) : null;
}

export async function findJudge(db: Db, projectId: string, id: string, field = "id"): Promise<JudgeRowWith> {
  const row = await findJudgeRow(db, projectId, id);
  if (!row) throw new NotFoundError(`Judge "${id}"`, field);
  return row;
}

export function toJudgeView(row: JudgeRowWith): JudgeView {
  return {
    id: row.id,
    name: row.name,
    connectionId: row.connectionId ?? "",
    connectionName: row.connection?.name ?? "(deleted)",
    provider: (row.connection?.provider ?? "openai-compatible") as ModelProvider,
    model: row.model,
    scoreConfigId: row.configId,
    configName: row.config.name,
    configType: row.config.type as JudgeView["configType"],
    target: row.target as JudgeTarget,
    prompt: row.prompt,
    autoRun: row.autoRun,
    sampleRate: row.sampleRate,
    autoFilter: (row.autoFilter as Record<string, unknown> | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The judge as its calls need it. */
export function specOf(row: JudgeRowWith): JudgeSpec {
  return {
    target: row.target as JudgeTarget,
    prompt: row.prompt,
    rule: ruleOf(row.config),
    description: row.config.description,
  };
}

interface JudgeShape {
  connectionId: string;
  scoreConfigId: string;
  target: JudgeTarget;
  prompt: string;
}

/** Checks a judge as a whole: its connection and config exist here, the config can be filled, the template parses. */
async function checkShape(db: Db, projectId: string, shape: JudgeShape): Promise<void> {
  await findConnection(db, projectId, shape.connectionId, "connectionId");
  const config = await findConfig(db, projectId, shape.scoreConfigId, "scoreConfigId");
  const problem = judgeFillProblem({ ...ruleOf(config), archived: config.archivedAt !== null });
  if (problem) throw new ValidationError(problem);
  const parsed = parseTemplate(shape.prompt, shape.target);
  if (!parsed.ok) throw new ValidationError(parsed.problem);
}

const nameTaken = (name: string) =>
  new ConflictError(`A judge named "${name}" already exists.`, "name", "Choose another name, or delete that judge.");

/** The judge's auto run (one per judge, made when auto-running is first turned on). */
async function ensureAutoRun(db: Db, projectId: string, judgeId: string): Promise<void> {
  const existing = await db.judgeRun.findFirst({ where: { judgeId, kind: "auto" }, select: { id: true } });
  if (existing) {
    await db.judgeRun.update({ where: { id: existing.id }, data: { cancelledAt: null } });
    return;
  }
  await db.judgeRun.create({
    data: { id: uuidv7(), projectId, judgeId, kind: "auto", scope: {}, createdBy: "auto" },
  });
}

export async function createJudge(db: Db, projectId: string, input: JudgeInput): Promise<JudgeView> {
  const shape = { ...input, prompt: input.prompt ?? defaultPrompt(input.target) };
  await checkShape(db, projectId, shape);
  const id = uuidv7();
  try {
    await db.judge.create({
      data: {
        id,
        projectId,
        name: input.name,
        activeName: input.name,
        connectionId: input.connectionId,
        model: input.model,
        configId: input.scoreConfigId,
        target: input.target,
        prompt: shape.prompt,
        autoRun: input.autoRun ?? false,
        sampleRate: input.sampleRate ?? 1,
        autoFilter: input.autoFilter ?? undefined,
        autoSince: input.autoRun ? new Date() : null,
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
  if (input.autoRun) await ensureAutoRun(db, projectId, id);
  return toJudgeView(await findJudge(db, projectId, id));
}

export async function listJudges(db: Db, projectId: string): Promise<JudgeView[]> {
  const rows = await db.judge.findMany({
    where: { projectId, deletedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: judgeInclude,
  });
  return rows.map(toJudgeView);
}

export async function getJudge(db: Db, projectId: string, id: string): Promise<JudgeView> {
  return toJudgeView(await findJudge(db, projectId, id));
}

export async function updateJudge(db: Db, projectId: string, id: string, input: JudgeUpdate): Promise<JudgeView> {
  const row = await findJudge(db, projectId, id);
  const target = input.target ?? (row.target as JudgeTarget);
  // A target change without a new prompt moves a default prompt along; a custom one is checked against the target.
  const prompt =
    input.prompt ??
    (input.target && row.prompt === defaultPrompt(row.target as JudgeTarget) ? defaultPrompt(target) : row.prompt);
  await checkShape(db, projectId, {
    connectionId: input.connectionId ?? row.connectionId ?? "",
    scoreConfigId: input.scoreConfigId ?? row.configId,
    target,
    prompt,
  });
  const autoRun = input.autoRun ?? row.autoRun;
  try {
    await db.judge.update({
      where: { id: row.id },
      data: {
        ...(input.name !== undefined ? { name: input.name, activeName: input.name } : {}),
        ...(input.connectionId !== undefined ? { connectionId: input.connectionId } : {}),
        ...(input.model !== undefined ? { model: input.model } : {}),
        ...(input.scoreConfigId !== undefined ? { configId: input.scoreConfigId } : {}),
        target,
        prompt,
        autoRun,
        ...(input.sampleRate !== undefined ? { sampleRate: input.sampleRate } : {}),
        ...(input.autoFilter !== undefined ? { autoFilter: input.autoFilter ?? Prisma.DbNull } : {}),
        // Turning auto-running on judges sessions created from now on, not the project's history (a backfill does).
        ...(autoRun && !row.autoRun ? { autoSince: new Date() } : {}),
        updatedAt: new Date(),
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name ?? row.name);
    throw error;
  }
  if (autoRun && !row.autoRun) await ensureAutoRun(db, projectId, row.id);
  return getJudge(db, projectId, row.id);
}

/** Deletes a judge: it stops, its queued jobs are cancelled, and its row stays (deleted) so its scores name it. */
export async function deleteJudge(db: Db, projectId: string, id: string): Promise<void> {
  const row = await findJudge(db, projectId, id);
  const now = new Date();
  await db.$transaction(async (tx) => {
    await tx.judge.update({
      where: { id: row.id },
      data: { deletedAt: now, activeName: null, autoRun: false, updatedAt: now },
    });
    const runs = await tx.judgeRun.findMany({ where: { judgeId: row.id, finishedAt: null }, select: { id: true } });
    for (const run of runs) {
      const { count } = await tx.judgeJob.updateMany({
        where: { runId: run.id, status: "queued" },
        data: { status: "cancelled", finishedAt: now, updatedAt: now },
      });
      await tx.judgeRun.update({ where: { id: run.id }, data: { cancelled: { increment: count }, cancelledAt: now } });
    }
  });
}

/** The target of a preview: a thought judge needs a thought; a session judge takes a session or one of its thoughts. */
async function previewTarget(
  db: Db,
  projectId: string,
  target: JudgeTarget,
  input: PreviewInput,
): Promise<{ sessionId: string; thoughtId: string | null }> {
  if (input.thoughtId !== undefined) {
    const thought = isUuid(input.thoughtId)
      ? await db.thought.findFirst({ where: { projectId, id: input.thoughtId }, select: { id: true, sessionId: true } })
      : null;
    if (!thought) throw new NotFoundError(`Thought "${input.thoughtId}"`, "thoughtId");
    return { sessionId: thought.sessionId, thoughtId: target === "thought" ? thought.id : null };
  }
  if (input.sessionId === undefined) {
    throw new ValidationError({
      field: "thoughtId",
      message: "thoughtId (or, for a session judge, sessionId) is required.",
      suggestion: "Preview the judge on one thought of a session.",
    });
  }
  if (target === "thought") {
    throw new ValidationError({
      field: "thoughtId",
      message: "This judge scores each thought: preview it on a thought (thoughtId), not a session.",
    });
  }
  // By id or by the agent's own key, as runs and the sessions routes take it.
  const session = await findSession(db, projectId, input.sessionId).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new NotFoundError(`Session "${input.sessionId}"`, "sessionId") : error;
  });
  return { sessionId: session.id, thoughtId: null };
}

/**
 * Runs the judge once on one target and answers the exact messages, the schema and what would be stored. Stores no
 * score; the call counts against the daily budget, and a spent budget refuses it.
 */
export async function previewJudge(db: Db, projectId: string, id: string, input: PreviewInput): Promise<PreviewResult> {
  const row = await findJudge(db, projectId, id);
  const spec = { ...specOf(row), ...(input.prompt !== undefined ? { prompt: input.prompt } : {}) };
  const target = await previewTarget(db, projectId, spec.target, input);
  if (!row.connectionId) throw new ConflictError("This judge has no model connection.", "connectionId");
  const paused = await budgetPause(db, projectId);
  if (paused)
    throw new DomainError("rate_limited", 429, paused, "dailyCallLimit", "Raise the budget in the judges' settings.");
  const messages = judgeMessages(spec, await loadContextSession(db, projectId, target.sessionId), target.thoughtId);
  const connection = openConnection(await findConnection(db, projectId, row.connectionId, "connectionId"));
  const outcome = await callJudge(connection, row.model, spec.rule, messages);
  await recordUsage(
    db,
    projectId,
    { calls: 1, tokens: (outcome.inputTokens ?? 0) + (outcome.outputTokens ?? 0) },
    new Date(),
  );
  return {
    messages: [
      { role: "system", content: messages.system },
      { role: "user", content: messages.user },
    ],
    schema: judgeOutputSchema(spec.rule),
    model: row.model,
    answer: outcome.ok
      ? {
          value: outcome.answer.value,
          stringValue: outcome.answer.stringValue,
          rationale: outcome.answer.rationale,
          confidence: outcome.answer.confidence,
        }
      : null,
    error: outcome.ok ? null : outcome.message,
    inputTokens: outcome.inputTokens,
    outputTokens: outcome.outputTokens,
    costUsd: outcome.costUsd,
    latencyMs: outcome.latencyMs,
  };
}

/** The judges' automatic filter, typed. */
export const autoFilterOf = (row: { autoFilter: unknown }): QueueFilter => row.autoFilter ?? {};
