// The sessions list's rows, in Debian's Chromium against the production build: the Scores column reads whole at 1440
// and 1024 px; a click anywhere on a row opens its session while each row keeps one link and one box; rows are
// selected with their boxes (shift-click ranges, the page's box, the keyboard alone) for "Queue these" (the new-queue
// form says sessions), "Export CSV" and, after a confirmation that counts them, Delete. axe and window-sized
// screenshots (1440×900, 1024×768, light and dark) of the list with a selection.
import { expect, test, type Locator, type Page } from "@playwright/test";

import { Agent, e2eServer } from "./support/agent";
import { createConfig } from "./support/score-configs";
import { checkThemes } from "./support/themes";

const { baseURL, apiKey } = e2eServer();
const agent = new Agent(baseURL, apiKey);

test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const tag = (what: string) => `${what}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** `n` sessions whose first thought holds `word`, newest last; returns their ids in the list's order (newest first). */
async function sessions(word: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const a = await agent.thought({
      thought: `Session ${i} of ${word}: weigh the retry budget`,
      thoughtNumber: 1,
      totalThoughts: 2,
      nextThoughtNeeded: true,
      metadata: { agent: "e2e-rows-agent" },
    });
    ids.push(a.sessionId);
  }
  return ids.reverse();
}

async function score(sessionId: string, name: string, value: number | boolean): Promise<void> {
  const res = await fetch(new URL("/api/v1/scores", baseURL), {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ sessionId, name, value }),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
}

async function openList(page: Page, word: string, count: number): Promise<Locator> {
  await page.goto(`/?q=${word}`);
  const rows = page.getByTestId("session-row");
  await expect(rows).toHaveCount(count);
  return rows;
}

const box = (row: Locator) => row.getByRole("checkbox");
const status = (page: Page) => page.getByTestId("selection-status");

test("the Scores column reads whole at 1440 and 1024 px", async ({ page }, testInfo) => {
  const word = tag("scored");
  const [id] = await sessions(word, 1);
  const names = [`correctness-${word.slice(-4)}`, `helpfulness-${word.slice(-4)}`];
  await createConfig({ baseURL, apiKey }, { name: names[0], type: "numeric", min: 1, max: 5 });
  await createConfig({ baseURL, apiKey }, { name: names[1], type: "boolean" });
  await score(id!, names[0]!, 4);
  await score(id!, names[1]!, true);
  const row = (await openList(page, word, 1)).first();
  const cell = row.getByTestId("row-scores");
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await expect(cell.getByTestId("score-summary")).toHaveCount(2);
    await expect(cell.getByTestId("score-summary").nth(0)).toHaveText(`${names[0]} 4 (1)`);
    await expect(cell.getByTestId("score-summary").nth(1)).toHaveText(`${names[1]} 100% yes (1)`);
    // Nothing in the cell is cut: every piece of text is as wide as it needs.
    const cut = await cell.evaluate((el) =>
      [el, ...el.querySelectorAll("*")]
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => `${e.textContent} (${e.clientWidth} of ${e.scrollWidth} px)`),
    );
    expect(cut, `scores cut at ${size.width} px`).toEqual([]);
  }
  await expect(cell.locator("ul")).toHaveAttribute(
    "title",
    `${names[0]}: mean 4 of 1 score\n${names[1]}: 100% yes of 1 score`,
  );
  await checkThemes(page, testInfo, "sessions-scores");
});

test("a click anywhere on a row opens its session; each row has one link and one box", async ({ page }) => {
  const word = tag("rowclick");
  const [id] = await sessions(word, 1);
  const row = (await openList(page, word, 1)).first();
  await expect(row.getByRole("link")).toHaveCount(1);
  await expect(row.getByRole("checkbox")).toHaveCount(1);
  await expect(row.getByRole("button")).toHaveCount(0);
  // The box selects and stays on the list.
  await box(row).click();
  await expect(status(page)).toHaveText("1 selected");
  await expect(page).toHaveURL(/\/\?q=/);
  // The agent's cell is no link, yet opens the session.
  await row.getByText("e2e-rows-agent").click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${id}(\\?thought=[^&]+)?$`));
});

test("rows are selected with boxes: shift-click ranges, the page's box, the keyboard", async ({ page }) => {
  const word = tag("select");
  const ids = await sessions(word, 5);
  const rows = await openList(page, word, 5);
  const pageBox = page.getByRole("checkbox", { name: "Select every session on this page" });

  // A click and a shift-click: rows 2 to 4.
  await box(rows.nth(1)).click();
  await box(rows.nth(3)).click({ modifiers: ["Shift"] });
  await expect(status(page)).toHaveText("3 selected");
  for (const [i, on] of [false, true, true, true, false].entries()) {
    await expect(box(rows.nth(i))).toBeChecked({ checked: on });
  }
  await expect(pageBox).toHaveJSProperty("indeterminate", true);
  const picked = ids.slice(1, 4);
  await expect(page.getByRole("link", { name: "Queue these" })).toHaveAttribute(
    "href",
    `/queues?new=1&sessions=${picked.join(",")}`,
  );
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    `/sessions/export?format=csv&ids=${picked.join(",")}`,
  );
  // A shift-click on a selected row clears the range from the anchor.
  await box(rows.nth(2)).click({ modifiers: ["Shift"] });
  await expect(status(page)).toHaveText("1 selected");

  // The page's box: all, then none.
  await pageBox.click();
  await expect(status(page)).toHaveText("5 selected");
  await expect(pageBox).toBeChecked();
  await pageBox.click();
  await expect(status(page)).toHaveText("");
  // With nothing selected the actions take the filter.
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    `/sessions/export?format=csv&q=${word}`,
  );

  // Without a mouse: Tab to a box, Space; Tab on, Shift+Space for a range; the actions are reachable by Tab.
  await box(rows.nth(0)).focus();
  await page.keyboard.press("Space");
  await expect(status(page)).toHaveText("1 selected");
  await box(rows.nth(2)).focus();
  await page.keyboard.press("Shift+Space");
  await expect(status(page)).toHaveText("3 selected");
  await page.getByRole("button", { name: "Clear selection" }).focus();
  await page.keyboard.press("Enter");
  await expect(status(page)).toHaveText("");
});

test("Queue these takes the selection, and the queue page speaks of sessions", async ({ page }) => {
  const word = tag("queue");
  const ids = await sessions(word, 3);
  const rows = await openList(page, word, 3);
  await box(rows.nth(0)).click();
  await box(rows.nth(1)).click();
  await page.getByRole("link", { name: "Queue these" }).click();
  await expect(page).toHaveURL(new RegExp(`/queues\\?new=1&sessions=${ids[0]},${ids[1]}$`));
  await expect(page.getByText("Sessions picked for review", { exact: false })).toBeVisible();
  await expect(page.getByText("Thoughts picked", { exact: false })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "New queue" }).getByTestId("queue-source")).toHaveText(
    "Sessions: the selected sessions — 2 sessions",
  );
});

test("Delete asks first, saying how many, then takes the selected sessions away", async ({ page }, testInfo) => {
  const word = tag("delete");
  const ids = await sessions(word, 3);
  const rows = await openList(page, word, 3);
  await box(rows.nth(0)).click();
  await box(rows.nth(2)).click();
  await checkThemes(page, testInfo, "sessions-selection");

  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete 2 sessions?" });
  await expect(dialog).toContainText("cannot be undone");
  // Cancel deletes nothing.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete 2 sessions" }).click();
  await expect(status(page)).toHaveText("Deleted 2 sessions.");
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("link")).toHaveAttribute("href", `/sessions/${ids[1]}`);
  for (const [id, left] of [
    [ids[0], 404],
    [ids[1], 200],
    [ids[2], 404],
  ] as const) {
    const res = await fetch(new URL(`/api/v1/sessions/${id}`, baseURL), {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(res.status).toBe(left);
  }
});
