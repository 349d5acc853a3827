// The app bar's search box in Debian's Chromium against the production build: a query shows snippets
// with the matched words marked, a thought's own `<b>` stays text, "At least N more" when more than the ranked window
// (1,000 index rows) matches, and ArrowDown/ArrowUp + Enter open the picked thought selected in its session. Axe-clean
// with the list open; screenshots in light and dark at 1440×900 and 1024×768.
import { expect, test, type Page } from "@playwright/test";

import { Agent, e2eServer, type ThoughtBody } from "./support/agent";
import { checkThemes } from "./support/themes";

const { baseURL, apiKey } = e2eServer();
const agent = new Agent(baseURL, apiKey);
test.use({ baseURL, viewport: { width: 1440, height: 900 } });

/** A word no other spec writes (the server and its database are shared by the whole run). */
const run = Date.now().toString(36);
const word = (stem: string) => `${stem}${run}`;

const box = (page: Page) => page.getByRole("combobox", { name: "Search every thought" });
const hits = (page: Page) => page.getByRole("listbox", { name: "Matching thoughts" }).getByRole("option");

async function search(page: Page, q: string): Promise<void> {
  await box(page).fill(q);
  await expect(page.getByRole("listbox", { name: "Matching thoughts" })).toBeVisible();
}

test("marks the matched words and shows a thought's markup as text", async ({ page }) => {
  const marked = word("quokka");
  await agent.thought({
    sessionId: `search-markup-${run}`,
    thought: `The template prints <b>${marked}</b> and <script>alert(1)</script> literally.`,
    thoughtNumber: 1,
    totalThoughts: 1,
    nextThoughtNeeded: false,
  });
  await page.goto("/");
  await search(page, marked);
  await expect(hits(page)).toHaveCount(1);
  const hit = hits(page).first();
  // The tags are characters of the snippet, not elements: no <b> or <script> is rendered inside the list.
  await expect(hit).toContainText(`<b>${marked}</b>`);
  await expect(hit).toContainText("<script>alert(1)</script>");
  await expect(hit.locator("b, script")).toHaveCount(0);
  await expect(hit.locator("mark")).toHaveText([marked]);
});

test('says "At least N more" when more rows match than the ranked window holds', async ({ page }) => {
  test.setTimeout(120_000);
  const common = word("numbat");
  // 1,010 thoughts: the newest 1,000 index rows are ranked, so the total is a lower bound (totalExact false).
  const bodies: ThoughtBody[] = Array.from({ length: 1_010 }, (_, i) => ({
    sessionId: `search-bounded-${run}`,
    thought: `Step ${i}: the ${common} cache is warm.`,
    thoughtNumber: i + 1,
    totalThoughts: 1_010,
    nextThoughtNeeded: i < 1_009,
  }));
  await agent.ingest(bodies, `search-bounded-${run}`);
  await page.goto("/");
  await search(page, common);
  await expect(hits(page)).toHaveCount(8);
  await expect(page.getByTestId("search-more")).toHaveText(/^At least 992 more: /);

  // Fewer than the window: an exact count, without "At least".
  await search(page, `${common} AND "Step 10"`);
  await expect(hits(page).first()).toBeVisible();
  await expect(page.getByTestId("search-more")).toHaveCount(0);
});

test("arrow keys pick a hit and Enter opens it selected in its session; axe-clean, light and dark", async ({
  page,
}, testInfo) => {
  const topic = word("bilby");
  const sessionId = `search-keys-${run}`;
  const texts = [
    `Read the ${topic} failing test and list what it checks.`,
    `The ${topic} flake comes from the retry budget running out under load.`,
    `Alternative: the ${topic} clock is mocked badly, so the backoff never waits.`,
  ];
  for (const [i, thought] of texts.entries()) {
    await agent.thought({ sessionId, thought, thoughtNumber: i + 1, totalThoughts: 3, nextThoughtNeeded: i < 2 });
  }
  await page.goto("/");
  await search(page, topic);
  await expect(hits(page)).toHaveCount(3);
  for (const o of await hits(page).all()) await expect(o).toHaveAttribute("aria-selected", "false");

  await box(page).press("ArrowDown");
  await box(page).press("ArrowDown");
  await box(page).press("ArrowDown");
  await box(page).press("ArrowUp");
  const picked = hits(page).nth(1);
  await expect(picked).toHaveAttribute("aria-selected", "true");
  const pickedId = await picked.getAttribute("id");
  await expect(box(page)).toHaveAttribute("aria-activedescendant", pickedId!);
  const thoughtId = (await picked.getAttribute("data-thought-id"))!;

  await checkThemes(page, testInfo, "search");

  await box(page).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/sessions/[^?]+\\?thought=${thoughtId}$`));
  const current = page.locator('section[aria-label="Transcript"] [data-testid="thought"][aria-current="true"]');
  await expect(current).toHaveAttribute("data-thought-id", thoughtId);
  await expect(current).toContainText(topic);
});
