// Starts and stops the write thread (server/ingest/write-thread.ts says what it is for). Imported by the production
// server (scripts/start.ts) and tests only: Next's bundler would try to bundle the thread's entry file.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Limits } from "@/lib/limits";
import { sqlitePath } from "@/server/db/provider";
import type { CommitResult } from "./commit-sqlite";
import type { WriteRequest } from "./write-batch";
import type { FindingRows } from "./write-findings";
import {
  postRequests,
  receivedOutcomes,
  setWriteThread,
  THREAD_FAILED,
  type CommitMessage,
  type FindingsMessage,
  type FlushSearchMessage,
  type ReplyMessage,
  type WriteThreadHandle,
} from "./write-thread";

interface Waiting {
  resolve: (result: CommitResult | undefined) => void;
  reject: (error: Error) => void;
}

class WriteThread implements WriteThreadHandle {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private failure: Error | null = null;

  constructor(databaseUrl: string) {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const module = pathToFileURL(path.join(here, "write-thread.worker.ts")).href;
    this.worker = new Worker(path.join(here, "write-thread.entry.mjs"), {
      workerData: { module, file: sqlitePath(databaseUrl) },
    });
    this.worker.unref();
    this.worker.on("message", (reply: ReplyMessage) => this.answer(reply));
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => this.fail(new Error(`the write thread exited with code ${code}`)));
  }

  /** False once the thread has failed: later batches run on the serving thread. */
  get alive(): boolean {
    return this.failure === null;
  }

  commit(requests: readonly WriteRequest[], limits: Limits): Promise<CommitResult> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const message: CommitMessage = { id, limits, ...postRequests(requests) };
    return new Promise<CommitResult>((resolve, reject) => {
      this.waiting.set(id, { resolve: (result) => resolve(result!), reject });
      this.worker.postMessage(message);
    });
  }

  storeFindings(findings: FindingRows): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve: () => resolve(), reject });
      this.worker.postMessage({ id, findings } satisfies FindingsMessage);
    });
  }

  flushSearchIndex(): Promise<void> {
    if (this.failure) return Promise.resolve(); // its batches run on the serving thread, which indexes them inline
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve: () => resolve(), reject });
      this.worker.postMessage({ id, flushSearch: true } satisfies FlushSearchMessage);
    });
  }

  async stop(): Promise<void> {
    this.fail(new Error("stopped by the server"), true);
    await this.worker.terminate();
  }

  private answer(reply: ReplyMessage): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if (!reply.ok) waiting.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    else if ("stored" in reply) waiting.resolve(undefined);
    else waiting.resolve({ outcomes: receivedOutcomes(reply.outcomes), events: reply.events });
  }

  private fail(cause: Error, stopped = false): void {
    if (this.failure) return;
    const error = Object.assign(new Error(`The write thread stopped: ${cause.message}`), {
      code: THREAD_FAILED,
      cause,
    });
    this.failure = error;
    if (!stopped)
      console.error("[thoughtgraph] the write thread failed; writes continue on the serving thread:", cause);
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
  }
}

/** Starts the write thread for a SQLite file (the production server calls this once at start). */
export function startWriteThread(databaseUrl: string): WriteThreadHandle {
  const thread = new WriteThread(databaseUrl);
  setWriteThread(thread);
  return thread;
}

export async function stopWriteThread(): Promise<void> {
  await setWriteThread(undefined)?.stop();
}
