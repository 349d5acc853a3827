// A session made by ThoughtMCP's reasoning tools, reviewed in Debian's Chromium against the production build (issue
// 16): ponder's four stream branches and its synthesis render in the graph and the transcript, the header shows the
// session's reasoning health, and a detect_bias result stored on a thought shows in its detail panel.
import { expect, test } from "@playwright/test";
import { e2eServer } from "./support/agent";

const { baseURL, apiKey } = e2eServer();
test.use({ baseURL, viewport: { width: 1440, height: 900 } });

async function tool(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(new URL(`/api/v1/thoughtmcp/${name}`, baseURL), {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(args),
  });
  const envelope = (await res.json()) as { success: boolean; data: Record<string, unknown> };
  expect(res.status, JSON.stringify(envelope)).toBe(200);
  return envelope.data;
}

test("a pondered session shows its branches, its reasoning health and a stored bias result", async ({ page }) => {
  const ponder = await tool("ponder", {
    problem: "We already spent two years on the old platform, so should we keep it for Q1?",
    context: { goals: ["Increase retention", "Launch mobile app"] },
  });
  const sessionId = ponder.sessionId as string;
  const ids = ponder.thoughtIds as string[];
  const problemId = ids[0]!;
  await tool("detect_bias", { thoughtId: problemId });

  await page.goto(`/sessions/${sessionId}`);
  const transcript = page.locator('section[aria-label="Transcript"]');
  await expect(transcript.locator('[data-testid="thought"]')).toHaveCount(6);
  // Every thought is a node; the four streams are branches (lanes) from the problem.
  for (const id of ids) await expect(page.locator(`.tg-graph .react-flow__node[data-id="${id}"]`)).toBeVisible();
  await expect(page.locator(".tg-graph .react-flow__edge")).not.toHaveCount(0);

  const health = page.getByTestId("reasoning-health");
  await expect(health).toContainText("4 branches");
  await expect(health).toContainText("linearity 0.333");
  await expect(health).toContainText("0 loops");

  await page.locator(`.tg-graph .react-flow__node[data-id="${problemId}"] [data-testid="graph-node"]`).click();
  const assessments = page.getByTestId("thought-assessments");
  await expect(assessments).toContainText("Bias");
  await expect(assessments).toContainText("sunk cost");
  await expect(assessments).toContainText("(rules)");
});
