// A live subscription's state in words ("pending" means connected and waiting for the next event).
export const LIVE_WORDS: Record<string, string> = {
  idle: "off",
  connecting: "connecting…",
  pending: "connected",
  error: "disconnected, retrying",
};
