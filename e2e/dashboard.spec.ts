// The review dashboard in Debian's Chromium against the production build (server from e2e/global-setup.ts): an agent
// writes a branching, revising session over REST while the page is open; the graph (one node per thought, the
// right next/fork/revises edges) and the transcript grow live; keyboard navigation and the ?thought= selection; the
// revision diff; exports; a hostile thought stays text; the sessions list (search, live new sessions); a session big
// enough to fold; screenshots of the main screens in test-results/screenshots/.
import fs from "node:fs";

import { expect, test, type Page } from "@playwright/test";

import { escapeMarkdownText } from "../lib/markdown/escape";
import { Agent, e2eServer, type IngestResult } from "./support/agent";
import { generateSession } from "./support/generate";
import { saveScreenshot } from "./support/screens";
import {
  EXPECTED_EDGES,
  STEPS,
  XSS,
  edgeId,
  textOf,
  writeSession,
  type WrittenSession,
} from "./support/session-script";

declare global {
  interface Window {
    __xss?: number;
    __sameDocument?: boolean;
  }
}

const { baseURL, apiKey } = e2eServer();
const agent = new Agent(baseURL, apiKey);

test.use({ baseURL, viewport: { width: 1440, height: 900 } });

/** A unique tag per test run and test, so titles and searches never collide with other sessions in the database. */
const tag = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

const graph = (page: Page) => page.locator(".tg-graph");
const graphNodes = (page: Page) => graph(page).locator('[data-testid="graph-node"]');
const transcript = (page: Page) => page.locator('section[aria-label="Transcript"]');
const row = (page: Page, seq: number) => transcript(page).locator(`[data-testid="thought"][data-seq="${seq}"]`);
const detail = (page: Page) => page.locator('aside[aria-label="Thought detail"]');
/** React Flow's wrapper of a node carries the node id (data-id); ours is the [data-testid=graph-node] inside. */
const nodeFor = (page: Page, thoughtId: string) =>
  graph(page).locator(`.react-flow__node[data-id="${thoughtId}"] [data-testid="graph-node"]`);

async function openSession(page: Page, sessionId: string, thoughtId?: string): Promise<void> {
  const res = await page.goto(`/sessions/${sessionId}${thoughtId ? `?thought=${thoughtId}` : ""}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("live-status")).toHaveText("connected");
}

/** Opens the toolbar's Export menu and returns its item `name` (JSON, Markdown, SVG, PNG). */
async function exportItem(page: Page, name: string) {
  await page.getByRole("toolbar", { name: "Session actions" }).getByRole("button", { name: "Export" }).click();
  return page.getByRole("menu", { name: "Export" }).getByRole("menuitem", { name, exact: true });
}

/** The selection as the URL, the transcript and the graph show it. */
async function expectSelected(page: Page, s: WrittenSession, name: string): Promise<void> {
  const answer = s.byName.get(name)!;
  await expect(page).toHaveURL(new RegExp(`[?&]thought=${answer.thoughtId}(&|$)`));
  const current = transcript(page).locator('[data-testid="thought"][aria-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute("data-seq", String(answer.seq));
  await expect(nodeFor(page, answer.thoughtId)).toHaveClass(/\bis-selected\b/);
  await expect(graph(page).locator('[data-testid="graph-node"].is-selected')).toHaveCount(1);
}

test.describe("a session written while the page is open", () => {
  test("the graph shows one node per thought and the right edges, and grows live", async ({ page }, testInfo) => {
    const session = await writeSession(agent, tag("live"), async (sessionId) => {
      await openSession(page, sessionId);
      await expect(graphNodes(page)).toHaveCount(1);
      await page.evaluate(() => {
        window.__sameDocument = true;
      });
    });
    const ids = (name: string) => session.byName.get(name)!.thoughtId;

    // Everything after the first thought arrived live: one node and one transcript row per thought.
    await expect(page.getByTestId("thought-count")).toHaveText(String(STEPS.length));
    await expect(graphNodes(page)).toHaveCount(STEPS.length);
    await expect(graph(page).locator('[data-testid="graph-fold"]')).toHaveCount(0);
    await expect(transcript(page).locator('[data-testid="thought"]')).toHaveCount(STEPS.length);
    for (const answer of session.answers) await expect(nodeFor(page, answer.thoughtId)).toHaveCount(1);

    // The edges: count per kind, and each expected edge by its id.
    for (const [kind, pairs] of Object.entries(EXPECTED_EDGES) as [
      keyof typeof EXPECTED_EDGES,
      readonly (readonly [string, string])[],
    ][]) {
      await expect(graph(page).locator(`.react-flow__edge.tg-edge-${kind}`), `${kind} edges`).toHaveCount(pairs.length);
      for (const [source, target] of pairs) {
        await expect(
          graph(page).locator(`.react-flow__edge[data-id="${edgeId(kind, ids(source), ids(target))}"]`),
          `${kind} edge ${source} → ${target}`,
        ).toHaveClass(new RegExp(`\\btg-edge-${kind}\\b`));
      }
    }
    await expect(page.locator(".tg-session-head")).toContainText("2 branches");

    // One more thought, posted after everything is on screen, appears within a few seconds without a reload.
    const live = await agent.thought({
      sessionId: session.sessionId,
      thought: "Live: an index on events(created_at) removes the full scan",
      thoughtNumber: 6,
      totalThoughts: 6,
      nextThoughtNeeded: false,
    });
    await expect(nodeFor(page, live.thoughtId)).toContainText("Live: an index on events", { timeout: 5_000 });
    await expect(row(page, live.seq)).toContainText("Live: an index on events", { timeout: 5_000 });
    await expect(graphNodes(page)).toHaveCount(STEPS.length + 1);
    await expect(graph(page).locator(".react-flow__edge.tg-edge-next")).toHaveCount(EXPECTED_EDGES.next.length + 1);
    await expect(
      graph(page).locator(`.react-flow__edge[data-id="${edgeId("next", ids("xss"), live.thoughtId)}"]`),
    ).toHaveCount(1);
    await expect(page.getByTestId("thought-count")).toHaveText(String(STEPS.length + 1));
    expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
    expect(await page.evaluate(() => window.__xss)).toBeUndefined();
    await saveScreenshot(page, testInfo, "session-live.png");
  });
});

test.describe("the transcript keeps the selection in view", () => {
  let sessionId: string;
  let results: IngestResult[];
  test.beforeAll(async () => {
    const key = tag("scroll");
    results = await agent.ingest(generateSession(60, key).bodies, key);
    sessionId = results[0]!.sessionId!;
  });

  test("Follow brings each new thought's row into view", async ({ page }) => {
    await openSession(page, sessionId);
    await page.getByLabel("Follow").check();
    for (let i = 0; i < 3; i++) {
      const live = await agent.thought({
        sessionId,
        thought: `Followed thought ${i}`,
        thoughtNumber: 100 + i,
        totalThoughts: 200,
        nextThoughtNeeded: true,
      });
      await expect(page).toHaveURL(new RegExp(`thought=${live.thoughtId}`));
      await expect(row(page, live.seq)).toBeInViewport();
      await expect(row(page, live.seq)).toHaveAttribute("aria-current", "true");
    }
  });

  test("k and j move the selection and its transcript row stays in view", async ({ page }) => {
    // From the last thought written before this describe's live ones (Follow adds thoughts to the same session), k
    // walks back, j forward again.
    const last = results.length - 1;
    await openSession(page, sessionId, results[last]!.thoughtId);
    await expect(page).toHaveURL(new RegExp(`thought=${results[last]!.thoughtId}`));
    await page.getByLabel("Session review").focus();
    for (let i = 1; i <= 15; i++) {
      await page.keyboard.press("k");
      await expect(page).toHaveURL(new RegExp(`thought=${results[last - i]!.thoughtId}`));
      await expect(row(page, results[last - i]!.seq!), `row ${last - i + 1} after ${i} × k`).toBeInViewport();
    }
    for (let i = 14; i >= 10; i--) {
      await page.keyboard.press("j");
      await expect(page).toHaveURL(new RegExp(`thought=${results[last - i]!.thoughtId}`));
      await expect(row(page, results[last - i]!.seq!), `row ${last - i + 1} after j`).toBeInViewport();
    }
    // Keys pressed faster than the page re-renders (a held k) each move one step: none reads a stale selection.
    for (let i = 0; i < 3; i++) await page.keyboard.press("k");
    await expect(page).toHaveURL(new RegExp(`thought=${results[last - 13]!.thoughtId}`));
  });
});

test.describe("reviewing a written session", () => {
  let s: WrittenSession;
  test.beforeAll(async () => {
    s = await writeSession(agent, tag("review"));
  });
  const id = (name: string) => s.byName.get(name)!.thoughtId;

  test("j/k and the arrow keys move the selection, the URL and the transcript row; Enter opens the detail", async ({
    page,
  }) => {
    await openSession(page, s.sessionId);
    await expect(graphNodes(page)).toHaveCount(STEPS.length);
    // Keys move through the thoughts in arrival order: outline, compare, measure, alt-start, ... The session opens
    // with its newest thought selected, so j and k move from where the agent is now.
    const order = STEPS.map((st) => st.name);
    const n = order.length;
    await expectSelected(page, s, order[n - 1]!);
    await expect(detail(page)).toContainText(textOf(order[n - 1]!));
    await page.getByLabel("Session review").focus();

    await page.keyboard.press("j"); // already at the newest: stays
    await expectSelected(page, s, order[n - 1]!);
    await page.keyboard.press("k");
    await expectSelected(page, s, order[n - 2]!);
    await page.keyboard.press("ArrowUp");
    await expectSelected(page, s, order[n - 3]!);
    await page.keyboard.press("ArrowLeft");
    await expectSelected(page, s, order[n - 4]!);
    await page.keyboard.press("j");
    await expectSelected(page, s, order[n - 3]!);
    await page.keyboard.press("ArrowDown");
    await expectSelected(page, s, order[n - 2]!);
    await page.keyboard.press("ArrowRight");
    await expectSelected(page, s, order[n - 1]!);
    for (let i = n - 2; i >= 0; i--) {
      await page.keyboard.press("k");
      await expectSelected(page, s, order[i]!);
    }
    await page.keyboard.press("k"); // already at the first: stays
    await expectSelected(page, s, order[0]!);

    // The detail panel follows the selection; Enter moves the focus into it.
    await expect(detail(page)).toContainText(textOf("outline"));
    await page.keyboard.press("Enter");
    await expect(detail(page)).toBeFocused();

    // A pointer selection in the transcript moves the URL and the graph too.
    await row(page, s.byName.get("beta-start")!.seq).click();
    await expectSelected(page, s, "beta-start");
    // ... and so does a click on a graph node.
    await nodeFor(page, id("measure")).click();
    await expectSelected(page, s, "measure");
  });

  test("a URL with ?thought= selects that thought", async ({ page }) => {
    await openSession(page, s.sessionId, id("alt-feed"));
    await expectSelected(page, s, "alt-feed");
    await expect(detail(page).getByRole("heading", { level: 2 })).toContainText("Thought 4/6");
    await expect(detail(page)).toContainText(textOf("alt-feed"));
    await expect(detail(page)).toContainText("branch alt");
    // After a reload the selection is still there.
    await page.reload();
    await expectSelected(page, s, "alt-feed");
  });

  test("the revision diff shows insertions and deletions against the revised thought", async ({ page }) => {
    await openSession(page, s.sessionId, id("compare-revised"));
    const diff = detail(page).getByTestId("word-diff");
    await expect(detail(page).getByTestId("revision-pair")).toHaveText("#2 v1 → #4 v1");
    await expect(diff).toBeVisible();
    await expect(diff.locator("del")).not.toHaveCount(0);
    await expect(diff.locator("ins")).not.toHaveCount(0);
    await expect(diff.locator("del")).toContainText(["two"]);
    const inserted = (await diff.locator("ins").allTextContents()).join(" ");
    expect(inserted).toContain("three");
    expect(inserted).toContain("costs");
    // Unchanged words stay plain text.
    await expect(diff).toContainText("caching strategies");

    // The detail links the two thoughts both ways.
    await detail(page).getByRole("button", { name: "Revises thought 2" }).click();
    await expectSelected(page, s, "compare");
    await expect(detail(page).getByRole("button", { name: /^Revised by thought 4/ })).toBeVisible();
    // The revised thought shows the same chain, from its own text to the revision's.
    await expect(detail(page).getByRole("list", { name: "Revision chain" }).getByRole("listitem")).toHaveCount(2);
    await expect(detail(page).getByTestId("revision-pair")).toHaveText("#2 v1 → #4 v1");

    // A revision on a branch diffs against the branch's thought, not the main chain's.
    await openSession(page, s.sessionId, id("alt-feed-revised"));
    const branchDiff = detail(page).getByTestId("word-diff");
    await expect(branchDiff.locator("ins")).not.toHaveCount(0);
    expect((await branchDiff.locator("ins").allTextContents()).join(" ")).toContain("backfill");
  });

  test("exports: JSON has the thoughts, Markdown has the text, SVG and PNG downloads start", async ({ page }) => {
    await openSession(page, s.sessionId);
    await expect(graphNodes(page)).toHaveCount(STEPS.length);

    const [json] = await Promise.all([
      page.waitForEvent("download"),
      exportItem(page, "JSON").then((item) => item.click()),
    ]);
    expect(json.suggestedFilename()).toMatch(/\.json$/);
    const exported = JSON.parse(fs.readFileSync(await json.path(), "utf8")) as {
      session: { id: string };
      thoughts: { id: string; text: string; seq: number }[];
    };
    expect(exported.session.id).toBe(s.sessionId);
    expect(exported.thoughts).toHaveLength(STEPS.length);
    expect(exported.thoughts.map((t) => t.id)).toEqual(s.answers.map((a) => a.thoughtId));
    expect(exported.thoughts.find((t) => t.id === id("xss"))?.text).toBe(XSS);

    const [md] = await Promise.all([
      page.waitForEvent("download"),
      exportItem(page, "Markdown").then((item) => item.click()),
    ]);
    expect(md.suggestedFilename()).toMatch(/\.md$/);
    const markdown = fs.readFileSync(await md.path(), "utf8");
    // The download is the same Markdown as the REST export: agent text with Markdown's backslash escapes, so the XSS
    // thought reads as its text and never as a tag a viewer would run.
    for (const step of STEPS.slice(1)) expect(markdown).toContain(escapeMarkdownText(step.thought));
    expect(markdown).toContain(textOf("outline"));
    expect(markdown).not.toContain(XSS);

    const [svg] = await Promise.all([
      page.waitForEvent("download"),
      exportItem(page, "SVG").then((item) => item.click()),
    ]);
    expect(svg.suggestedFilename()).toBe(`session-${s.sessionId}.svg`);
    const svgText = fs.readFileSync(await svg.path(), "utf8");
    expect(svgText.trimStart().startsWith("<svg")).toBe(true);

    const [png] = await Promise.all([
      page.waitForEvent("download"),
      exportItem(page, "PNG").then((item) => item.click()),
    ]);
    expect(png.suggestedFilename()).toBe(`session-${s.sessionId}.png`);
    const pngBytes = fs.readFileSync(await png.path());
    expect(pngBytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    await expect(page.getByText("Could not export the graph")).toHaveCount(0);
  });

  test("a thought with HTML and script payloads is text in the transcript, the node and the detail panel", async ({
    page,
  }) => {
    // Any <img src=x> that got into the DOM would request ".../x"; record every request to catch even a brief one.
    const suspicious: string[] = [];
    page.on("request", (r) => {
      if (/\/x(\?|$)/.test(new URL(r.url()).pathname)) suspicious.push(r.url());
    });
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const xss = s.byName.get("xss")!;
    await openSession(page, s.sessionId, xss.thoughtId);
    await page.waitForLoadState("load");

    // The markup shows as characters in all three places. (The node shows plain text; the transcript and the
    // detail render markdown, so only the tags are checked here; the verbatim text is the next test.)
    await expect(nodeFor(page, xss.thoughtId)).toContainText(XSS);
    for (const region of [row(page, xss.seq), detail(page)]) {
      for (const piece of ['<img src=x onerror="window.', "<script>window.", "</script>"]) {
        await expect(region).toContainText(piece);
      }
    }
    await expect(detail(page).getByRole("heading", { level: 2 })).toContainText("Thought 5/6");

    // Nothing ran and no element was made from it.
    for (const region of [transcript(page), graph(page), detail(page)]) {
      await expect(region.locator("img")).toHaveCount(0);
      await expect(region.locator("script")).toHaveCount(0);
      await expect(region.locator("[onerror]")).toHaveCount(0);
    }
    expect(await page.evaluate(() => document.querySelectorAll('img[src="x"], [onerror]').length)).toBe(0);
    // Move the selection away and back, so the payload is rendered again in each place.
    await page.getByLabel("Session review").focus();
    await page.keyboard.press("k");
    await page.keyboard.press("j");
    await expectSelected(page, s, "xss");
    await expect(detail(page)).toContainText("<script>window.");
    expect(await page.evaluate(() => window.__xss)).toBeUndefined();
    expect(suspicious).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  test("a node previews Markdown as plain text: a table's cells, no emphasis or code marks", async ({ page }) => {
    const first = await agent.thought({
      thought: "Flaky runs by runner:\n\n| runner | failures |\n|---|---|\n| linux | **3** |\n| macos | `0` |",
      thoughtNumber: 1,
      totalThoughts: 1,
      nextThoughtNeeded: false,
    });
    await openSession(page, first.sessionId, first.thoughtId);
    const node = nodeFor(page, first.thoughtId);
    await expect(node).toContainText("Flaky runs by runner: runner · failures linux · 3 macos · 0");
    for (const mark of ["|", "---", "**", "`"]) await expect(node).not.toContainText(mark);
  });

  test("the hostile thought's text is shown verbatim (markdown leaves intraword underscores alone)", async ({
    page,
  }) => {
    // `window.__xss` is not emphasis in CommonMark: `__` between "." and "x" is left-flanking only, so it cannot
    // close. The transcript and the detail panel must show the thought exactly as the agent wrote it.
    const xss = s.byName.get("xss")!;
    await openSession(page, s.sessionId, xss.thoughtId);
    await expect(nodeFor(page, xss.thoughtId)).toContainText(XSS);
    await expect(row(page, xss.seq)).toContainText(XSS);
    await expect(detail(page)).toContainText(XSS);
    await expect(row(page, xss.seq).locator("strong, em")).toHaveCount(0);
  });

  test("screenshots: the session view in light and dark, and the branch comparison", async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: "light" });
    await openSession(page, s.sessionId, id("compare-revised"));
    await expect(graphNodes(page)).toHaveCount(STEPS.length);
    await expect(detail(page).getByTestId("word-diff")).toBeVisible();
    const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await saveScreenshot(page, testInfo, "session-light.png");

    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBg);
    await saveScreenshot(page, testInfo, "session-dark.png");
    await page.emulateMedia({ colorScheme: "light" });

    await page.getByRole("tab", { name: "Compare branches" }).click();
    const compare = page.getByRole("region", { name: "Branch comparison" });
    await expect(compare).toBeVisible();
    // Every line, with a way to its comparison with main.
    await expect(compare.getByRole("list", { name: "Lines" }).getByRole("listitem")).toHaveCount(3);
    await saveScreenshot(page, testInfo, "branch-comparison.png");
    await compare.getByRole("link", { name: "Open the comparison" }).click();
    await expect(page).toHaveURL(/\/compare\?left=main&right=alt$/);
    await expect(page.getByTestId("compare-rows")).toContainText(textOf("alt-start"));
  });
});

test.describe("the sessions list", () => {
  test("lists sessions, filters by search, and shows new sessions and counts live", async ({ page }, testInfo) => {
    const run = tag("list");
    const alpha = await agent.thought({
      thought: `Alpha ${run}: plan the migration`,
      thoughtNumber: 1,
      totalThoughts: 3,
      nextThoughtNeeded: true,
      metadata: { agent: "e2e-list-agent" },
    });
    await agent.thought({
      thought: `Bravo ${run}: audit the permissions`,
      thoughtNumber: 1,
      totalThoughts: 3,
      nextThoughtNeeded: true,
      metadata: { agent: "e2e-list-agent" },
    });
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    const rows = page.getByTestId("session-row");
    const alphaRow = rows.filter({ hasText: `Alpha ${run}` });
    const bravoRow = rows.filter({ hasText: `Bravo ${run}` });
    await expect(alphaRow).toHaveCount(1);
    await expect(bravoRow).toHaveCount(1);
    await expect(alphaRow).toContainText("e2e-list-agent");
    await expect(alphaRow.getByTestId("row-thoughts")).toHaveText("1");
    await expect(page.getByRole("search", { name: "Filter sessions" })).toContainText("live: connected");
    await saveScreenshot(page, testInfo, "sessions-list.png");

    // Search narrows the list to the matching session (and keeps it in the URL).
    const search = page.getByRole("searchbox", { name: "Search sessions and thought text" });
    await search.fill(`Alpha ${run}`);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(rows).toHaveCount(1);
    await expect(alphaRow).toHaveCount(1);
    await expect(bravoRow).toHaveCount(0);
    // Text deeper in a session is searchable too.
    await search.fill(`needle-${run}`);
    await expect(rows).toHaveCount(0);
    await agent.thought({
      sessionId: alpha.sessionId,
      thought: `A later thought mentions needle-${run}`,
      thoughtNumber: 2,
      totalThoughts: 3,
      nextThoughtNeeded: true,
    });
    await expect(alphaRow).toHaveCount(1, { timeout: 10_000 });
    await search.fill("");
    await expect(bravoRow).toHaveCount(1);
    await expect(alphaRow.getByTestId("row-thoughts")).toHaveText("2");

    // A session that starts while the list is open appears without a reload; counts update live too.
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    const charlie = await agent.thought({
      thought: `Charlie ${run}: arrived live`,
      thoughtNumber: 1,
      totalThoughts: 2,
      nextThoughtNeeded: true,
    });
    const charlieRow = rows.filter({ hasText: `Charlie ${run}` });
    await expect(charlieRow).toHaveCount(1, { timeout: 10_000 });
    await agent.thought({
      sessionId: charlie.sessionId,
      thought: "Second thought of the live session",
      thoughtNumber: 2,
      totalThoughts: 2,
      nextThoughtNeeded: false,
    });
    await expect(charlieRow.getByTestId("row-thoughts")).toHaveText("2", { timeout: 10_000 });
    expect(await page.evaluate(() => window.__sameDocument)).toBe(true);

    // The row links to the session view.
    await charlieRow.getByRole("link").click();
    // The view selects its newest thought in the URL (?thought=) as it opens: with the outline inside the page (small
    // sessions), often before this check.
    await expect(page).toHaveURL(new RegExp(`/sessions/${charlie.sessionId}(\\?thought=[^&]+)?$`));
    await expect(transcript(page).locator('[data-testid="thought"]')).toHaveCount(2);
  });

  test("a search typed before the page is interactive is applied once it is", async ({ page }) => {
    const run = tag("early");
    for (const word of ["Delta", "Echo"]) {
      await agent.thought({
        thought: `${word} ${run}: typed early`,
        thoughtNumber: 1,
        totalThoughts: 1,
        nextThoughtNeeded: false,
      });
    }
    // The page's scripts are held back until the search text is typed into the server-rendered box.
    let release!: () => void;
    const scripts = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_next\/static\/chunks\/.*\.js(\?|$)/, async (route) => {
      await scripts;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    const search = page.getByRole("searchbox", { name: "Search sessions and thought text" });
    await search.fill(`Echo ${run}`);
    release();
    await expect(page).toHaveURL(/[?&]q=Echo/);
    const rows = page.getByTestId("session-row");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`Echo ${run}`);
    await expect(search).toHaveValue(`Echo ${run}`);
  });
});

test.describe("a session past the folding threshold", () => {
  let sessionId: string;
  let results: IngestResult[];
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const key = tag("fold");
    results = await agent.ingest(generateSession(2_000, key).bodies, key);
    sessionId = results[0]!.sessionId!;
  });

  test("folds quiet runs and inactive branches; the transcript works; a keyboard selection unfolds around it", async ({
    page,
  }, testInfo) => {
    await openSession(page, sessionId);
    await expect(page.getByTestId("thought-count")).toHaveText("2000");
    await expect(page.locator(".tg-session-head")).toContainText("folded");
    await expect(graph(page).locator('[data-testid="graph-fold"]').first()).toBeAttached({ timeout: 30_000 });

    // The transcript is the fallback that always works: rows render where it is scrolled to.
    await expect(transcript(page).locator('[data-testid="thought"]').first()).toBeVisible();
    await transcript(page).evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
    await expect
      .poll(async () =>
        Number(await transcript(page).locator('[data-testid="thought"]').last().getAttribute("data-seq")),
      )
      .toBeGreaterThan(900);

    // A keyboard selection is centred in the graph and drawn as a thought node (its neighbourhood unfolds). The
    // session opens on its newest thought, so first a click on the first row of the transcript (far from it, folded
    // away), then j.
    await transcript(page).evaluate((el) => el.scrollTo(0, 0));
    await row(page, results[0]!.seq!).click();
    await expect(page).toHaveURL(new RegExp(`thought=${results[0]!.thoughtId}`));
    await page.getByLabel("Session review").focus();
    await page.keyboard.press("j");
    await expect(page).toHaveURL(new RegExp(`thought=${results[1]!.thoughtId}`));
    await expect(nodeFor(page, results[1]!.thoughtId!)).toHaveClass(/\bis-selected\b/);
    await page.keyboard.press("j");
    await expect(nodeFor(page, results[2]!.thoughtId!)).toHaveClass(/\bis-selected\b/);
    await saveScreenshot(page, testInfo, "session-folded.png");
  });

  test("opening a folded session shows its newest thoughts, and a ?thought= deep link shows that thought", async ({
    page,
  }) => {
    // fitView aims at the newest nodes: the newest thought must be drawn in the opened graph.
    await openSession(page, sessionId);
    const newest = results.at(-1)!;
    await expect(graph(page).locator('[data-testid="graph-fold"]').first()).toBeAttached({ timeout: 30_000 });
    await expect(graph(page).locator(`.react-flow__node[data-id="${newest.thoughtId}"]`)).toBeVisible();

    // A link to a thought deep in the session selects it in the transcript and shows it in the graph.
    const deep = results[1_000]!;
    await openSession(page, sessionId, deep.thoughtId);
    await expect(row(page, deep.seq!)).toHaveAttribute("aria-current", "true");
    await expect(graph(page).locator(`.react-flow__node[data-id="${deep.thoughtId}"]`)).toBeVisible();
  });
});
