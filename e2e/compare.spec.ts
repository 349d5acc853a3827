// The compare view in Debian's Chromium against the production build: two 200-thought lines that part at thought 5,
// compared at /sessions/{id}/compare; where they end and what differs, the shared path once, rows aligned by step,
// both sides scrolling together, the keys; a bad line named clearly; reaching it from the graph (a branch node's
// "Compare with main", picking two lines with b) and from the side panel. Screenshots at 1440×900 and 1024×768,
// light and dark, with axe.
import { expect, test, type Page } from "@playwright/test";

import { Agent, e2eServer } from "./support/agent";
import { twoLines } from "./support/review-sessions";
import { checkThemes } from "./support/themes";

const { baseURL, apiKey } = e2eServer();
const agent = new Agent(baseURL, apiKey);

test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const tag = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

let session: { id: string; mainTip: string; altTip: string } | null = null;

/** One session per run: main and "alt" each run 200 thoughts after thought 5. */
async function twoLongLines(): Promise<{ id: string; mainTip: string; altTip: string }> {
  if (session) return session;
  const key = tag("compare");
  const results = await agent.ingest(twoLines(key, { mainAfter: 200, branchLength: 200 }), key);
  const ids = results.map((r) => r.thoughtId!);
  // Written interleaved, main's thought before alt's at each step: the last two are the lines' tips.
  session = { id: results[0]!.sessionId!, mainTip: ids.at(-2)!, altTip: ids.at(-1)! };
  return session;
}

const rows = (page: Page) => page.getByTestId("compare-rows");
const current = (page: Page) => rows(page).locator('[aria-current="true"]');

test("two 200-thought lines side by side: ends first, the shared path once, rows by step, keys", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const s = await twoLongLines();
  await page.goto(`/sessions/${s.id}/compare?left=main&right=alt`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare main with alt");
  // Where they end: both summaries, and a block diff of the two last thoughts.
  const ends = page.getByTestId("compare-ends");
  await expect(ends.getByTestId("end-left")).toContainText("200 thoughts after the fork");
  await expect(ends.getByTestId("end-right")).toContainText("200 thoughts after the fork");
  await expect(ends.getByTestId("block-diff")).toBeVisible();
  // The shared path: five thoughts, the last two shown until asked.
  await expect(rows(page)).toContainText("5 thoughts before the lines part");
  await expect(rows(page).getByTestId("shared-thought")).toHaveCount(2);
  await rows(page).getByRole("button", { name: "Show all 5" }).click();
  await expect(rows(page).getByTestId("shared-thought")).toHaveCount(5);
  await expect(page.getByTestId("compare-left-name")).toContainText("main · 200 thoughts");
  await expect(page.getByTestId("compare-right-name")).toContainText("alt · 200 thoughts");

  // Each row holds step n of both lines, with full rendered text (markdown: the bold step label).
  const first = rows(page).locator('[data-testid="compare-row"][data-row="0"]');
  await expect(first.locator('[data-side="left"] strong').first()).toContainText("Step 6 (main)");
  await expect(first.locator('[data-side="right"] strong').first()).toContainText("Step 6 (alt)");
  await checkThemes(page, testInfo, "compare");

  // Keys: j moves down a row, l to the right side, d diffs the row, x swaps the sides.
  await rows(page).focus();
  for (let i = 0; i < 40; i++) await page.keyboard.press("j");
  await expect(current(page)).toHaveAttribute("data-side", "left");
  const row40 = rows(page).locator('[data-testid="compare-row"][data-row="40"]');
  await expect(row40).toBeInViewport();
  // Scrolling in step: both sides of the row are in view together.
  await expect(row40.locator('[data-side="left"]')).toBeInViewport();
  await expect(row40.locator('[data-side="right"]')).toBeInViewport();
  await expect(row40.locator('[data-side="left"] strong').first()).toContainText("Step 46 (main)");
  await page.keyboard.press("l");
  await expect(current(page)).toHaveAttribute("data-side", "right");
  await page.keyboard.press("d");
  await expect(row40.getByTestId("row-diff").getByTestId("block-diff")).toBeVisible();
  await page.keyboard.press("x");
  await expect(page).toHaveURL(/left=alt&right=main/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare alt with main");
  // Enter opens the current thought in the session view.
  await rows(page).focus();
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/sessions/${s.id}\\?thought=`));
  await expect(page.getByLabel("Session review")).toBeVisible();
});

test("a line the session does not have is named, with the lines it has", async ({ page }) => {
  const s = await twoLongLines();
  await page.goto(`/sessions/${s.id}/compare?left=main&right=nope`);
  await expect(page.getByTestId("compare-error")).toContainText(
    'No line "nope" in this session. This session has "main", "alt".',
  );
  await page.getByTestId("compare-error").getByRole("link", { name: "main with alt" }).click();
  await expect(page).toHaveURL(/left=main&right=alt$/);
  await expect(page.getByTestId("compare-ends")).toBeVisible();
  await page.goto(`/sessions/${s.id}/compare?left=alt&right=alt`);
  await expect(page.getByTestId("compare-error")).toContainText("Pick two different lines");
});

test("reached from the graph: a branch node's Compare with main, and picking two lines with b", async ({ page }) => {
  const s = await twoLongLines();
  await page.goto(`/sessions/${s.id}?thought=${s.altTip}`);
  await expect(page.getByTestId("live-status")).toHaveText("connected");
  const toMain = page.getByTestId("node-compare-with-main");
  await expect(toMain).toBeVisible();
  await expect(toMain).toHaveAttribute("href", `/sessions/${s.id}/compare?left=main&right=alt`);

  // b picks the selected thought's line; k moves to main's newest thought (written just before), b picks main.
  await page.getByLabel("Session review").focus();
  await page.keyboard.press("b");
  const picker = page.getByTestId("compare-picker");
  await expect(picker).toContainText("pick one more");
  // k and b typed in one go, both handled before the view redraws: b acts on the thought k selected (main's line),
  // not on the line the picker drew last (alt, which it would unpick).
  await page.getByLabel("Session review").evaluate((el) => {
    for (const key of ["k", "b"]) el.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  });
  await expect(page).toHaveURL(new RegExp(`thought=${s.mainTip}`));
  await expect(picker.getByRole("button", { name: "Unpick main", pressed: true })).toBeVisible();
  await picker.getByRole("link", { name: "Compare alt with main" }).click();
  await expect(page).toHaveURL(/compare\?left=alt&right=main$/);
  await expect(page.getByTestId("compare-ends")).toBeVisible();
});
