// A score config made over REST with the run's API key (the specs that are not about the config manager).
import { expect } from "@playwright/test";

export async function createConfig(
  server: { baseURL: string; apiKey: string },
  body: Record<string, unknown>,
): Promise<void> {
  const res = await fetch(new URL("/api/v1/score-configs", server.baseURL), {
    method: "POST",
    headers: { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBe(201);
}
