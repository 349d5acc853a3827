// Judges end to end in Debian's Chromium against the production build, with the test model server standing in for a
// model endpoint (scripts/lib/model-server.ts: a real HTTP server speaking OpenAI Chat Completions; no real model
// runs here). An admin adds a model connection in Settings (private network allowed) and tests it, creates a judge,
// previews it on one thought and reads the exact prompt, runs it from the session view and sees the scores with their
// rationales marked as a judge's, backfills with the estimate first, follows the run to done, and reads the judge
// against the people on the agreement page. Every new screen is checked with axe and photographed in both themes.
import { expect, test, type Page } from "@playwright/test";

import { startModelServer, type ModelServer } from "../scripts/lib/model-server";
import { Agent, e2eServer } from "./support/agent";
import { createConfig } from "./support/score-configs";
import { checkThemes } from "./support/themes";

const server = e2eServer();
const { baseURL } = server;
const agent = new Agent(baseURL, server.apiKey);

test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const tag = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

let model: ModelServer;
const STALL = "stall the model";

test.beforeAll(async () => {
  // Each thought gets its number + 1 (capped at 5) with a rationale naming it: scores a test can predict.
  // A thought saying "stall" gets no answer in time: every other call never answers, the rest send their headers
  // and then one byte every 400 ms. A thought saying "judged sure to 0.x" gets that confidence.
  let stalls = 0;
  model = await startModelServer((req) => {
    if (req.prompt.includes(STALL)) {
      return stalls++ % 2 === 0
        ? { hang: true }
        : { answer: { value: 3, rationale: "late", confidence: 1 }, trickleMs: 400 };
    }
    const n = Number(/The step under review:\nThought (\d+)/.exec(req.prompt)?.[1] ?? 3);
    const sure = /judged sure to (0\.\d+)/.exec(req.prompt)?.[1];
    return {
      answer: {
        value: Math.min(5, n + 1),
        rationale: `Thought ${n} follows from the path before it.`,
        confidence: sure === undefined ? 0.8 : Number(sure),
      },
      latencyMs: 50,
    };
  });
});

test.afterAll(async () => {
  await model?.close();
});

/** A tRPC mutation as the dashboard sends it, signed in as the run's admin; answers its data. */
async function mutate<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const res = await page.request.post(`/api/trpc/${procedure}`, {
    headers: { "content-type": "application/json", origin: baseURL, "sec-fetch-site": "same-origin" },
    data: input,
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

/** A model connection to the test model server (set up through tRPC, as the settings form does) and a thought judge. */
async function judgeOnModel(page: Page, configName: string, connection: Record<string, unknown> = {}) {
  const { id: connectionId } = await mutate<{ id: string }>(page, "judges.createConnection", {
    name: tag("local"),
    provider: "openai-compatible",
    baseUrl: model.url,
    allowPrivateNetwork: true,
    ...connection,
  });
  const configs = await page.request.get(`/api/trpc/scores.configs`);
  const configId = ((await configs.json()) as { result: { data: { id: string; name: string }[] } }).result.data.find(
    (c) => c.name === configName,
  )!.id;
  const name = tag("judge");
  const judge = await mutate<{ id: string }>(page, "judges.create", {
    name,
    connectionId,
    model: "judge-small",
    scoreConfigId: configId,
    target: "thought",
  });
  return { connectionId, judgeId: judge.id, name };
}

/** A person's own score through the dashboard's tRPC door, as the score form sends it. */
async function scoreAsMe(page: Page, thoughtId: string, name: string, value: number) {
  const res = await page.request.post("/api/trpc/scores.upsertMine", {
    headers: { "content-type": "application/json", origin: baseURL, "sec-fetch-site": "same-origin" },
    data: { thoughtId, name, value },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test("an admin connects a model, creates, previews and runs a judge, and compares it with people", async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const key = tag("judged");
  const thoughts = [];
  for (let i = 1; i <= 3; i++) {
    thoughts.push(
      await agent.thought({
        sessionId: key,
        thought: `Step ${i}: ${["read the question", "work it out", "check the answer"][i - 1]}`,
        thoughtNumber: i,
        totalThoughts: 3,
        nextThoughtNeeded: i < 3,
      }),
    );
  }
  const sessionId = thoughts[0]!.sessionId;
  const config = tag("step-quality");
  await createConfig(server, { name: config, type: "numeric", min: 1, max: 5, step: 1 });
  const connection = tag("local");
  const judgeName = tag("step-judge");

  // Settings → Model connections: add one on a loopback address (allowed), then test it.
  await page.goto("/settings");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Model connections" }) });
  const form = section.getByRole("form", { name: "New model connection" });
  await form.getByLabel("Name").fill(connection);
  await form.getByLabel("Base URL").fill(model.url);
  await form.getByLabel("API key").fill("sk-e2e-secret-4242");
  await form.getByLabel("Allow private network").check();
  await form.getByRole("button", { name: "Add connection" }).click();
  const row = section.getByTestId("connection-row").filter({ hasText: connection });
  await expect(row).toContainText("…4242");
  await expect(section).not.toContainText("sk-e2e-secret");
  await row.getByRole("button", { name: `Test ${connection}` }).click();
  await expect(section.getByRole("status")).toContainText("models: judge-small, judge-large");
  await section.scrollIntoViewIfNeeded();
  await checkThemes(page, testInfo, "settings-model-connections");

  // A judge, from the judges page.
  await page.goto("/judges");
  await page.getByRole("button", { name: "New judge" }).click();
  const dialog = page.getByRole("dialog", { name: "New judge" });
  await dialog.getByLabel("Name").fill(judgeName);
  await dialog.getByLabel("Model connection").selectOption({ label: connection });
  await dialog.getByLabel("Model", { exact: true }).fill("judge-small");
  await dialog.getByLabel("Score config it fills").selectOption({ label: `${config} (numeric)` });
  // An unknown variable is named before anything is sent, and the form will not submit.
  const prompt = dialog.getByLabel("Prompt template");
  await prompt.fill("Judge {{thougth}}");
  await expect(dialog.getByRole("alert")).toContainText("The template uses {{thougth}}, which is not a variable.");
  await expect(dialog.getByRole("button", { name: "Create judge" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Use the default prompt" }).click();
  await checkThemes(page, testInfo, "judge-form");
  await dialog.getByRole("button", { name: "Create judge" }).click();
  const card = page.getByTestId("judge-card").filter({ hasText: judgeName });
  await expect(card).toContainText(`Fills ${config} (numeric) for each thought with judge-small on ${connection}.`);
  await checkThemes(page, testInfo, "judges");

  // Preview on thought 2: the exact prompt, and the answer that would be stored.
  await card.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("dialog", { name: `Preview “${judgeName}”` });
  await preview.getByRole("combobox", { name: /^Session/ }).selectOption(sessionId);
  await preview.getByRole("combobox", { name: /^Thought/ }).selectOption(thoughts[1]!.thoughtId);
  await preview.getByRole("button", { name: "Run preview" }).click();
  await expect(preview.getByTestId("prompt-user")).toContainText(
    "The step under review:\nThought 2:\nStep 2: work it out",
  );
  await expect(preview.getByTestId("prompt-user")).toContainText("Thought 1:\nStep 1: read the question");
  await expect(preview.getByTestId("prompt-system")).toContainText("Answer with a JSON object");
  await expect(preview.getByTestId("preview-value")).toHaveText("3");
  expect(model.calls().at(-1)!.prompt).toBe(await preview.getByTestId("prompt-user").textContent());
  await checkThemes(page, testInfo, "judge-preview");
  await preview.getByRole("button", { name: "Close" }).click();

  // From the session view: "Judge" runs it on every thought; the scores arrive with their rationales, marked.
  await page.goto(`/sessions/${sessionId}?thought=${thoughts[1]!.thoughtId}`);
  await page.getByRole("button", { name: "Judge" }).click();
  await page.getByRole("menuitem", { name: new RegExp(judgeName) }).click();
  await expect(page.getByText("3 calls queued.")).toBeVisible();
  const judged = page.getByTestId("judge-score");
  await expect(judged).toContainText(`${config} 3`, { timeout: 30_000 });
  await expect(judged).toContainText(judgeName);
  await expect(judged.getByTestId("judge-rationale")).toHaveText("Thought 2 follows from the path before it.");
  await expect(judged).toContainText("judge-small, confidence 80%");
  await checkThemes(page, testInfo, "session-judge-score");

  // A backfill over completed sessions: the estimate first, then the run to done.
  await page.goto("/judges");
  await card.getByRole("button", { name: "Backfill…" }).click();
  const backfill = page.getByRole("dialog", { name: `Backfill “${judgeName}”` });
  await backfill.getByLabel("Text").fill(key);
  await backfill.getByRole("button", { name: "Estimate" }).click();
  await expect(backfill.getByTestId("estimate")).toContainText("1 session, 3 calls");
  await checkThemes(page, testInfo, "judge-backfill");
  await backfill.getByRole("button", { name: "Start 3 calls" }).click();
  await expect(page).toHaveURL(/\/judges\/runs\//);
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("run-counts")).toContainText("3 judged, 0 failed, 0 cancelled, 0 left of 3");
  await checkThemes(page, testInfo, "judge-run");

  // People score the same thoughts; the agreement page sets the judge against them.
  await scoreAsMe(page, thoughts[0]!.thoughtId, config, 2);
  await scoreAsMe(page, thoughts[1]!.thoughtId, config, 3);
  await scoreAsMe(page, thoughts[2]!.thoughtId, config, 5);
  const configs = await page.request.get(`/api/trpc/scores.configs`);
  const configId = ((await configs.json()) as { result: { data: { id: string; name: string }[] } }).result.data.find(
    (c) => c.name === config,
  )!.id;
  await page.goto(`/agreement?config=${configId}`);
  const judges = page.getByTestId("judge-agreement-card").filter({ hasText: judgeName });
  // The judge gave 2, 3, 4 and the admin 2, 3, 5: Pearson r = 0.98 (hand: deviations (−1,0,1) and (−4/3,−1/3,5/3)).
  await expect(judges).toContainText("Pearson r: 0.98");
  await expect(judges.getByTestId("trend")).toBeVisible();
  await judges.scrollIntoViewIfNeeded();
  await checkThemes(page, testInfo, "agreement-judges");
});

test("a model that stalls past the time limit: the run ends with the timeout named on its page, after the documented retries", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const key = tag("stalled");
  const { sessionId, thoughtId } = await agent.thought({
    sessionId: key,
    thought: `Step 1: ${STALL} with a question it cannot finish.`,
    thoughtNumber: 1,
    totalThoughts: 1,
    nextThoughtNeeded: false,
  });
  const config = tag("stall-quality");
  await createConfig(server, { name: config, type: "numeric", min: 1, max: 5, step: 1 });
  const { connectionId, judgeId } = await judgeOnModel(page, config, { maxConcurrency: 1, timeoutMs: 1_000 });
  const before = model.calls().length;
  const { runId } = await mutate<{ runId: string }>(page, "judges.run", { id: judgeId, target: { sessionId } });
  await page.goto(`/judges/runs/${runId}`);
  // 6 calls cut off at 1 s each, 1 + 2 + 4 + 8 + 16 s apart (docs/judges.md, "Runs").
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 90_000 });
  await expect(page.getByTestId("run-counts")).toContainText("0 judged, 1 failed, 0 cancelled, 0 left of 1");
  const failure = page.getByTestId("failure-row");
  await expect(failure).toHaveCount(1);
  await expect(failure.locator("td").nth(1)).toHaveText("6");
  await expect(failure.locator("td").nth(3)).toHaveText(
    "The model did not answer within 1 s, the connection's time limit (timeoutMs: 1000); the call was cut off. " +
      "If the model is slow rather than stuck, raise the limit in Settings → Model connections, or with PATCH " +
      `/api/v1/model-connections/${connectionId} {"timeoutMs": 2000} (at most 600000).`,
  );
  expect(model.calls().length - before).toBe(6);
  await expect.poll(() => model.inFlight()).toBe(0);
  // Nothing half-written: no judge score on the thought.
  await page.goto(`/sessions/${sessionId}?thought=${thoughtId}`);
  await expect(page.locator('aside[aria-label="Thought detail"]').getByTestId("thought-text")).toContainText(STALL);
  await expect(page.getByTestId("judge-score")).toHaveCount(0);
  await page.goto(`/judges/runs/${runId}`);
  await checkThemes(page, testInfo, "judge-run-timeout");
});

test("a queue set to “uncertain first” hands out the sessions the judge was least sure about first", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  // Three one-thought sessions, queued in the order sure, unsure, middling; the judge's confidence comes from the text.
  const sessions: { name: string; sessionId: string }[] = [];
  for (const [name, sure] of [
    ["sure", "0.95"],
    ["unsure", "0.2"],
    ["middling", "0.6"],
  ] as const) {
    const t = await agent.thought({
      sessionId: tag(name),
      thought: `The ${name} one: judged sure to ${sure}.`,
      thoughtNumber: 1,
      totalThoughts: 1,
      nextThoughtNeeded: false,
    });
    sessions.push({ name, sessionId: t.sessionId });
  }
  const config = tag("uncertain-quality");
  await createConfig(server, { name: config, type: "numeric", min: 1, max: 5, step: 1 });
  const judge = await judgeOnModel(page, config);

  await page.goto(`/queues?new=1&sessions=${sessions.map((s) => s.sessionId).join(",")}`);
  const form = page.getByRole("form", { name: "New queue" });
  await form.getByLabel("Name").fill(tag("uncertain queue"));
  await expect(form.getByLabel(config)).toBeVisible();
  for (const box of await form.locator('input[name="config"]').all()) await box.uncheck();
  await form.getByLabel(config).check();
  await form.getByLabel("Items a judge was unsure about first").check();
  await expect(form.getByTestId("queue-source")).toContainText("the selected sessions — 3 sessions");
  await form.getByRole("button", { name: "Create queue" }).click();
  await expect(page.getByTestId("queue-added")).toHaveText("3 added, 0 already queued.");
  await expect(page.getByText("Items a judge was unsure about come first.")).toBeVisible();

  // The judge runs from the queue page over the queue's sessions.
  await page.getByRole("button", { name: "Judge" }).click();
  await page.getByRole("menuitem", { name: new RegExp(judge.name) }).click();
  await expect(page.getByText("3 calls queued.")).toBeVisible();
  await expect
    .poll(
      async () => {
        const runs = await page.request.get(
          `/api/trpc/judges.runs?input=${encodeURIComponent(JSON.stringify({ judgeId: judge.judgeId }))}`,
        );
        return ((await runs.json()) as { result: { data: { done: number }[] } }).result.data[0]?.done;
      },
      { timeout: 30_000 },
    )
    .toBe(3);
  await checkThemes(page, testInfo, "queue-uncertain-first");

  // Reviewing: least sure first (confidence 0.2, then 0.6, then 0.95), not the order they were queued in.
  await page.getByRole("link", { name: "Start reviewing" }).click();
  const text = page.locator('aside[aria-label="Thought detail"]').getByTestId("thought-text");
  for (const name of ["unsure", "middling", "sure"]) {
    await expect(text).toContainText(`The ${name} one:`);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("f");
  }
  await expect(page.getByTestId("queue-all-done")).toContainText("All done");
});
