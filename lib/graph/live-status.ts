// The live indicator's state, one place: the tRPC subscription's status (EventSource errors and the inactivity
// timeout both surface as "connecting"), whether it has been connected before (then "connecting" means the server was
// lost: "reconnecting"), and a status the server sends on the same stream while its database link is down.

import type { LiveStatus } from "@/lib/contracts/session";

export type LiveState = "off" | "connecting" | "live" | "reconnecting" | "offline";

export const LIVE_STATE_WORDS: Record<LiveState, string> = {
  off: "off",
  connecting: "connecting…",
  live: "connected",
  reconnecting: "reconnecting…",
  offline: "disconnected, retrying",
};

/** The status the server interleaves with thoughts on the subscription (its contract: LiveStatus); else a thought. */
export type ServerLiveStatus = LiveStatus;

export function isServerLiveStatus(value: unknown): value is ServerLiveStatus {
  return typeof value === "object" && value !== null && "liveStatus" in value;
}

export function liveStateOf(
  status: "idle" | "connecting" | "pending" | "error",
  everConnected: boolean,
  server: ServerLiveStatus["liveStatus"] | null,
): LiveState {
  if (status === "idle") return "off";
  if (status === "error") return "offline";
  if (status === "connecting") return everConnected ? "reconnecting" : "connecting";
  return server === "reconnecting" ? "reconnecting" : "live";
}
