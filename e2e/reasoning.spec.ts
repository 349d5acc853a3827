// A session made by ThoughtMCP's reasoning tools, reviewed in Debian's Chromium against the production build (issue
// 16): ponder's four stream branches and its synthesis render in the graph and the transcript, the header shows the
// session's reasoning health, a detect_bias result stored on a thought shows in its detail panel and as a badge on
// its graph node, and a breakdown session draws its dependency edges with a legend entry.
import { expect, test } from "@playwright/test";
import { e2eServer } from "./support/agent";
import { saveScreenshot } from "./support/screens";
import { thoughtmcpTool } from "./support/thoughtmcp";

const { baseURL, apiKey } = e2eServer();
test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const tool = (name: string, args: Record<string, unknown>) => thoughtmcpTool({ baseURL, apiKey }, name, args);

test("a pondered session shows its branches, its reasoning health and a stored bias result", async ({
  page,
}, testInfo) => {
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
  // Four stream branches fork from the problem; the synthesis follows on the main line.
  await expect(page.locator(".tg-graph .react-flow__edge.tg-edge-fork")).toHaveCount(4);
  await expect(page.locator(".tg-graph .react-flow__edge.tg-edge-depends")).toHaveCount(0);
  await expect(page.getByTestId("graph-legend")).toHaveCount(0);
  const problemNode = page.locator(`.tg-graph .react-flow__node[data-id="${problemId}"]`);
  await expect(problemNode.getByTestId("bias-badge")).toHaveText("sunk cost");
  for (const id of ids.slice(1)) {
    await expect(page.locator(`.tg-graph .react-flow__node[data-id="${id}"]`).getByTestId("bias-badge")).toHaveCount(0);
  }

  const health = page.getByTestId("reasoning-health");
  await expect(health).toContainText("4 branches");
  await expect(health).toContainText("linearity 0.333");
  await expect(health).toContainText("0 loops");
  // Below 1280 px the line keeps the warnings and folds the rest into "+n", so it stays one line beside the toolbar.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(health.getByText("0 loops")).toBeHidden();
  const badge = await health.getByText("Health", { exact: true }).boundingBox();
  expect((await health.boundingBox())!.height).toBeLessThan(badge!.height * 2);
  await health.getByRole("button", { name: /all \d+ health figures/ }).click();
  await expect(page.getByRole("dialog")).toContainText("0 loops");
  await expect(page.getByRole("dialog")).toContainText("Consecutive near-duplicate thoughts");
  await saveScreenshot(page, testInfo, "session-health-1024x768.png");
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.locator(`.tg-graph .react-flow__node[data-id="${problemId}"] [data-testid="graph-node"]`).click();
  const assessments = page.getByTestId("thought-assessments");
  await expect(assessments).toContainText("Bias");
  await expect(assessments).toContainText("sunk cost");
  await expect(assessments).toContainText("(rules)");
});

test("a breakdown session draws its dependency edges, distinct from its branches, with a legend", async ({ page }) => {
  const broken = await tool("breakdown", { problem: "Build a scalable web application", maxDepth: 3 });
  const sessionId = broken.sessionId as string;
  const thoughtOf = broken.thoughtOf as Record<string, string>;
  const dependencies = broken.dependencies as { from: string; to: string }[];
  await tool("assess_confidence", { thoughtId: thoughtOf[dependencies[0]!.from]! });

  await page.goto(`/sessions/${sessionId}`);
  const ids = broken.thoughtIds as string[];
  for (const id of ids) await expect(page.locator(`.tg-graph .react-flow__node[data-id="${id}"]`)).toBeVisible();
  // Dependencies that do not coincide with a branch or next edge are drawn as dependency edges.
  const depends = page.locator(".tg-graph .react-flow__edge.tg-edge-depends");
  await expect(depends).not.toHaveCount(0);
  // A dependency edge is drawn dotted, unlike the dashed branch edges and the solid next edges.
  const dash = await depends
    .first()
    .locator("path")
    .first()
    .evaluate((p) => getComputedStyle(p).strokeDasharray);
  expect(dash).toMatch(/^2(px)?,? 3(px)?$/);
  const legend = page.getByTestId("graph-legend");
  await expect(legend).toContainText("depends on");
  await expect(legend).toContainText("branch");
  // The confidence stored on a sub-problem shows on its node.
  const assessed = page.locator(`.tg-graph .react-flow__node[data-id="${thoughtOf[dependencies[0]!.from]!}"]`);
  await expect(assessed.getByTestId("confidence-badge")).toHaveText(/^\d{1,3}%$/);
});
