// The review screens' layout at the sizes people use, in Debian's Chromium against the production build: the graph's
// compare picker covers no node at 1024×768, a long branch name is cut with an ellipsis inside its node, typed text
// outlives a resize across the 900 px breakpoint, the app bar's search placeholder is whole at 768 px, and the
// sessions list's filters take two rows at 1024 px. Screenshots at 1440×900 and 1024×768, light and dark, with axe.
import { expect, test, type Page } from "@playwright/test";

import { Agent, e2eServer } from "./support/agent";
import { nodesUnder } from "./support/graph";
import { twoLines } from "./support/review-sessions";
import { createConfig } from "./support/score-configs";
import { checkThemes } from "./support/themes";

const server = e2eServer();
const { baseURL, apiKey } = server;
const agent = new Agent(baseURL, apiKey);

test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const tag = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A sub-agent's branch id as OTLP imports write them: longer than a node's chip row. */
const LONG_BRANCH = "researcher-00000000000000000000-7f3a";

let session: { id: string; tip: string } | null = null;

/** Main and a long-named branch, 15 thoughts each after thought 3: taller than the pane at 1024×768, so the opening
 *  view puts the newest thought (the branch's) at the pane's bottom. */
async function branchedSession(): Promise<{ id: string; tip: string }> {
  if (session) return session;
  const key = tag("layout-review");
  const results = await agent.ingest(
    twoLines(key, { fork: 3, mainAfter: 15, branchLength: 15, branchId: LONG_BRANCH }),
    key,
  );
  session = { id: results[0]!.sessionId!, tip: results.at(-1)!.thoughtId! };
  return session;
}

const graph = (page: Page) => page.locator(".tg-graph");
const detail = (page: Page) => page.locator('aside[aria-label="Thought detail"]');

test("1024×768: the compare picker covers no node of the opening view", async ({ page }, testInfo) => {
  const s = await branchedSession();
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/sessions/${s.id}`);
  await expect(page.getByTestId("live-status")).toHaveText("connected");
  const picker = page.getByTestId("compare-picker");
  await expect(picker).toBeVisible();
  await expect(graph(page).locator('[data-testid="graph-node"].is-selected')).toHaveAttribute("data-thought-id", s.tip);
  const nodes = graph(page).locator('[data-testid="graph-node"]');
  await expect.poll(() => nodesUnder(picker, nodes), { message: "nodes under the compare picker" }).toBe(0);
  await expect
    .poll(() => nodesUnder(graph(page).locator(".react-flow__controls"), nodes), {
      message: "nodes under the zoom controls",
    })
    .toBe(0);
  // One row beside the zoom controls, the long branch name cut inside it.
  const bar = (await picker.boundingBox())!;
  const controls = (await graph(page).locator(".react-flow__controls").boundingBox())!;
  expect(bar.height, "the picker on one row").toBeLessThanOrEqual(34);
  expect(bar.x, "the picker right of the zoom controls").toBeGreaterThanOrEqual(controls.x + controls.width);
  // The selected node, the newest, is at the bottom of the pane: above the bar, not under it.
  const selected = (await graph(page).locator('[data-testid="graph-node"].is-selected').boundingBox())!;
  expect(selected.y + selected.height, "the selected node ends above the picker").toBeLessThanOrEqual(bar.y);
  await checkThemes(page, testInfo, "layout-review-session");
});

test("1024×768: a long branch name is cut with an ellipsis inside its node, whole in its title", async ({ page }) => {
  const s = await branchedSession();
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/sessions/${s.id}?thought=${s.tip}`);
  const node = graph(page).locator(`[data-testid="graph-node"][data-thought-id="${s.tip}"]`);
  const chip = node.locator(`[title="${LONG_BRANCH}"]`);
  await expect(chip).toBeVisible();
  await expect(chip).toHaveText(LONG_BRANCH);
  const fit = await chip.evaluate((el) => {
    const nodeBox = el.closest('[data-testid="graph-node"]')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return {
      inside: box.right <= nodeBox.right - 2,
      cut: el.scrollWidth > el.clientWidth,
      ellipsis: style.textOverflow === "ellipsis" && !style.display.includes("flex"),
    };
  });
  expect(fit).toEqual({ inside: true, cut: true, ellipsis: true });
  // The detail panel's heading names the branch inside the panel too.
  const badge = detail(page).getByRole("heading", { level: 2 }).getByTitle(LONG_BRANCH);
  await expect(badge).toHaveText(`branch ${LONG_BRANCH}`);
  const panel = (await detail(page).boundingBox())!;
  const shown = (await badge.boundingBox())!;
  expect(shown.x + shown.width, "the branch badge's right edge in the panel").toBeLessThanOrEqual(
    panel.x + panel.width,
  );
});

test("a draft comment and a score comment outlive a resize across 900 px", async ({ page }) => {
  const s = await branchedSession();
  const config = tag("resize-quality");
  await createConfig(server, { name: config, type: "numeric", min: 1, max: 5, step: 1 });
  await page.goto(`/sessions/${s.id}?thought=${s.tip}`);
  const box = detail(page).getByLabel("Comment on this thought");
  await box.fill("A draft about the retry budget");
  const scoreComment = detail(page).getByLabel(`Comment on ${config}`);
  await scoreComment.fill("Why only a 3");
  for (const size of [
    { width: 820, height: 900 },
    { width: 1024, height: 768 },
    { width: 768, height: 1024 },
  ]) {
    await page.setViewportSize(size);
    await expect(page.locator("#session-panes")).toHaveCSS("flex-direction", size.width >= 900 ? "row" : "column");
    await expect(box, `the draft comment at ${size.width}px`).toHaveValue("A draft about the retry budget");
    await expect(scoreComment, `the score comment at ${size.width}px`).toHaveValue("Why only a 3");
  }
});

test("768 px: the app bar's search placeholder is whole; 1024 px: the sessions filters take two rows", async ({
  page,
}) => {
  // An agent with a long name: the agent filter takes its widest (11 rem).
  await agent.thought({
    sessionId: tag("filters"),
    thought: "Sort the candidates by recall.",
    thoughtNumber: 1,
    totalThoughts: 1,
    nextThoughtNeeded: false,
    metadata: { agent: "research-assistant-with-a-long-name" },
  });
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto("/");
  const search = page.getByRole("combobox", { name: "Search every thought" });
  await expect(search).toBeVisible();
  const room = await search.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.font = style.font;
    const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return inner - ctx.measureText(el.placeholder).width;
  });
  expect(room, "room left beside the placeholder (px)").toBeGreaterThanOrEqual(0);

  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 768 });
    await page.goto("/");
    const filters = page.getByRole("search", { name: "Filter sessions" });
    await expect(filters.getByLabel("Cost", { exact: true })).toBeVisible();
    // Controls whose middles lie within 12 px of each other share a row (inputs, selects and buttons differ in height).
    const rows = await filters.locator("input, select, button").evaluateAll((els) => {
      const middles = els.map((e) => e.getBoundingClientRect()).map((r) => r.top + r.height / 2);
      return middles.sort((a, b) => a - b).filter((m, i, all) => i === 0 || m - all[i - 1]! > 12).length;
    });
    expect(rows, `rows of filters at ${width}px`).toBeLessThanOrEqual(2);
  }
});
