// The judge worker: one per server process (scripts/start.ts starts it). It claims due jobs connection by connection
// (./jobs.ts: concurrency per connection across every instance, the daily budget), makes each call (./judge-call.ts)
// and ends each job in one transaction. It wakes when a run is made or a call ends in this process, and polls
// every POLL_MS for jobs made by other instances, retries coming due and leases of dead processes. Every
// AUTO_SCAN_MS it looks for newly completed sessions for the auto-running judges (./auto-run.ts).
//
// Data flow and guarantees: server/services/judges/README.md.
import "@/server/server-only";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { providerOfDb, type Db } from "@/server/db/client";
import { scanAutoRuns } from "./auto-run";
import { findConnection, openConnection, type ConnectionRow } from "./connections";
import { callJudge } from "./judge-call";
import { judgeMessages, SessionContextCache } from "./judge-input";
import { claimJobs, connectionsWithDueJobs, finishJob, type JobResult, type JobRow } from "./jobs";
import { specOf } from "./judges";
import { refreshQueueUncertainty } from "./queue-uncertainty";
import { registerJudgeWorker, type WorkerSignal } from "./worker-handle";
import { DomainError } from "@/server/errors";

/** How often an idle worker looks for jobs other instances queued (and retries coming due): a claim query of ~1 ms. */
export const POLL_MS = 500;
/** The pause after a failed pass (the database restarting): one log line per pause, not one per poll. */
const ERROR_PAUSE_MS = 5_000;
/** How often auto-running judges look for newly completed sessions. */
export const AUTO_SCAN_MS = 5_000;
/**
 * How long the worker reuses what it read of a connection, a judge (its connection, config and prompt) and a run's
 * state: read once a second rather than for every call, which took 5 of ~18 statements per judgment on SQLite. An
 * edit applies to calls that start up to a second later; a cancel stops queued jobs at once and cuts off this
 * process's calls in flight, and the end of any call made in between checks the run again.
 */
const READ_REUSE_MS = 1_000;

export interface JudgeWorkerOptions {
  pollMs?: number;
  autoScanMs?: number;
}

export class JudgeWorker {
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  private readonly postgres: boolean;
  private readonly inFlight = new Map<string, { job: JobRow; abort: AbortController }>();
  private readonly contexts = new SessionContextCache();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private again = false;
  private stopped = false;
  private lastAutoScan = 0;
  private readonly reads = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly db: Db,
    private readonly options: JudgeWorkerOptions = {},
  ) {
    this.postgres = providerOfDb(db) === "postgresql";
  }

  start(): this {
    registerJudgeWorker((signal) => this.wake(signal));
    this.schedule(0);
    return this;
  }

  /** Stops claiming; calls in flight are cut off and their jobs left for a lease to run out (as after a crash). */
  stop(): void {
    this.stopped = true;
    registerJudgeWorker(null);
    if (this.timer) clearTimeout(this.timer);
    for (const { abort } of this.inFlight.values()) abort.abort();
  }

  wake(signal?: WorkerSignal): void {
    if (signal?.cancelledRun) {
      this.reads.delete(`run:${signal.cancelledRun}`);
      for (const { job, abort } of this.inFlight.values()) if (job.runId === signal.cancelledRun) abort.abort();
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
  }

  private async tick(): Promise<void> {
    this.timer = null;
    this.ticking = true;
    this.again = false;
    let failed = false;
    try {
      const now = Date.now();
      if (now - this.lastAutoScan >= (this.options.autoScanMs ?? AUTO_SCAN_MS)) {
        this.lastAutoScan = now;
        await scanAutoRuns(this.db, new Date(now));
      }
      for (const connectionId of await connectionsWithDueJobs(this.db)) await this.claimFor(connectionId);
    } catch (error) {
      // The database is restarting or out of reach: try again at the next poll.
      failed = true;
      console.error("[judges] worker pass failed:", error instanceof Error ? error.message : error);
    } finally {
      this.ticking = false;
      const poll = this.options.pollMs ?? POLL_MS;
      this.schedule(failed ? Math.max(poll, ERROR_PAUSE_MS) : this.again ? 0 : poll);
    }
  }

  /** `read()`'s answer, reused for READ_REUSE_MS (a failed read is not kept). */
  private reuse<T>(key: string, read: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.reads.get(key);
    if (hit && now - hit.at < READ_REUSE_MS) return hit.value as Promise<T>;
    if (this.reads.size > 1_000) {
      for (const [k, v] of this.reads) if (now - v.at >= READ_REUSE_MS) this.reads.delete(k);
    }
    const value = read();
    this.reads.set(key, { at: now, value });
    value.catch(() => this.reads.delete(key));
    return value;
  }

  private judgeOf(id: string) {
    return this.reuse(`judge:${id}`, () =>
      this.db.judge.findUniqueOrThrow({
        where: { id },
        include: { connection: { select: { name: true, provider: true } }, config: true },
      }),
    );
  }

  private runCancelled(id: string): Promise<boolean> {
    return this.reuse(`run:${id}`, async () => {
      const run = await this.db.judgeRun.findUniqueOrThrow({ where: { id }, select: { cancelledAt: true } });
      return run.cancelledAt !== null;
    });
  }

  private async claimFor(connectionId: string): Promise<void> {
    const row = await this.reuse(`connection:${connectionId}`, () =>
      this.db.modelConnection.findUnique({ where: { id: connectionId } }),
    );
    if (!row) return;
    const mine = [...this.inFlight.values()].filter((f) => f.job.connectionId === connectionId).length;
    const jobs = await claimJobs(this.db, this.postgres, row, this.owner, row.maxConcurrency - mine);
    for (const job of jobs) {
      const abort = new AbortController();
      this.inFlight.set(job.id, { job, abort });
      void this.run(job, row, abort.signal).finally(() => {
        this.inFlight.delete(job.id);
        this.schedule(0);
      });
    }
  }

  private async run(job: JobRow, connectionRow: ConnectionRow, signal: AbortSignal): Promise<void> {
    let result: JobResult;
    try {
      const [judge, cancelled] = await Promise.all([this.judgeOf(job.judgeId), this.runCancelled(job.runId)]);
      if (cancelled || judge.deletedAt !== null) {
        result = { kind: "cancelled" };
      } else {
        const connection = openConnection(
          judge.connectionId === connectionRow.id
            ? connectionRow
            : await findConnection(this.db, job.projectId, judge.connectionId ?? "", "connectionId"),
        );
        const spec = specOf(judge);
        const session = await this.contexts.get(this.db, job.projectId, job.sessionId);
        const messages = judgeMessages(spec, session, job.thoughtId);
        const outcome = await callJudge(connection, judge.model, spec.rule, messages, signal);
        const spend = {
          inputTokens: outcome.inputTokens,
          outputTokens: outcome.outputTokens,
          costUsd: outcome.costUsd,
          latencyMs: outcome.latencyMs,
        };
        result = outcome.ok
          ? { kind: "judged", answer: outcome.answer, model: judge.model, configId: judge.configId, spend }
          : {
              kind: "failed",
              failure: outcome.kind,
              message: outcome.message,
              status: outcome.status,
              retryAfterMs: outcome.retryAfterMs,
              spend,
            };
      }
    } catch (error) {
      // Nothing was sent: a template that no longer parses, a prompt over the limit, a key that cannot be opened.
      const known = error instanceof DomainError;
      if (!known) console.error("[judges] job preparation failed:", error);
      const message = known ? error.message : "The job could not be prepared (see the server log).";
      result = { kind: "failed", failure: "blocked", message, status: null, retryAfterMs: null, spend: null };
    }
    if (this.stopped) return;
    try {
      const outcome = await finishJob(this.db, job, this.owner, result);
      if (outcome === "judged") await refreshQueueUncertainty(this.db, job.projectId, [job.sessionId]);
    } catch (error) {
      // The job stays running under this lease; when the lease runs out another pass claims it again.
      console.error("[judges] could not record a job's end:", error instanceof Error ? error.message : error);
    }
  }
}

const SLOT = Symbol.for("thoughtgraph.judgeWorkerInstance");

/** Starts this process's worker once (scripts/start.ts). */
export function startJudgeWorker(db: Db, options?: JudgeWorkerOptions): JudgeWorker {
  const g = globalThis as { [SLOT]?: JudgeWorker };
  g[SLOT] ??= new JudgeWorker(db, options).start();
  return g[SLOT];
}
