// A whole queue review in Debian's Chromium against the production build: sign in on /login in a fresh browser
// context, seed a session and two score configs over REST, create a queue from a selection in the new-queue form,
// open it, score with number keys (two configs, a thought and the session), comment on a selected phrase with `c`,
// finish with `f`, and check that the scores, the comment and the progress are there after a reload.
import { expect, test, type Page } from "@playwright/test";

import { Agent, e2eServer } from "./support/agent";
import { createConfig } from "./support/score-configs";
import { saveScreenshot } from "./support/screens";
import { selectInDetail } from "./support/selection";

const server = e2eServer();
const { baseURL, apiKey } = server;
const agent = new Agent(baseURL, apiKey);

test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const tag = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const detail = (page: Page) => page.locator('aside[aria-label="Thought detail"]');

test("a reviewer signs in, reviews a queue item with the keyboard and finishes it", async ({ browser }, testInfo) => {
  const email = process.env.THOUGHTGRAPH_E2E_ADMIN_EMAIL;
  const password = process.env.THOUGHTGRAPH_E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error("THOUGHTGRAPH_E2E_ADMIN_EMAIL/_PASSWORD are unset: run through Playwright");

  // Seed: a two-thought session and two configs (numeric 1–5, yes/no), over REST with the run's API key.
  const key = tag("queued");
  const phrase = "the retry budget";
  const first = await agent.thought({
    sessionId: key,
    thought: "Read the failing test and list what it checks.",
    thoughtNumber: 1,
    totalThoughts: 2,
    nextThoughtNeeded: true,
  });
  const second = await agent.thought({
    sessionId: key,
    thought: "The flake comes from the retry budget running out under load.",
    thoughtNumber: 2,
    totalThoughts: 2,
    nextThoughtNeeded: false,
  });
  const quality = tag("quality");
  const correct = tag("correct");
  await createConfig(server, { name: quality, type: "numeric", min: 1, max: 5, step: 1 });
  await createConfig(server, { name: correct, type: "boolean" });

  // Sign in through the login page, in a browser context without the run's stored sign-in.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/queues");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Annotation queues" })).toBeVisible();

  // A queue over the selected session, collecting both configs, reviewed by the admin.
  await page.goto(`/queues?new=1&sessions=${first.sessionId}`);
  const form = page.getByRole("form", { name: "New queue" });
  const queueName = tag("review queue");
  await form.getByLabel("Name").fill(queueName);
  // Only this test's two configs (other specs leave theirs in the run's project): wait for the list, clear it, pick.
  await expect(form.getByLabel(correct)).toBeVisible();
  for (const box of await form.locator('input[name="config"]').all()) await box.uncheck();
  await expect(form.locator('input[name="config"]:checked')).toHaveCount(0);
  await form.getByLabel(quality).check();
  await form.getByLabel(correct).check();
  await form.getByLabel("Reviewers per item").fill("1");
  await form.locator("label", { hasText: "(owner)" }).first().locator("input").check();
  await expect(form.getByTestId("queue-source")).toContainText("the selected sessions — 1 session");
  await form.getByRole("button", { name: "Create queue" }).click();
  await expect(page.getByTestId("queue-added")).toHaveText("1 added, 0 already queued.");
  await expect(page.getByTestId("queue-progress")).toContainText("0 of 1 complete");
  const queueUrl = new URL(page.url()).pathname;

  // Open it: the item is claimed with a 5-minute lease.
  await page.getByRole("link", { name: "Start reviewing" }).click();
  const progress = page.getByTestId("review-progress");
  await expect(progress).toHaveText(/^Item 1 of 1 · 0 done by you · lease ends in [45]:\d\d$/);
  await expect(detail(page).getByTestId("thought-text")).toContainText("Read the failing test");
  const activeConfig = page.locator('[data-testid="review-config"][data-active="true"]');
  await expect(activeConfig).toContainText(quality);

  // 4 scores thought 1 on the first config; j moves to thought 2; ] switches config; 1 = yes.
  await page.keyboard.press("4");
  await expect(page.getByTestId("review-notice")).toHaveText(`${quality}: 4 on thought 1.`);
  await expect(activeConfig.getByTestId("review-config-value")).toHaveText("4");
  await page.keyboard.press("j");
  await expect(detail(page).getByTestId("thought-text")).toContainText(phrase);
  await page.keyboard.press("]");
  await expect(activeConfig).toContainText(correct);
  await page.keyboard.press("1");
  await expect(page.getByTestId("review-notice")).toHaveText(`${correct}: yes on thought 2.`);
  // A value outside the config is refused on the spot, without a request.
  await page.keyboard.press("[");
  await page.keyboard.press("7");
  await expect(page.getByTestId("review-notice")).toHaveText(`${quality} takes 1 to 5.`);
  // s: the whole session.
  await page.keyboard.press("s");
  await expect(page.getByTestId("review-target")).toHaveText("the session");
  await page.keyboard.press("5");
  await expect(page.getByTestId("review-notice")).toHaveText(`${quality}: 5 on the session.`);
  await page.keyboard.press("s");
  await expect(page.getByTestId("review-target")).toHaveText("thought 2");

  // c with a phrase selected in the thought: a comment anchored to it.
  await selectInDetail(page, phrase);
  await page.keyboard.press("c");
  const panel = detail(page);
  await expect(panel.getByTestId("pending-anchor")).toContainText(phrase);
  const box = panel.getByLabel("Comment on this thought");
  await expect(box).toBeFocused();
  await box.fill("Is the budget per request or per test?");
  await panel.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(panel.getByTestId("comment-thread").getByTestId("comment-quote")).toContainText(phrase);
  const row = page.locator(`[data-testid="thought"][data-thought-id="${second.thoughtId}"]`);
  await expect(row.locator("mark")).toHaveText(phrase);
  await saveScreenshot(page, testInfo, "review-item.png");

  // Keys are ignored while typing; out of the box, f finishes and takes the next item (there is none).
  await box.press("f");
  await expect(progress).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("f");
  await expect(page.getByTestId("queue-all-done")).toHaveText("All done — 1 item complete (1 by you, of 1).");
  await saveScreenshot(page, testInfo, "review-done.png");

  // After a reload, from the database: progress, the scores and the comment.
  await page.goto(queueUrl);
  await expect(page.getByTestId("queue-progress")).toContainText("1 of 1 complete");
  const reviewer = page.getByRole("table", { name: "Reviewers" }).locator("tbody tr").first();
  await expect(reviewer.locator("td").nth(1)).toHaveText("1");
  await page.goto(`/sessions/${first.sessionId}?thought=${first.thoughtId}`);
  const step = (config: string, label: string) =>
    detail(page).locator(`[data-testid="score-form"][data-config="${config}"]`).getByRole("radio", { name: label });
  await expect(step(quality, "4")).toHaveAttribute("aria-checked", "true");
  await page.goto(`/sessions/${first.sessionId}?thought=${second.thoughtId}`);
  await expect(step(correct, "yes")).toHaveAttribute("aria-checked", "true");
  await expect(detail(page).getByTestId("comment-quote")).toContainText(phrase);
  await page.getByRole("tab", { name: "Session scores" }).click();
  await expect(
    page
      .locator(`aside[aria-label="Session scores"] [data-testid="score-form"][data-config="${quality}"]`)
      .getByRole("radio", { name: "5" }),
  ).toHaveAttribute("aria-checked", "true");
  await context.close();
});

test("“Queue these” in the sessions list makes a queue of every session matching its filter", async ({ page }) => {
  const word = tag("needle");
  for (let i = 1; i <= 2; i++) {
    await agent.thought({
      sessionId: tag("filtered"),
      thought: `Session ${i} looks for the ${word} in the logs.`,
      thoughtNumber: 1,
      totalThoughts: 1,
      nextThoughtNeeded: false,
    });
  }
  await createConfig(server, { name: tag("clarity"), type: "numeric", min: 1, max: 3 });

  await page.goto(`/?q=${word}`);
  await expect(page.getByRole("table", { name: "Sessions" }).locator("tbody tr")).toHaveCount(2);
  await page.getByRole("link", { name: "Queue these" }).click();
  const form = page.getByRole("form", { name: "New queue" });
  await expect(form.getByTestId("queue-source")).toHaveText(`Sessions: all matching text: ${word} — 2 sessions`);
  const queueName = tag("filtered queue");
  await form.getByLabel("Name").fill(queueName);
  await form.getByLabel("Reviewers per item").fill("2");
  await form.getByRole("button", { name: "Create queue" }).click();
  await expect(page.getByTestId("queue-added")).toHaveText("2 added, 0 already queued.");
  await expect(page.getByTestId("queue-progress")).toContainText("0 of 2 complete");
  await expect(page.getByText("2 reviewers per item")).toBeVisible();

  // A third match later, and the same filter added to the existing queue: only the new session goes in.
  await agent.thought({
    sessionId: tag("filtered"),
    thought: `Session 3 also looks for the ${word}.`,
    thoughtNumber: 1,
    totalThoughts: 1,
    nextThoughtNeeded: false,
  });
  await page.goto(`/?q=${word}`);
  await expect(page.getByRole("table", { name: "Sessions" }).locator("tbody tr")).toHaveCount(3);
  await page.getByRole("link", { name: "Queue these" }).click();
  const add = page.getByRole("form", { name: "Add to a queue" });
  await add.getByLabel("Queue").selectOption({ label: queueName });
  await add.getByRole("button", { name: "Add to queue" }).click();
  await expect(page.getByTestId("queue-added")).toHaveText("1 added, 2 already queued.");
  await expect(page.getByTestId("queue-progress")).toContainText("0 of 3 complete");
});

test("number keys 1–5 give 0, 0.25, 0.5, 0.75 and 1 on a 0–1 config stepped by 0.25", async ({ page }) => {
  const first = await agent.thought({
    sessionId: tag("quarters"),
    thought: "Check whether the retry budget is per request or per test.",
    thoughtNumber: 1,
    totalThoughts: 1,
    nextThoughtNeeded: false,
  });
  const confidence = tag("confidence");
  await createConfig(server, { name: confidence, type: "numeric", min: 0, max: 1, step: 0.25 });

  await page.goto(`/queues?new=1&sessions=${first.sessionId}`);
  const form = page.getByRole("form", { name: "New queue" });
  await form.getByLabel("Name").fill(tag("quarter steps"));
  await expect(form.getByLabel(confidence)).toBeVisible();
  for (const box of await form.locator('input[name="config"]').all()) await box.uncheck();
  await form.getByLabel(confidence).check();
  await form.getByRole("button", { name: "Create queue" }).click();
  await expect(page.getByTestId("queue-added")).toHaveText("1 added, 0 already queued.");
  await page.getByRole("link", { name: "Start reviewing" }).click();
  await expect(page.getByTestId("review-progress")).toBeVisible();
  const activeConfig = page.locator('[data-testid="review-config"][data-active="true"]');
  await expect(activeConfig).toContainText(confidence);

  // Each key is scored (the notice) and stored (the config's value shows what the server kept).
  for (const [key, value] of [
    ["1", "0"],
    ["2", "0.25"],
    ["3", "0.5"],
    ["4", "0.75"],
    ["5", "1"],
  ] as const) {
    await page.keyboard.press(key);
    await expect(page.getByTestId("review-notice")).toHaveText(`${confidence}: ${value} on thought 1.`);
    await expect(activeConfig.getByTestId("review-config-value")).toHaveText(value);
  }
  // A sixth step does not exist.
  await page.keyboard.press("6");
  await expect(page.getByTestId("review-notice")).toHaveText(`${confidence} has 5 steps; press 1 to 5.`);
  await expect(activeConfig.getByTestId("review-config-value")).toHaveText("1");
});
