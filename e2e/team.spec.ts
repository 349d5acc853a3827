// A team forms, in Debian's Chromium against the production build: the admin (signed in by the global setup) makes
// an invitation link in Settings; a new person opens it in a fresh browser, creates an account and lands in the
// project as an annotator, who can comment, is @mentioned and finds it under Mentions, but may not manage API keys; the admin creates a
// read-only API key (shown once), sees it listed by prefix and last 4, and revokes it; signing out ends the session.
import { expect, test, type Browser, type Page } from "@playwright/test";

import { Agent, e2eServer } from "./support/agent";
import { saveScreenshot } from "./support/screens";
import { signOut } from "./support/shell";
import { checkThemes } from "./support/themes";

const { baseURL, apiKey } = e2eServer();
const agent = new Agent(baseURL, apiKey);

test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const tag = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function freshPage(browser: Browser): Promise<Page> {
  // No storage state: a browser that has never signed in.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

test("an admin invites a reviewer who joins as an annotator, comments and is mentioned", async ({
  page,
  browser,
}, testInfo) => {
  // A long handle (the e-mail's local part): the mention list shows it on one line.
  const handle = tag("rita-reviewer-from-quality-assurance");
  const email = `${handle}@team.test`;

  // The admin's invitation link, shown once.
  await page.goto("/settings");
  const invite = page.getByRole("form", { name: "New invitation" });
  await invite.getByLabel("Role").selectOption("annotator");
  await invite.getByRole("button", { name: "Create invitation link" }).click();
  const link = await page.getByLabel("Invitation link.").inputValue();
  expect(link).toMatch(/\/invite\/[\w-]+$/);
  await expect(page.getByTestId("invitation-row").first()).toContainText("annotator");

  // A fresh browser: the dashboard wants a sign-in; the link offers an account.
  const newcomer = await freshPage(browser);
  await newcomer.goto("/");
  await expect(newcomer).toHaveURL(/\/login$/);
  await newcomer.goto(link);
  const form = newcomer.getByRole("form", { name: "Create your account" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Name").fill("Rita Reviewer");
  await form.getByLabel("Password").fill("rita-password-1");
  await form.getByRole("button", { name: "Create account and join as annotator" }).click();
  await expect(newcomer).toHaveURL(/\/$/);
  await expect(newcomer.getByTestId("signed-in-as")).toHaveText("Rita Reviewer · annotator");

  // An annotator sees API keys but may not manage them.
  await newcomer.goto("/settings");
  await expect(newcomer.getByRole("form", { name: "New API key" })).toHaveCount(0);
  await expect(newcomer.getByRole("form", { name: "New invitation" })).toHaveCount(0);
  await expect(newcomer.getByRole("button", { name: /^Password reset link/ })).toHaveCount(0);
  await saveScreenshot(newcomer, testInfo, "settings-annotator.png");

  // The admin mentions the newcomer on a thought; the newcomer sees the comment and replies.
  const thought = await agent.thought({
    sessionId: tag("team"),
    thought: "Rank the candidates by recall, then by latency.",
    thoughtNumber: 1,
    totalThoughts: 1,
    nextThoughtNeeded: false,
  });
  await page.goto(`/sessions/${thought.sessionId}?thought=${thought.thoughtId}`);
  const panel = page.locator('aside[aria-label="Thought detail"]');
  const box = panel.getByLabel("Comment on this thought");
  // Typing @ and the start of the handle opens the members list; Enter takes the highlighted one.
  await box.fill("Could you check this one? ");
  await box.pressSequentially(`@${handle.slice(0, 2)}`);
  const list = panel.getByRole("listbox", { name: "Members to mention" });
  const option = list.getByRole("option", { name: new RegExp(`^@${handle}\\b`) });
  await expect(option).toBeVisible();
  // One line, cut with an ellipsis inside the list, the whole handle in its title.
  const shown = option.getByTitle(`@${handle}`);
  await expect(shown).toHaveText(`@${handle}`);
  const fit = await shown.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const row = el.closest('[role="option"]')!.getBoundingClientRect();
    return {
      oneLine: box.height <= parseFloat(getComputedStyle(el).lineHeight) + 1,
      inside: box.right <= row.right,
      ellipsis: getComputedStyle(el).textOverflow === "ellipsis",
    };
  });
  expect(fit).toEqual({ oneLine: true, inside: true, ellipsis: true });
  // The list open, in both themes at 1440×900 and 1024×768, with axe (the box keeps the focus throughout).
  await checkThemes(page, testInfo, "mention-autocomplete");
  await expect(box).toBeFocused();
  await list.getByRole("option", { name: new RegExp(`^@${handle}\\b`) }).hover();
  await box.press("Enter");
  await expect(list).toHaveCount(0);
  await expect(box).toHaveValue(`Could you check this one? @${handle} `);
  await panel.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(panel.getByTestId("comment-mentions")).toHaveText(`Mentions @${handle}`);

  // The newcomer finds it under Mentions and follows it to the thought.
  await newcomer.goto("/");
  // On the way: an annotator may select sessions (to queue or export them) but is offered no Delete.
  await newcomer.getByTestId("session-row").first().getByRole("checkbox").check();
  await expect(newcomer.getByTestId("selection-status")).toHaveText("1 selected");
  await expect(newcomer.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await newcomer.getByRole("button", { name: "Clear selection" }).click();
  await newcomer.getByRole("link", { name: "Mentions" }).click();
  const mention = newcomer.getByTestId("mention").first();
  await expect(mention).toContainText(`Could you check this one? @${handle}`);
  await expect(mention).toContainText("admin@thoughtgraph.test");
  await mention.getByRole("link").click();
  // The link lands on the comment itself: its thought selected, the comment marked.
  await expect(newcomer).toHaveURL(
    new RegExp(`/sessions/${thought.sessionId}\\?thought=${thought.thoughtId}&comment=[\\w-]+$`),
  );
  const theirs = newcomer.locator('aside[aria-label="Thought detail"]');
  await expect(theirs.locator('[data-testid="comment"][data-linked="true"]')).toContainText(
    "Could you check this one?",
  );
  await expect(theirs.getByTestId("comment-body")).toContainText("Could you check this one?");
  await theirs.getByRole("button", { name: "Reply" }).click();
  await theirs.getByLabel("Reply").fill("Recall first holds.");
  await theirs.getByRole("button", { name: "Reply" }).click();
  await expect(theirs.getByLabel("Replies")).toContainText("Rita Reviewer");

  // Signing out ends the session: the dashboard asks for a sign-in again.
  await signOut(newcomer);
  await expect(newcomer).toHaveURL(/\/login$/);
  await newcomer.goto("/settings");
  await expect(newcomer).toHaveURL(/\/login\?next=%2Fsettings$/);
  await newcomer.context().close();
});

test("an admin creates a read-only API key, sees it once, and revokes it", async ({ page }, testInfo) => {
  const name = tag("ci-reader");
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "New API key" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Scope").selectOption("read");
  await form.getByRole("button", { name: "Create key" }).click();
  const key = await page.getByLabel("New API key.").inputValue();
  expect(key).toMatch(/^tg_[\w-]{32}$/);

  const row = page.getByTestId("key-row").filter({ hasText: name });
  await expect(row).toContainText(`${key.slice(0, 7)}`);
  await expect(row).toContainText(key.slice(-4));
  await expect(row).toContainText("read");
  await saveScreenshot(page, testInfo, "settings-admin.png");

  // The key reads but may not write.
  const read = await fetch(`${baseURL}/api/v1/sessions`, { headers: { authorization: `Bearer ${key}` } });
  expect(read.status).toBe(200);
  const write = await fetch(`${baseURL}/api/v1/thoughts`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ thought: "x", thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false }),
  });
  expect(write.status).toBe(403);

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await page
    .getByRole("dialog", { name: `Revoke "${name}"?` })
    .getByRole("button", { name: "Revoke key" })
    .click();
  await expect(row).toContainText("revoked");
});
