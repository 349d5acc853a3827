// Carries bus events between server processes on one PostgreSQL database: each write's NOTIFY reaches every other
// process's LISTEN, which re-delivers it to its local subscribers. SQLite is single-process: nothing to do there.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { databaseUrl, providerOf } from "@/server/db/provider";
import { deliver, setRelay, type SessionEvent } from "./bus";

const CHANNEL = "thoughtgraph_events";
// NOTIFY payloads must stay under 8,000 bytes; an event is ~120 bytes, so send at most this many per NOTIFY.
const EVENTS_PER_NOTIFY = 50;

interface RelayState {
  started?: Promise<void>;
  stop?: () => Promise<void>;
}
const g = globalThis as unknown as { __thoughtgraphRelay?: RelayState };
const state: RelayState = (g.__thoughtgraphRelay ??= {});

export function ensurePgRelay(): Promise<void> {
  const url = databaseUrl();
  if (providerOf(url) !== "postgresql") return Promise.resolve();
  state.started ??= start(url).catch((error: unknown) => {
    state.started = undefined;
    console.error("[thoughtgraph] could not LISTEN for events; live updates stay within this process", error);
  });
  return state.started;
}

/** Closes the relay's connections (shutdown and tests). */
export async function stopPgRelay(): Promise<void> {
  const stop = state.stop;
  state.stop = undefined;
  state.started = undefined;
  await stop?.();
}

async function start(url: string): Promise<void> {
  const origin = randomUUID();
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  listener.on("notification", (msg) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const { o, e } = JSON.parse(msg.payload) as { o: string; e: SessionEvent[] };
      if (o !== origin) for (const event of e) deliver(event);
    } catch {
      // A payload we did not write: ignore it.
    }
  });
  let stopped = false;
  listener.on("error", (error) => {
    if (stopped) return;
    console.error("[thoughtgraph] event listener lost its connection; reconnecting", error);
    state.started = undefined;
    setRelay(null);
    setTimeout(() => void ensurePgRelay(), 1_000);
  });
  await listener.query(`LISTEN ${CHANNEL}`);
  const sender = new pg.Pool({ connectionString: url, max: 1 });
  sender.on("error", (error) => console.error("[thoughtgraph] NOTIFY connection failed", error));
  state.stop = async () => {
    stopped = true;
    setRelay(null);
    await Promise.allSettled([listener.end(), sender.end()]);
  };
  setRelay((events) => {
    for (let i = 0; i < events.length; i += EVENTS_PER_NOTIFY) {
      const payload = JSON.stringify({ o: origin, e: events.slice(i, i + EVENTS_PER_NOTIFY) });
      sender.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]).catch((error: unknown) => {
        console.error("[thoughtgraph] NOTIFY failed; other processes see this write on their next read", error);
      });
    }
  });
}
