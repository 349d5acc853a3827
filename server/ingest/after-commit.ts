// What follows a committed batch of thoughts outside the write path itself: the subscribers. The writer
// (thought-writer.ts) announces each batch here after COMMIT and after the event bus, then answers; the work that
// follows a write subscribes to it instead of being called by the writer, so the write path imports none of it:
//   - the search indexer (search-indexer.ts, PostgreSQL: wake a pass for the new thoughts)
//   - the reasoning detectors (server/services/reasoning/detect-on-write.ts, when a project turns them on)
// A module subscribes when it is loaded. The production server loads both at start (scripts/start.ts); the search
// indexer is also loaded by everything that commits (commit.ts).
import type { SessionEventRef } from "./write-batch";

/** A thought the batch wrote, with its text (for the detectors). */
export interface WrittenThought {
  projectId: string;
  sessionId: string;
  thoughtId: string;
  text: string;
}

export interface CommittedBatch {
  /** The sessions the batch wrote to, with the highest seq each now holds (what the event bus announced). */
  events: readonly SessionEventRef[];
  /** The thoughts it wrote (replays and refused requests are not written). */
  thoughtCount: number;
  /** The projects it wrote to. */
  projectIds: ReadonlySet<string>;
  /** Its thoughts, built when asked for: a subscriber that does not need them costs the writer nothing. */
  written: () => WrittenThought[];
  /** Taken before the batch was planned: none of its thoughts was created before this time. */
  startedAt: number;
}

type Subscriber = (batch: CommittedBatch) => void;

// On globalThis: the production server loads server modules twice (Next's bundle, and the agent fast path through
// tsx), and a batch committed by either copy of the writer must reach the subscribers either copy registered.
const g = globalThis as unknown as { __thoughtgraphAfterCommit?: Map<string, Subscriber> };
const subscribers = (g.__thoughtgraphAfterCommit ??= new Map<string, Subscriber>());

/** Runs `fn` after every committed batch. A second subscription under the same name replaces the first (the second
 *  copy of a module). `fn` must not wait: the writer answers once every subscriber has returned. */
export function onCommitted(name: string, fn: Subscriber): () => void {
  subscribers.set(name, fn);
  return () => {
    if (subscribers.get(name) === fn) subscribers.delete(name);
  };
}

/** Called by the writer after COMMIT. A subscriber that throws is logged; the batch is written and the others run. */
export function committed(batch: CommittedBatch): void {
  for (const [name, fn] of subscribers) {
    try {
      fn(batch);
    } catch (error) {
      console.error(`[thoughtgraph] after-commit subscriber "${name}" failed:`, error);
    }
  }
}
