// The live indicator's state, one place: the tRPC subscription's status (EventSource errors and the inactivity
// timeout both surface as "connecting"), whether it has been connected before (then "connecting" means the server was
// lost: "reconnecting"), and a status the server may send on the same stream (e.g. a database outage, issue 17).

export type LiveState = "off" | "connecting" | "live" | "reconnecting" | "offline";

export const LIVE_STATE_WORDS: Record<LiveState, string> = {
  off: "off",
  connecting: "connecting…",
  live: "connected",
  reconnecting: "reconnecting…",
  offline: "disconnected, retrying",
};

/** A status event the server may interleave with thoughts on the subscription; anything else is a thought. */
export interface ServerLiveStatus {
  type: "status";
  status: "live" | "reconnecting";
}

export function isServerLiveStatus(value: unknown): value is ServerLiveStatus {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "status" &&
    typeof (value as { status?: unknown }).status === "string"
  );
}

export function liveStateOf(
  status: "idle" | "connecting" | "pending" | "error",
  everConnected: boolean,
  server: ServerLiveStatus["status"] | null,
): LiveState {
  if (status === "idle") return "off";
  if (status === "error") return "offline";
  if (status === "connecting") return everConnected ? "reconnecting" : "connecting";
  return server === "reconnecting" ? "reconnecting" : "live";
}
