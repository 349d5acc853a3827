// Comments from the dashboard in Debian's Chromium against the production build: a thought posted over REST, a
// phrase selected in the detail panel's text and commented on, the phrase highlighted in the transcript, a reply,
// resolve (the thread collapses, the highlight goes) and reopen, a session-level comment, and HTML in a body shown
// as text.
import { expect, test, type Page } from "@playwright/test";

import { Agent, e2eServer } from "./support/agent";
import { selectInDetail } from "./support/selection";

const { baseURL, apiKey } = e2eServer();
const agent = new Agent(baseURL, apiKey);

test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const tag = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const detail = (page: Page) => page.locator('aside[aria-label="Thought detail"]');

test("a reviewer comments on a selected phrase, replies, resolves and reopens", async ({ page }) => {
  const key = tag("commented");
  const phrase = "the cache layer";
  const thought = await agent.thought({
    sessionId: key,
    thought: `First look at **the plan**, then check the cache layer before the database.`,
    thoughtNumber: 1,
    totalThoughts: 1,
    nextThoughtNeeded: false,
  });

  await page.goto(`/sessions/${thought.sessionId}?thought=${thought.thoughtId}`);
  const panel = detail(page);
  await expect(panel.getByTestId("thought-text")).toContainText(phrase);

  // Select the phrase, then comment on it.
  await selectInDetail(page, phrase);
  await panel.getByRole("button", { name: "Comment on selection" }).click();
  await expect(panel.getByTestId("pending-anchor")).toContainText(phrase);
  const box = panel.getByLabel("Comment on this thought");
  await expect(box).toBeFocused();
  await box.fill("Is **this** cached per request? @alice");
  await panel.getByRole("button", { name: "Comment", exact: true }).click();

  const thread = panel.getByTestId("comment-thread");
  await expect(thread).toHaveCount(1);
  await expect(thread.getByTestId("comment-quote")).toContainText(phrase);
  await expect(thread.getByTestId("comment-body").locator("strong")).toHaveText("this");

  // The phrase is highlighted in the transcript.
  const row = page.locator(`[data-testid="thought"][data-thought-id="${thought.thoughtId}"]`);
  await expect(row.locator("mark")).toHaveText(phrase);

  // A reply (the box opens on demand).
  await thread.getByRole("button", { name: "Reply" }).click();
  await thread.getByLabel("Reply").fill("Yes, per request.");
  await thread.getByRole("button", { name: "Reply" }).click();
  await expect(thread.getByLabel("Replies")).toContainText("Yes, per request.");

  // Resolve: the thread collapses and the highlight goes.
  await thread.getByRole("button", { name: "Resolve" }).click();
  await expect(thread).toHaveAttribute("data-resolved", "true");
  await expect(thread.getByLabel("Replies")).toBeHidden();
  await expect(row.locator("mark")).toHaveCount(0);

  // Reopen from the collapsed thread.
  await thread.locator("summary").click();
  await thread.getByRole("button", { name: "Reopen" }).click();
  await expect(thread).toHaveAttribute("data-resolved", "false");
  await expect(thread.getByLabel("Replies")).toBeVisible();
  await expect(row.locator("mark")).toHaveText(phrase);

  // The key `c` with focus in the session view opens the comment box too.
  await page.getByRole("region", { name: "Transcript" }).click();
  await page.keyboard.press("c");
  await expect(box).toBeFocused();

  // HTML in a body is shown as text, never run.
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs++;
    void d.dismiss();
  });
  const html = `<script>alert("x")</script><img src=x onerror="alert(1)">`;
  await box.fill(html);
  await panel.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(panel.getByTestId("comment-thread")).toHaveCount(2);
  const last = panel.getByTestId("comment-thread").nth(1).getByTestId("comment-body");
  await expect(last).toContainText('<script>alert("x")</script>');
  await expect(last.locator("script, img")).toHaveCount(0);
  expect(dialogs).toBe(0);

  // A session-level comment in its own tab.
  await page.getByRole("tab", { name: "Session comments" }).click();
  const sessionPanel = page.locator('aside[aria-label="Session comments"]');
  await sessionPanel.getByLabel("Comment on the session").fill("Overall a sound plan.");
  await sessionPanel.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(sessionPanel.getByTestId("comment-thread")).toContainText("Overall a sound plan.");
});
