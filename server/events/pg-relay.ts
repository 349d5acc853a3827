// Carries bus events between server processes on one PostgreSQL database: each write's NOTIFY reaches every other
// process's LISTEN, which re-delivers it to its local subscribers. SQLite is single-process: nothing to do there.
//
// The LISTEN connection is the one thing here that must survive a database restart: when it drops, the relay reports
// "reconnecting" on the bus (server/events/bus.ts), reconnects with backoff until it succeeds, then reports "live",
// and every subscription re-reads from its last seq (without this, a 5.5 s outage stopped live updates for good).
// It may use its own URL (THOUGHTGRAPH_LISTEN_DATABASE_URL): LISTEN needs a session of its own, which PgBouncer's
// transaction mode does not give, while NOTIFY and everything else can go through the bouncer.
import { setting } from "@/server/config";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { databaseUrl, providerOf } from "@/server/db/provider";
import { deliver, setRelay, setRelayHealth, type SessionEvent } from "./bus";

const CHANNEL = "thoughtgraph_events";
// NOTIFY payloads must stay under 8,000 bytes; an event is ~120 bytes, so send at most this many per NOTIFY.
const EVENTS_PER_NOTIFY = 50;
// Reconnect backoff: 250 ms doubling to 5 s, ±50 % jitter so a fleet does not reconnect in lockstep. A PostgreSQL
// restart on this machine takes 1-6 s, so the relay is usually back within a second of the server.
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;
// A connection can also die without an error (a silent network drop): a query on it every 10 s notices within 15 s.
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
// A failed NOTIFY (its commit already succeeded) is retried this many times, 200 ms apart, before other processes are
// left to see the write on their next event or reconnect.
const NOTIFY_TRIES = 3;

interface Relay {
  origin: string;
  stopped: boolean;
  /** The current LISTEN connection, null while reconnecting. */
  listener: pg.Client | null;
  /** One small pool for NOTIFY for the relay's whole life (it reconnects by itself), so a reconnect leaves none behind. */
  sender: pg.Pool;
  heartbeat: NodeJS.Timeout | null;
  retry: NodeJS.Timeout | null;
  failures: number;
  /** Settles after the first connection attempt, whether it worked or not (later ones run in the background). */
  firstAttempt: Promise<void>;
}

const g = globalThis as unknown as { __thoughtgraphRelay?: { relay?: Relay } };
const state: { relay?: Relay } = (g.__thoughtgraphRelay ??= {});

/** The URL the LISTEN connection uses: THOUGHTGRAPH_LISTEN_DATABASE_URL (a direct one, past PgBouncer) or DATABASE_URL. */
export function listenDatabaseUrl(): string {
  return setting("THOUGHTGRAPH_LISTEN_DATABASE_URL") ?? databaseUrl();
}

export function ensurePgRelay(): Promise<void> {
  const url = databaseUrl();
  if (providerOf(url) !== "postgresql") return Promise.resolve();
  state.relay ??= startRelay(url);
  return state.relay.firstAttempt;
}

/** Closes the relay's connections (shutdown and tests). */
export async function stopPgRelay(): Promise<void> {
  const relay = state.relay;
  state.relay = undefined;
  if (!relay) return;
  relay.stopped = true;
  if (relay.retry) clearTimeout(relay.retry);
  if (relay.heartbeat) clearInterval(relay.heartbeat);
  setRelay(null);
  setRelayHealth("live");
  await Promise.allSettled([relay.listener?.end(), relay.sender.end()]);
}

function startRelay(url: string): Relay {
  const sender = new pg.Pool({ connectionString: url, max: 1, application_name: "thoughtgraph-notify" });
  sender.on("error", (error) => console.error("[thoughtgraph] NOTIFY connection failed", error.message));
  const relay: Relay = {
    origin: randomUUID(),
    stopped: false,
    listener: null,
    sender,
    heartbeat: null,
    retry: null,
    failures: 0,
    firstAttempt: Promise.resolve(),
  };
  setRelay((events) => notify(relay, events));
  relay.firstAttempt = connect(relay);
  return relay;
}

function notify(relay: Relay, events: SessionEvent[]): void {
  for (let i = 0; i < events.length; i += EVENTS_PER_NOTIFY) {
    const payload = JSON.stringify({ o: relay.origin, e: events.slice(i, i + EVENTS_PER_NOTIFY) });
    const send = async (attempt: number): Promise<void> => {
      try {
        await relay.sender.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]);
      } catch (error) {
        if (relay.stopped) return;
        if (attempt >= NOTIFY_TRIES) {
          console.error("[thoughtgraph] NOTIFY failed; other processes see this write on their next event", error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        await send(attempt + 1);
      }
    };
    void send(1);
  }
}

/** One connection attempt; on failure (or a later loss) the next one is scheduled with backoff, for ever. */
async function connect(relay: Relay): Promise<void> {
  relay.retry = null;
  if (relay.stopped) return;
  const listener = new pg.Client({
    connectionString: listenDatabaseUrl(),
    keepAlive: true,
    application_name: "thoughtgraph-listen", // so an operator (and the fleet test) can count them in pg_stat_activity
  });
  let lost = false;
  const onLost = (error?: Error) => {
    if (lost || relay.stopped) return;
    lost = true;
    if (relay.listener === listener) relay.listener = null;
    if (relay.heartbeat) clearInterval(relay.heartbeat);
    relay.heartbeat = null;
    setRelayHealth("reconnecting");
    console.error("[thoughtgraph] event listener lost its connection; reconnecting", error?.message ?? "");
    void listener.end().catch(() => undefined);
    scheduleReconnect(relay);
  };
  listener.on("error", onLost);
  listener.on("end", () => onLost());
  listener.on("notification", (msg) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const { o, e } = JSON.parse(msg.payload) as { o: string; e: SessionEvent[] };
      if (o !== relay.origin) for (const event of e) deliver(event);
    } catch {
      // A payload we did not write: ignore it.
    }
  });
  try {
    await listener.connect();
    await listener.query(`LISTEN ${CHANNEL}`);
  } catch (error) {
    onLost(error as Error);
    return;
  }
  if (relay.stopped || lost) {
    await listener.end().catch(() => undefined);
    return;
  }
  relay.listener = listener;
  relay.failures = 0;
  relay.heartbeat = setInterval(() => {
    const timeout = setTimeout(() => onLost(new Error("heartbeat timed out")), HEARTBEAT_TIMEOUT_MS);
    listener.query("SELECT 1").then(
      () => clearTimeout(timeout),
      (error: Error) => {
        clearTimeout(timeout);
        onLost(error);
      },
    );
  }, HEARTBEAT_MS);
  relay.heartbeat.unref();
  // Listening again: every subscription re-reads from its last seq, making up for events missed while down.
  setRelayHealth("live");
}

function scheduleReconnect(relay: Relay): void {
  if (relay.stopped || relay.retry) return;
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** relay.failures);
  relay.failures += 1;
  relay.retry = setTimeout(() => void connect(relay), base * (0.5 + Math.random()));
  relay.retry.unref();
}
