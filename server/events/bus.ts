// The event bus: "session S now has thoughts up to seq N". In-process listeners get it at once; on PostgreSQL a
// NOTIFY carries it to every other server process on the same database (LISTEN in server/events/pg-relay.ts).
// Events carry only ids and the seq: a subscriber reads the thoughts themselves, so a missed event costs latency,
// never a gap. The relay's health says whether events from other processes can arrive: while it is "reconnecting"
// a subscriber cannot be sure it is up to date (its page says so), and when it is "live" again every subscriber
// re-reads from its last seq, which makes up for whatever was written elsewhere in between.
import { EventEmitter } from "node:events";

export interface SessionEvent {
  projectId: string;
  sessionId: string;
  /** The highest seq now stored in the session. */
  seq: number;
}

type Relay = (events: SessionEvent[]) => void;

/** "live": this process hears every other process's writes (or there are none: SQLite). */
export type RelayHealth = "live" | "reconnecting";

interface BusState {
  emitter: EventEmitter;
  relay: Relay | null;
  health: RelayHealth;
}

const g = globalThis as unknown as { __thoughtgraphBus?: BusState };
const state: BusState = (g.__thoughtgraphBus ??= {
  emitter: new EventEmitter().setMaxListeners(0),
  relay: null,
  health: "live",
});
state.health ??= "live"; // a state object made by an older copy of this module (dev hot reload)

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

export function relayHealth(): RelayHealth {
  return state.health;
}

/** Set by the relay when its LISTEN connection is lost or back. */
export function setRelayHealth(health: RelayHealth): void {
  if (state.health === health) return;
  state.health = health;
  state.emitter.emit("relay-health", health);
}

/** Listens to relay health changes; returns the unsubscribe. */
export function onRelayHealth(fn: (health: RelayHealth) => void) {
  state.emitter.on("relay-health", fn);
  return () => {
    state.emitter.off("relay-health", fn);
  };
}
