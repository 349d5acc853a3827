// Sign-in is required unless THOUGHTGRAPH_SINGLE_USER=1, and single-user mode is honoured only on a loopback bind:
// nobody else can reach the dashboard then. scripts/start.ts refuses to start with it on any other address.
import { setting } from "@/server/config";

export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

export function singleUserRequested(): boolean {
  return setting("THOUGHTGRAPH_SINGLE_USER");
}

export function singleUserMode(): boolean {
  return singleUserRequested() && isLoopbackHost(setting("HOST"));
}
