// ThoughtMCP's tools over REST (POST /api/v1/thoughtmcp/<tool>), as specs seed reasoning sessions and memories.
import { expect } from "@playwright/test";

/** Calls one tool; expects HTTP 200 and returns the envelope's `data`. */
export async function thoughtmcpTool(
  server: { baseURL: string; apiKey: string },
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const res = await fetch(new URL(`/api/v1/thoughtmcp/${name}`, server.baseURL), {
    method: "POST",
    headers: { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(args),
  });
  const envelope = (await res.json()) as { success: boolean; data: Record<string, unknown> };
  expect(res.status, JSON.stringify(envelope)).toBe(200);
  return envelope.data;
}
