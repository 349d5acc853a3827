// Reviewing in depth, in Debian's Chromium against the production build: revision diffs people can read (a small
// edit, a rewritten paragraph, a rewritten table; stepped with [ and ]), the session overview on a 2,000-thought
// session with 7 branches (marks, viewport, click to go, n/r/w/g jumps), a 50,000-character thought folded, a comment
// anchored from the transcript, the ? shortcut sheet, and the score form across thought changes (rubric beside it,
// saves as it changes, nothing typed lost). Window-sized screenshots at 1440×900 and 1024×768, light and dark, with
// axe, for each.
import { expect, test, type Page } from "@playwright/test";

import { Agent, e2eServer } from "./support/agent";
import { longSession } from "./support/review-sessions";
import { createConfig } from "./support/score-configs";
import { checkThemes } from "./support/themes";

const server = e2eServer();
const { baseURL, apiKey } = server;
const agent = new Agent(baseURL, apiKey);

test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const tag = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const detail = (page: Page) => page.locator('aside[aria-label="Thought detail"]');
const live = (page: Page) => expect(page.getByTestId("live-status")).toHaveText("connected");

const PLAN = `The plan for the export job.

Pull the payment events from the queue and retry each one twice before giving up.

| step | p95 ms | owner |
|---|---|---|
| fetch | 20 | ana |
| parse | 5 | bo |

Keep the nightly window as it is.`;

const REVISED = `The plan for the nightly export job.

Switch to the ledger export instead: it already holds reconciled totals for every day.

| service | latency p95 | errors |
|---|---|---|
| ledger api | 120 | 0.1% |

Keep the nightly window as it is.`;

test("a revision's diff: a small edit, a rewritten paragraph and a rewritten table, stepped with [ and ]", async ({
  page,
}, testInfo) => {
  const key = tag("diffs");
  const first = await agent.thought({
    sessionId: key,
    thought: PLAN,
    thoughtNumber: 1,
    totalThoughts: 3,
    nextThoughtNeeded: true,
  });
  await agent.thought({
    sessionId: key,
    thought: "Check what the ledger holds.",
    thoughtNumber: 2,
    totalThoughts: 3,
    nextThoughtNeeded: true,
  });
  const revision = await agent.thought({
    sessionId: key,
    thought: REVISED,
    thoughtNumber: 3,
    totalThoughts: 3,
    nextThoughtNeeded: false,
    isRevision: true,
    revisesThought: 1,
  });
  await page.goto(`/sessions/${first.sessionId}?thought=${revision.thoughtId}`);
  await live(page);
  const history = detail(page).getByTestId("revision-history");
  await expect(history.getByTestId("revision-pair")).toHaveText("#1 v1 → #3 v1");
  const diff = history.getByTestId("block-diff");
  // The title line: a small edit, word by word.
  const edit = diff.locator('[data-kind="edit"]');
  await expect(edit.locator("ins")).toHaveText(["nightly"]);
  // The paragraph said again in other words: rewritten, before and after each rendered, no word soup.
  const rewrites = diff.locator('[data-kind="rewrite"]');
  await expect(rewrites).toHaveCount(2);
  await expect(rewrites.first().locator('[data-side="before"]')).toContainText("Pull the payment events");
  await expect(rewrites.first().locator('[data-side="after"]')).toContainText("Switch to the ledger export");
  await expect(rewrites.first().locator("del, ins")).toHaveCount(0);
  // The table rewritten: the old table and the new, rendered as tables.
  await expect(rewrites.nth(1).locator('[data-side="before"] table')).toContainText("parse");
  await expect(rewrites.nth(1).locator('[data-side="after"] table')).toContainText("ledger api");
  await expect(diff.getByTestId("diff-summary")).toHaveText("1 block edited · 2 rewritten");
  // Side by side, and wide.
  await history.getByRole("radio", { name: "Side by side" }).click();
  await expect(diff).toHaveAttribute("data-mode", "split");
  await checkThemes(page, testInfo, "revision-diff");
  await history.getByRole("button", { name: "Open the diff wide" }).click();
  const wide = page.getByRole("dialog", { name: /^Revisions:/ });
  await expect(wide.getByTestId("block-diff")).toHaveAttribute("data-mode", "split");
  await checkThemes(page, testInfo, "revision-diff-wide");
  await page.keyboard.press("Escape");

  // A table edited in one cell: the row stays, the cell shows the change.
  const tableKey = tag("table-edit");
  const v1 = await agent.thought({
    sessionId: tableKey,
    thought: PLAN,
    thoughtNumber: 1,
    totalThoughts: 2,
    nextThoughtNeeded: true,
  });
  const v2 = await agent.thought({
    sessionId: tableKey,
    thought: PLAN.replace("| fetch | 20 | ana |", "| fetch | 31 | ana |"),
    thoughtNumber: 2,
    totalThoughts: 2,
    nextThoughtNeeded: false,
    isRevision: true,
    revisesThought: 1,
  });
  await page.goto(`/sessions/${v1.sessionId}?thought=${v2.thoughtId}`);
  const table = detail(page).getByTestId("block-diff").locator('[data-kind="table"]');
  await expect(table.locator('tr[data-op="modify"] del')).toHaveText("20");
  await expect(table.locator('tr[data-op="modify"] ins')).toHaveText("31");
  // [ and ] step the chain: thought 1 alone has no earlier change, the pair stays.
  await page.getByLabel("Session review").focus();
  await page.keyboard.press("[");
  await expect(detail(page).getByTestId("revision-pair")).toHaveText("#1 v1 → #2 v1");
});

test("the overview of a 2,000-thought session with 7 branches: marks, viewport, click to go, jumps", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const key = tag("overview");
  const results = await agent.ingest(longSession(key, { size: 2_000, branches: 7, revisions: 44 }), key);
  const sessionId = results[0]!.sessionId!;
  await page.goto(`/sessions/${sessionId}`);
  await live(page);
  const overview = page.getByTestId("session-overview");
  await expect(overview).toBeVisible();
  await expect(overview.getByTestId("overview-canvas")).toHaveAttribute("data-drawn-at", /\d/);
  await expect(overview.getByTestId("overview-canvas")).toHaveAttribute("aria-label", /7 branches, \d+ revisions/);
  await expect(overview.getByTestId("overview-viewport")).toBeVisible();
  await checkThemes(page, testInfo, "overview");

  // A click near the top selects an early thought; the graph and the transcript follow.
  const canvas = overview.getByTestId("overview-canvas");
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: 6, y: 12 } });
  await expect(page).not.toHaveURL(new RegExp(`thought=${results.at(-1)!.thoughtId}`));
  const picked = new URL(page.url()).searchParams.get("thought");
  await expect(page.locator(`section[aria-label="Transcript"] [data-thought-id="${picked}"]`)).toBeVisible();
  const selectionTop = async () => (await overview.getByTestId("overview-selection").boundingBox())!.y;
  expect(await selectionTop()).toBeLessThan(box.y + box.height / 4);

  // Jumps: n to the next branch point, r to a revision, w to a warning, g to a thought number.
  const session = page.getByLabel("Session review");
  await session.focus();
  await page.keyboard.press("n");
  await expect(page.getByRole("button", { name: "Next branch point" })).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get("thought")).not.toBe(picked);
  await page.keyboard.press("r");
  await expect(detail(page).getByTestId("revision-history")).toBeVisible();
  await page.keyboard.press("w");
  await expect(detail(page).getByRole("list", { name: "Flags" })).toBeVisible();
  await page.keyboard.press("g");
  await page.getByRole("spinbutton", { name: "Thought #" }).fill("1000");
  await page.keyboard.press("Enter");
  await expect(detail(page).getByRole("heading", { level: 2 })).toContainText("Thought 1000/");
  // Each jump's key is in its button's tooltip.
  await page.getByRole("button", { name: "Next revision" }).hover();
  await expect(page.getByRole("tooltip")).toContainText("(r; shift+r the previous)");
});

test("a 50,000-character thought folds in the transcript and the detail panel; the score form stays in reach", async ({
  page,
}, testInfo) => {
  const key = tag("long");
  const paragraph = "The retry budget runs out under load because every worker retries at once. ".repeat(12);
  const long = Array.from({ length: 60 }, (_, i) => `${i + 1}. ${paragraph}`)
    .join("\n\n")
    .slice(0, 50_000);
  expect(long.length).toBe(50_000);
  await createConfig(server, { name: tag("clarity"), type: "numeric", min: 1, max: 5, step: 1 });
  const t = await agent.thought({
    sessionId: key,
    thought: long,
    thoughtNumber: 1,
    totalThoughts: 2,
    nextThoughtNeeded: true,
  });
  await agent.thought({
    sessionId: key,
    thought: "A short one after it.",
    thoughtNumber: 2,
    totalThoughts: 2,
    nextThoughtNeeded: false,
  });
  await page.goto(`/sessions/${t.sessionId}?thought=${t.thoughtId}`);
  await live(page);
  const row = page.locator(`section[aria-label="Transcript"] [data-thought-id="${t.thoughtId}"]`);
  await expect(row.getByTestId("long-text")).toHaveAttribute("data-open", "false");
  expect((await row.boundingBox())!.height).toBeLessThan(500);
  const panel = detail(page);
  await expect(panel.getByTestId("long-text")).toHaveAttribute("data-open", "false");
  await expect(panel.getByTestId("score-form").first()).toBeInViewport();
  await checkThemes(page, testInfo, "long-thought");
  // Show more in the transcript unfolds the thought in both places, and it stays so across navigation.
  await row.getByTestId("long-text-toggle").click();
  await expect(panel.getByTestId("long-text")).toHaveAttribute("data-open", "true");
  await page.getByLabel("Session review").focus();
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  await expect(panel.getByTestId("long-text")).toHaveAttribute("data-open", "true");
  // Unfolded in the detail panel the text scrolls in its own box; the score form is still right below it.
  await expect(panel.getByRole("region", { name: "Full text" })).toBeVisible();
  await panel.getByTestId("score-form").first().scrollIntoViewIfNeeded();
  await expect(panel.getByTestId("score-form").first()).toBeInViewport();
});

test("a comment anchored from a phrase selected in the transcript, highlighted in both panes", async ({
  page,
}, testInfo) => {
  const key = tag("anchor");
  const phrase = "the retry budget";
  await agent.thought({
    sessionId: key,
    thought: "Read the failing test first.",
    thoughtNumber: 1,
    totalThoughts: 2,
    nextThoughtNeeded: true,
  });
  const second = await agent.thought({
    sessionId: key,
    thought: `The flake comes from ${phrase} running out under load.`,
    thoughtNumber: 2,
    totalThoughts: 2,
    nextThoughtNeeded: false,
  });
  await page.goto(`/sessions/${second.sessionId}`);
  await live(page);
  const row = page.locator(`section[aria-label="Transcript"] [data-thought-id="${second.thoughtId}"]`);
  await row.locator(".tg-md").waitFor();
  await row.locator("[data-thought-text]").evaluate((root, words) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(words) ?? -1;
      if (at >= 0) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + words.length);
        window.getSelection()!.removeAllRanges();
        window.getSelection()!.addRange(range);
        return;
      }
    }
    throw new Error("phrase not found");
  }, phrase);
  await page.getByLabel("Session review").focus();
  await page.keyboard.press("c");
  const panel = detail(page);
  await expect(panel.getByTestId("pending-anchor")).toContainText(phrase);
  await panel.getByLabel("Comment on this thought").fill("Per request or per test?");
  await panel.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(panel.getByTestId("comment-quote")).toContainText(phrase);
  await expect(row.locator('mark[data-testid="comment-anchor"]')).toHaveText(phrase);
  await expect(panel.getByTestId("thought-text").locator('mark[data-testid="comment-anchor"]')).toHaveText(phrase);
  await checkThemes(page, testInfo, "transcript-anchor");
});

test("? opens the shortcut sheet on every page, the screen's keys first", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByTestId("session-row").first().waitFor();
  await page.keyboard.press("?");
  const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("region").first()).toHaveAccessibleName("Everywhere");
  await page.keyboard.press("Escape");
  const key = tag("keys");
  const t = await agent.thought({
    sessionId: key,
    thought: "A thought.",
    thoughtNumber: 1,
    totalThoughts: 1,
    nextThoughtNeeded: false,
  });
  await page.goto(`/sessions/${t.sessionId}`);
  await live(page);
  await page.keyboard.press("?");
  await expect(sheet.getByRole("region").first()).toHaveAccessibleName("Session view");
  await expect(sheet).toContainText("next / previous branch point");
  await checkThemes(page, testInfo, "shortcut-sheet");
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  // The app bar's button opens it too, and its tooltip names the key.
  await page.getByRole("button", { name: "Keyboard shortcuts" }).hover();
  await expect(page.getByRole("tooltip")).toContainText("(?)");
});

test("the score form across thought changes: rubric beside it, saves as it changes, nothing typed lost", async ({
  page,
}, testInfo) => {
  const key = tag("score-form");
  const verdict = tag("verdict");
  await createConfig(server, {
    name: verdict,
    type: "categorical",
    categories: [
      { label: "sound", description: "follows from what came before" },
      { label: "shaky", description: "a leap the thought does not justify" },
    ],
    description: "Does this step follow from the evidence?",
  });
  const a = await agent.thought({
    sessionId: key,
    thought: "Step one.",
    thoughtNumber: 1,
    totalThoughts: 2,
    nextThoughtNeeded: true,
  });
  const b = await agent.thought({
    sessionId: key,
    thought: "Step two.",
    thoughtNumber: 2,
    totalThoughts: 2,
    nextThoughtNeeded: false,
  });
  await page.goto(`/sessions/${a.sessionId}?thought=${a.thoughtId}`);
  await live(page);
  const form = detail(page).locator(`[data-testid="score-form"][data-config="${verdict}"]`);
  await expect(form.getByTestId("score-rubric")).toContainText("Does this step follow from the evidence?");
  await expect(form.getByTestId("score-rubric")).toContainText("a leap the thought does not justify");
  await expect(form.getByRole("button", { name: /^(Save|Update)$/ })).toHaveCount(0);
  await form.getByRole("radio", { name: "shaky" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  // A comment typed and left at once for the next thought is saved all the same.
  await form.getByLabel(`Comment on ${verdict}`).fill("The cause is asserted, not shown.");
  await page.getByLabel("Session review").focus();
  await page.keyboard.press("j");
  await expect(detail(page).getByRole("heading", { level: 2 })).toContainText("Thought 2/2");
  await checkThemes(page, testInfo, "score-form");
  await page.keyboard.press("k");
  await expect(form.getByLabel(`Comment on ${verdict}`)).toHaveValue("The cause is asserted, not shown.");
  await page.reload();
  await expect(
    detail(page).locator(`[data-testid="score-form"][data-config="${verdict}"]`).getByLabel(`Comment on ${verdict}`),
  ).toHaveValue("The cause is asserted, not shown.");
  void b;
});
