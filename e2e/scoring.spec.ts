// Scoring from the dashboard in Debian's Chromium against the production build: create a numeric config on
// /agreement, an evaluator (the run's API key) scores two thoughts over REST, the local user scores the same two in
// the detail panel's stepped buttons (keyboard for one, mouse for the other), a typed value outside an open-ended
// config refused with the server's words, the chips on the graph nodes, the score column and sort of the sessions
// list, and the agreement numbers with their chart.
import { expect, test, type Page } from "@playwright/test";

import { Agent, e2eServer } from "./support/agent";
import { createConfig } from "./support/score-configs";

const server = e2eServer();
const { baseURL, apiKey } = server;
const agent = new Agent(baseURL, apiKey);

test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const tag = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

const detail = (page: Page) => page.locator('aside[aria-label="Thought detail"]');
const nodeFor = (page: Page, thoughtId: string) =>
  page.locator(`.tg-graph .react-flow__node[data-id="${thoughtId}"] [data-testid="graph-node"]`);

async function evaluatorScore(thoughtId: string, name: string, value: number): Promise<void> {
  const res = await fetch(new URL("/api/v1/scores", baseURL), {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ thoughtId, name, value }),
  });
  expect(res.status, await res.text()).toBe(201);
}

test("a reviewer scores thoughts in the detail panel and sees chips, the list column and agreement", async ({
  page,
}) => {
  const key = tag("scored");
  const written = [];
  for (let i = 1; i <= 3; i++) {
    written.push(
      await agent.thought({
        sessionId: key,
        thought: `Step ${i} of the scored session`,
        thoughtNumber: i,
        totalThoughts: 3,
        nextThoughtNeeded: i < 3,
      }),
    );
  }
  const [first, second] = written as [(typeof written)[0], (typeof written)[0]];
  const name = tag("quality");

  // A config, created in the config manager.
  await page.goto("/agreement");
  const manager = page.locator("section#configs");
  await manager.getByLabel("Name", { exact: true }).fill(name);
  await manager.getByLabel("Type").selectOption("numeric");
  await manager.getByLabel("Min", { exact: true }).fill("1");
  await manager.getByLabel("Max", { exact: true }).fill("5");
  await manager.getByLabel("Step", { exact: true }).fill("1");
  await manager.getByRole("button", { name: "Create config" }).click();
  const configRow = manager.getByTestId("config-row").filter({ hasText: name });
  await expect(configRow).toContainText("a number from 1 to 5 in steps of 1");

  // An evaluator scores both thoughts over REST.
  await evaluatorScore(first.thoughtId, name, 4);
  await evaluatorScore(second.thoughtId, name, 2);

  // The keyboard: a 1–5 config is one row of stepped buttons, one tab stop (arrow keys move, Space picks), and a
  // pick saves at once.
  await page.goto(`/sessions/${first.sessionId}?thought=${first.thoughtId}`);
  const form = detail(page).locator(`[data-testid="score-form"][data-config="${name}"]`);
  const steps = form.getByRole("radiogroup", { name, exact: true });
  await expect(steps.getByRole("radio")).toHaveText(["1", "2", "3", "4", "5"]);
  // Once the others' scores have arrived the panel has its data and stops re-rendering under the keyboard.
  await expect(detail(page).getByRole("button", { name: /^By others · 1 score$/ })).toBeVisible();
  await steps.getByRole("radio", { name: "1" }).focus();
  // One key at a time, as a person types: each press moves focus to the next step.
  for (const next of ["2", "3", "4", "5"]) {
    await page.keyboard.press("ArrowRight");
    await expect(steps.getByRole("radio", { name: next })).toBeFocused();
  }
  await page.keyboard.press("Space");
  await expect(form.getByRole("status")).toHaveText("Saved.");
  await expect(steps.getByRole("radio", { name: "5" })).toHaveAttribute("aria-checked", "true");
  // One save model: no Save or Update button, the state in words.
  await expect(form.getByRole("button", { name: /^(Save|Update)$/ })).toHaveCount(0);
  // Others' scores are folded under a count until opened.
  const byOthers = detail(page).getByRole("button", { name: /^By others · 1 score$/ });
  await expect(detail(page).getByRole("list", { name: "Scores by others" })).toBeHidden();
  await byOthers.click();
  await expect(detail(page).getByRole("list", { name: "Scores by others" })).toContainText(/4 · API key /);
  await expect(nodeFor(page, first.thoughtId).getByTestId("score-chip")).toHaveText("★ 4.5");
  await expect(nodeFor(page, first.thoughtId).getByTestId("score-chip")).toHaveAttribute(
    "aria-label",
    `Review scores: ${name}: mean 4.5 · 2 scores`,
  );

  // The mouse: select the second thought on the graph, click a score.
  await nodeFor(page, second.thoughtId).click();
  await expect(detail(page).getByRole("heading", { level: 2 })).toContainText("Thought 2/3");
  const secondForm = detail(page).locator(`[data-testid="score-form"][data-config="${name}"]`);
  await secondForm.getByRole("radio", { name: "3" }).click();
  await expect(secondForm.getByRole("status")).toHaveText("Saved.");
  await expect(secondForm.getByRole("radio", { name: "3" })).toHaveAttribute("aria-checked", "true");
  await expect(nodeFor(page, second.thoughtId).getByTestId("score-chip")).toHaveText("★ 2.5");
  await expect(page.locator('.tg-graph [data-testid="score-chip"]')).toHaveCount(2);

  // The session itself, from its tab.
  await page.getByRole("tab", { name: "Session scores" }).click();
  const sessionForm = page
    .locator('aside[aria-label="Session scores"]')
    .locator(`[data-testid="score-form"][data-config="${name}"]`);
  await sessionForm.getByRole("radio", { name: "4" }).click();
  await expect(sessionForm.getByRole("status")).toHaveText("Saved.");

  // The sessions list: the column, and the sort by this config's mean puts the only scored session first.
  await page.goto("/");
  const row = page.getByTestId("session-row").filter({ hasText: key });
  // One line per config; the cell's title holds every summary in words.
  await expect(row.getByTestId("row-scores")).toHaveText(`${name} 3.6 (5)`);
  await expect(row.getByTestId("score-summary")).toHaveCount(1);
  await expect(row.getByTestId("row-scores").locator("[title]")).toHaveAttribute(
    "title",
    `${name}: mean 3.6 of 5 scores`,
  );
  await page.getByLabel("Score config to sort by").selectOption({ label: `Score: ${name}` });
  await expect(page).toHaveURL(/sort=score/);
  await expect(page.getByTestId("session-row").first()).toContainText(key);
  // The scored filter is one of the rarer ones, behind "More filters"; the button then counts it.
  await page.getByRole("button", { name: "More filters" }).click();
  await page.getByLabel("Scored", { exact: true }).selectOption("no");
  await expect(page.getByTestId("session-row").filter({ hasText: key })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "More filters (1 set)" })).toBeVisible();

  // Agreement: you and the API key on two shared thoughts (4, 5) and (2, 3).
  await page.goto("/agreement");
  await page.getByLabel("Score config", { exact: true }).selectOption({ label: `${name} (numeric)` });
  const pair = page.getByTestId("pair-row");
  await expect(pair).toHaveCount(1);
  await expect(pair).toContainText("you");
  await expect(pair).toContainText("API key");
  await expect(pair.locator("td").nth(1)).toHaveText("2");
  await expect(pair).toContainText("1.00: a very strong positive correlation, 2 shared items");
  // Interval α: D_o = 2 + 2 over 4 values, D_e = 2·4·5 → 1 − 3·4/40 = 0.70.
  await expect(page.getByTestId("alpha")).toContainText("0.70: tentative agreement");
  await expect(page.getByTestId("alpha")).toContainText("2 items scored by two or more");
  // The session-level score has no second reviewer, so it adds to the chart only: 2, 3, 4, 4, 5.
  await expect(page.getByRole("img", { name: `Scores of ${name}: 1 0, 2 1, 3 1, 4 2, 5 1` })).toBeVisible();

  // The same agreement, where people score: beside the form in the detail panel.
  await page.goto(`/sessions/${first.sessionId}?thought=${first.thoughtId}`);
  const line = detail(page)
    .locator(`[data-testid="config-scoring"][data-config="${name}"]`)
    .getByTestId("agreement-line");
  await expect(line).toContainText("2 reviewers");
  await expect(line).toContainText("0.70: tentative agreement");
});

test("an open-ended config takes a typed number (refused with the server's words when off its steps), a wide one a slider", async ({
  page,
}) => {
  const open = tag("effort");
  const wide = tag("percent");
  await createConfig(server, { name: open, type: "numeric", min: 1, step: 1 });
  await createConfig(server, { name: wide, type: "numeric", min: 0, max: 100, step: 1 });
  const t = await agent.thought({
    sessionId: tag("typed"),
    thought: "A thought to score by typing",
    thoughtNumber: 1,
    totalThoughts: 1,
    nextThoughtNeeded: false,
  });
  await page.goto(`/sessions/${t.sessionId}?thought=${t.thoughtId}`);

  const form = detail(page).locator(`[data-testid="score-form"][data-config="${open}"]`);
  await expect(form).toContainText("a number ≥ 1 in steps of 1");
  const value = form.getByLabel(open, { exact: true });
  await value.focus();
  await page.keyboard.type("2.5");
  await page.keyboard.press("Enter");
  await expect(form.getByRole("alert")).toContainText(`value must be a number ≥ 1 in steps of 1 for "${open}"`);
  await expect(value).toHaveAttribute("aria-invalid", "true");
  await value.fill("");
  await page.keyboard.type("7");
  await page.keyboard.press("Enter");
  await expect(form.getByRole("status")).toHaveText("Saved.");
  await expect(form.getByLabel(open, { exact: true })).toHaveValue("7");

  // 0–100 in steps of 1 is too many buttons: a slider (arrow keys step, End jumps), saved when let go.
  const slider = detail(page).locator(`[data-testid="score-form"][data-config="${wide}"]`);
  const thumb = slider.getByRole("slider", { name: wide });
  await thumb.focus();
  await page.keyboard.press("End");
  await expect(slider.getByRole("status")).toHaveText("Saved.");
  await expect(thumb).toHaveAttribute("aria-valuenow", "100");
  await page.reload();
  await expect(
    detail(page).locator(`[data-testid="score-form"][data-config="${wide}"]`).getByRole("slider", { name: wide }),
  ).toHaveAttribute("aria-valuenow", "100");
});
