// Smoke test of the production build: the sessions list, a session written by an agent over REST (with a branch, a
// revision and a hostile thought shown as plain text), and a thought arriving live without a reload.
import path from "node:path";

import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";

declare global {
  interface Window {
    __xss?: number;
    __sameDocument?: boolean;
  }
}

const baseURL = process.env.THOUGHTGRAPH_E2E_URL;
const apiKey = process.env.THOUGHTGRAPH_E2E_API_KEY;
if (!baseURL || !apiKey) throw new Error("THOUGHTGRAPH_E2E_URL/_API_KEY are unset: run through playwright.config.ts");

test.use({ baseURL });

const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;

interface ThoughtAnswer {
  sessionId: string;
  thoughtId: string;
  seq: number;
  thoughtNumber: number;
  branches: string[];
  thoughtHistoryLength: number;
  flags: string[];
}

async function postThought(request: APIRequestContext, body: Record<string, unknown>): Promise<ThoughtAnswer> {
  const res = await request.post("/api/v1/thoughts", {
    headers: { authorization: `Bearer ${apiKey}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ThoughtAnswer;
}

/** A full-page screenshot in test-results/, attached to the report too. */
async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = path.join(testInfo.project.outputDir, name);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

test("the sessions list loads and lists a session an agent wrote", async ({ page, request }, testInfo) => {
  // The agent writes first: an empty project shows the first-run page instead of the list (first-run.spec.ts).
  const title = `Smoke list ${Date.now()}`;
  const first = await postThought(request, {
    thought: title,
    thoughtNumber: 1,
    totalThoughts: 2,
    nextThoughtNeeded: true,
    metadata: { agent: "e2e-agent" },
  });
  const list = await page.goto("/");
  expect(list?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Sessions" })).toBeVisible();
  const link = page.getByRole("link", { name: title });
  await expect(link).toBeVisible();
  await saveScreenshot(page, testInfo, "sessions-list.png");

  await link.click();
  // The session page then records its selection in the URL (?thought=, the newest thought).
  await expect(page).toHaveURL(new RegExp(`/sessions/${first.sessionId}(\\?thought=[^&]+)?$`));
  await expect(page.locator('section[aria-label="Transcript"] [data-testid="thought"]')).toHaveCount(1);
});

test("a session page shows thoughts as text and grows live", async ({ page, request }, testInfo) => {
  const steps: Array<Record<string, unknown>> = [
    { thought: "Outline the approach", thoughtNumber: 1, totalThoughts: 4, nextThoughtNeeded: true },
    { thought: "Main line, step two", thoughtNumber: 2, totalThoughts: 4, nextThoughtNeeded: true },
    {
      thought: "Alternative that forks from step one",
      thoughtNumber: 2,
      totalThoughts: 4,
      nextThoughtNeeded: true,
      branchFromThought: 1,
      branchId: "alt",
    },
    {
      thought: "Revised outline: check the constraints first",
      thoughtNumber: 3,
      totalThoughts: 4,
      nextThoughtNeeded: true,
      isRevision: true,
      revisesThought: 1,
    },
    { thought: XSS, thoughtNumber: 4, totalThoughts: 5, nextThoughtNeeded: true },
  ];
  const first = await postThought(request, steps[0]!);
  const { sessionId } = first;
  const answers = [first];
  for (const step of steps.slice(1)) answers.push(await postThought(request, { ...step, sessionId }));
  expect(answers.map((a) => a.sessionId)).toEqual(steps.map(() => sessionId));
  expect(answers[2]!.branches).toEqual(["alt"]);
  expect(answers.at(-1)!.thoughtHistoryLength).toBe(steps.length);

  const response = await page.goto(`/sessions/${sessionId}`);
  expect(response?.status()).toBe(200);
  const transcript = page.locator('section[aria-label="Transcript"]');
  const thoughts = transcript.locator('[data-testid="thought"]');
  await expect(thoughts).toHaveCount(steps.length);
  for (const [i, answer] of answers.entries()) {
    await expect(transcript.locator(`[data-testid="thought"][data-seq="${answer.seq}"]`)).toContainText(
      String(steps[i]!.thought),
    );
  }

  // The hostile thought is text: its markup is visible as characters, nothing ran, no element was created.
  await expect(transcript.getByText("<script>window.__xss=2</script>")).toBeVisible();
  await page.waitForLoadState("load");
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  await expect(transcript.locator("img")).toHaveCount(0);
  await expect(transcript.locator("script")).toHaveCount(0);

  // A thought posted while the page is open appears without a reload (same document, marker survives).
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  const live = await postThought(request, {
    thought: "Live: this arrived without a reload",
    thoughtNumber: 5,
    totalThoughts: 5,
    nextThoughtNeeded: false,
    sessionId,
  });
  expect(live.seq).toBeGreaterThan(answers.at(-1)!.seq);
  await expect(transcript.locator(`[data-testid="thought"][data-seq="${live.seq}"]`)).toContainText(
    "Live: this arrived without a reload",
  );
  await expect(thoughts).toHaveCount(steps.length + 1);
  expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  await saveScreenshot(page, testInfo, "session-page.png");
});
