// The event bus: "session S now has thoughts up to seq N". In-process listeners get it at once; on PostgreSQL a
// NOTIFY carries it to every other server process on the same database (LISTEN in server/events/pg-relay.ts).
// Events carry only ids and the seq: a subscriber reads the thoughts themselves, so a missed event costs latency,
// never a gap.
import { EventEmitter } from "node:events";

export interface SessionEvent {
  projectId: string;
  sessionId: string;
  /** The highest seq now stored in the session. */
  seq: number;
}

type Relay = (events: SessionEvent[]) => void;

interface BusState {
  emitter: EventEmitter;
  relay: Relay | null;
}

const g = globalThis as unknown as { __thoughtgraphBus?: BusState };
const state: BusState = (g.__thoughtgraphBus ??= { emitter: new EventEmitter().setMaxListeners(0), relay: null });

/** Called after a write commits. */
export function publish(events: SessionEvent[]): void {
  for (const e of events) deliver(e);
  state.relay?.(events);
}

/** Delivers an event to this process's listeners only (used by the relay for events from other processes). */
export function deliver(e: SessionEvent): void {
  state.emitter.emit(`session:${e.sessionId}`, e);
  state.emitter.emit(`project:${e.projectId}`, e);
}

export function setRelay(relay: Relay | null): void {
  state.relay = relay;
}

/** Listens to one session's events (or a whole project's with `project:` scope); returns the unsubscribe. */
export function subscribe(scope: { sessionId: string } | { projectId: string }, fn: (e: SessionEvent) => void) {
  const name = "sessionId" in scope ? `session:${scope.sessionId}` : `project:${scope.projectId}`;
  state.emitter.on(name, fn);
  return () => {
    state.emitter.off(name, fn);
  };
}
