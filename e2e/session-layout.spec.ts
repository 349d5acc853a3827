// The session view fits the window: at 1440×900, 1280×800 and 1024×768 (panes side by side) and at
// 820×900 and 768×1024 (below 900 px the panes stack) there is no horizontal scrollbar, the graph pane and its zoom
// controls are inside the window, and the opening view draws node text at 11 px or more, more than one node, no
// minimap over them (the View menu turns it on), with the newest thought selected and shown in the detail panel —
// for a small session and for folded 2,940- and 1,000-thought ones; "revises" labels lie on open canvas, not under
// nodes. axe-core finds no critical or serious violation on the session view and the
// share page. A missing session answers with one request (no retries); a graph whose code fails to load says so.
// Screenshots, light and dark, go to test-results/…/screenshots.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { Agent, e2eServer } from "./support/agent";
import { generateSession } from "./support/generate";
import { nodesUnder } from "./support/graph";
import { saveScreenshot } from "./support/screens";
import { showScheme } from "./support/themes";
import { writeSession } from "./support/session-script";

const { baseURL, apiKey } = e2eServer();
const agent = new Agent(baseURL, apiKey);
test.use({ baseURL });

const tag = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  // Stacked panes.
  { width: 820, height: 900 },
  { width: 768, height: 1024 },
];
/** Node text drawn at this size or more (its computed font size × the graph's zoom) counts as readable. */
const READABLE_PX = 11;

const graph = (page: Page) => page.locator(".tg-graph");

/** The graph's zoom, from React Flow's viewport transform (translate(x, y) scale(z)). */
async function graphZoom(page: Page): Promise<number> {
  const transform = await graph(page).locator(".react-flow__viewport").getAttribute("style");
  const scale = /scale\(([\d.]+)\)/.exec(transform ?? "");
  return scale ? Number(scale[1]) : 0;
}

/** The size node text is drawn at: the preview's computed font size × the graph's zoom. */
async function nodeTextPx(page: Page): Promise<number> {
  const zoom = await graphZoom(page);
  const size = await graph(page)
    .locator('[data-testid="graph-node"] .line-clamp-2')
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  return size * zoom;
}

/** Graph nodes (thoughts and folds) with at least 3/4 of their width and all their height inside the graph pane (at
 *  1024×768 the pane is ~430 px wide: a thought in a branch and the main chain beside it cannot both fit whole at a
 *  readable zoom, so the main chain's node may be cut at the pane's left edge by a quarter). */
async function nodesInView(page: Page): Promise<number> {
  const pane = (await graph(page).boundingBox())!;
  const boxes = await graph(page)
    .locator('[data-testid="graph-node"], [data-testid="graph-fold"]')
    .evaluateAll(boxesOf);
  return boxes.filter((b) => {
    const visibleWidth = Math.min(b.x + b.width, pane.x + pane.width) - Math.max(b.x, pane.x);
    return visibleWidth >= 0.75 * b.width && b.y >= pane.y && b.y + b.height <= pane.y + pane.height;
  }).length;
}

async function expectFits(page: Page, size: { width: number; height: number }): Promise<void> {
  const overflow = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    scrollY: document.documentElement.scrollHeight,
    clientY: document.documentElement.clientHeight,
  }));
  expect(overflow.scroll, "no horizontal scrollbar").toBeLessThanOrEqual(overflow.client);
  expect(overflow.scrollY, "the page itself does not scroll").toBeLessThanOrEqual(overflow.clientY);
  for (const [what, box] of [
    ["graph pane", await graph(page).boundingBox()],
    ["zoom controls", await graph(page).locator(".react-flow__controls").boundingBox()],
  ] as const) {
    expect(box, what).not.toBeNull();
    expect(box!.x, what).toBeGreaterThanOrEqual(0);
    expect(box!.y, what).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, what).toBeLessThanOrEqual(size.width);
    expect(box!.y + box!.height, what).toBeLessThanOrEqual(size.height);
  }
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const boxesOf = (els: Element[]): Box[] =>
  els.map((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every "revises" label drawn in the graph pane lies on open canvas: not under a node (a label on a straight edge
 *  along the nodes' left edges was half hidden, "revi"), and not cut by the pane's left edge. */
async function expectRevisesLabelsClear(page: Page, mustShow: boolean): Promise<void> {
  const pane = (await graph(page).boundingBox())!;
  const labels = await graph(page)
    .locator(".react-flow__edge.tg-edge-revises .react-flow__edge-text")
    .evaluateAll(boxesOf);
  const nodes = await graph(page).locator('[data-testid="graph-node"]').evaluateAll(boxesOf);
  const shown = labels.filter((l) => l.y + l.height > pane.y && l.y < pane.y + pane.height);
  if (mustShow) expect(shown.length, "revises labels in view").toBeGreaterThan(0);
  for (const label of shown) {
    expect(
      nodes.filter((n) => overlap(label, n)),
      "nodes over a revises label",
    ).toEqual([]);
    if (label.x + label.width < Math.min(...nodes.map((n) => n.x))) {
      expect(label.x, "a revises label left of the graph starts inside the pane").toBeGreaterThanOrEqual(pane.x);
    }
  }
}

test.describe("the session view fits the window", () => {
  let small: string;
  let large: string;
  /** 1,000 thoughts in 51 lanes: drawn whole, it opened with a single node in view. */
  let mid: string;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    small = (await writeSession(agent, tag("layout"))).sessionId;
    const key = tag("layout-large");
    large = (await agent.ingest(generateSession(2_940, key).bodies, key))[0]!.sessionId!;
    const midKey = tag("layout-mid");
    mid = (await agent.ingest(generateSession(1_000, midKey).bodies, midKey))[0]!.sessionId!;
  });

  for (const size of VIEWPORTS) {
    test(`at ${size.width}×${size.height}: no sideways overflow, graph and controls in the window, readable nodes`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      for (const [name, id] of [
        ["small", small],
        ["large", large],
        ["mid", mid],
      ] as const) {
        await page.goto(`/sessions/${id}`);
        await expect(graph(page).locator('[data-testid="graph-node"]').first()).toBeVisible({ timeout: 30_000 });
        await expect
          .poll(() => nodeTextPx(page), { message: `${name}: node text size at the opening zoom` })
          .toBeGreaterThanOrEqual(READABLE_PX);
        await expectFits(page, size);
        // Not a single node: the opening view shows its neighbours too (a 1,000-thought session opened on one), and
        // no minimap covers them (it starts off; the View menu turns it on).
        expect(await nodesInView(page), `${name}: nodes in view`).toBeGreaterThan(1);
        await expect(graph(page).locator(".react-flow__minimap")).toHaveCount(0);
        // Side by side the small session's graph shows its revisions at the opening view; stacked, maybe not.
        if (name === "small") await expectRevisesLabelsClear(page, size.width >= 1024);
        // The newest thought (seq = the thought count in a session written once) is selected: in the URL, as the
        // transcript's current row, drawn as the selected node inside the window, and shown in the detail panel.
        const count = await page.getByTestId("thought-count").innerText();
        await expect(page).toHaveURL(/[?&]thought=/);
        await expect(page.locator('section[aria-label="Transcript"] [aria-current="true"]')).toHaveAttribute(
          "data-seq",
          count,
        );
        await expect(graph(page).locator('[data-testid="graph-node"].is-selected')).toBeInViewport();
        await expect(
          page.locator('aside[aria-label="Thought detail"]').getByRole("heading", { level: 2 }),
        ).toContainText(/^Thought \d+\/\d+/);
        if (name !== "small") {
          // Folded runs say what they hold.
          await expect(graph(page).locator('[data-testid="graph-fold"]').first()).toContainText(/… [\d,]+ thoughts?/);
        }
        const schemes =
          size.width === 1440 || size.width === 1024 ? (["light", "dark"] as const) : (["light"] as const);
        for (const scheme of schemes) {
          await showScheme(page, scheme);
          await saveScreenshot(page, testInfo, `session-${name}-${size.width}x${size.height}-${scheme}.png`);
        }
        await showScheme(page, "light");
        if (name === "large" && (size.width === 1440 || size.width === 1024)) {
          // The View menu turns the minimap on and off; turned on, it covers no node of the opening view.
          const toggle = async () => {
            await page.getByRole("toolbar", { name: "Session actions" }).getByRole("button", { name: "View" }).click();
            await page.getByRole("menuitemcheckbox", { name: "Minimap" }).click();
          };
          await toggle();
          const minimap = graph(page).locator(".react-flow__minimap");
          await expect(minimap).toBeVisible();
          const covered = () => nodesUnder(minimap, graph(page).locator(".react-flow__node"));
          await expect.poll(covered, { message: `nodes under the minimap at ${size.width}` }).toBe(0);
          await saveScreenshot(page, testInfo, `session-large-${size.width}x${size.height}-minimap.png`);
          await toggle();
          await expect(graph(page).locator(".react-flow__minimap")).toHaveCount(0);
        }
      }
    });
  }

  test("axe: no critical or serious violation on the session view and the share page", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/sessions/${small}`);
    await expect(graph(page).locator('[data-testid="graph-node"]').first()).toBeVisible();
    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations
        .filter((v) => v.impact === "critical" || v.impact === "serious")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(await serious(), "session view").toEqual([]);
    await showScheme(page, "dark");
    expect(await serious(), "session view, dark").toEqual([]);
    await showScheme(page, "light");

    await page.getByRole("toolbar", { name: "Session actions" }).getByRole("button", { name: "Share" }).click();
    await page.getByRole("button", { name: "Create read-only link" }).click();
    const link = await page.getByLabel("New share link").inputValue();
    await page.goto(link);
    await expect(graph(page).locator('[data-testid="graph-node"]').first()).toBeVisible();
    expect(await serious(), "share page").toEqual([]);
    await saveScreenshot(page, testInfo, "share-1440x900-light.png");
    // The share page at 1024×768 fits like the session view, in both themes.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect
      .poll(() => nodeTextPx(page), { message: "share page: node text size at the opening zoom" })
      .toBeGreaterThanOrEqual(READABLE_PX);
    await expectFits(page, { width: 1024, height: 768 });
    for (const scheme of ["light", "dark"] as const) {
      await showScheme(page, scheme);
      expect(await serious(), `share page, 1024 ${scheme}`).toEqual([]);
      await saveScreenshot(page, testInfo, `share-1024x768-${scheme}.png`);
    }
  });

  test("a missing session answers at once: one request, no retries", async ({ page }) => {
    let outlineRequests = 0;
    page.on("request", (r) => {
      if (r.url().includes("sessions.outline")) outlineRequests++;
    });
    await page.goto(`/sessions/${"0".repeat(8)}-0000-7000-8000-${"0".repeat(12)}`);
    await expect(page.getByRole("heading", { name: "Session not found" })).toBeVisible();
    expect(outlineRequests).toBe(1);
  });

  test("when the graph's code cannot load, its pane says so and the transcript still reads", async ({ page }) => {
    const { sessionId } = await writeSession(agent, tag("no-graph"));
    // Refuse the chunk that holds React Flow (found by its contents), as after a deploy removed it.
    await page.route("**/_next/static/chunks/*.js", async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes("react-flow__renderer")) await route.abort("failed");
      else await route.fulfill({ response, body });
    });
    await page.goto(`/sessions/${sessionId}`);
    await expect(page.getByRole("alert").filter({ hasText: "The graph's code did not load" })).toBeVisible();
    await expect(page.locator("[data-seq]").first()).toBeVisible();
  });
});
