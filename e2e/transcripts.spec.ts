// Coding agents' transcripts in the session view, in Debian's Chromium against the production build (server from
// e2e/global-setup.ts): an imported Claude Code session shows each kind of thought distinctly, a tool call with its
// result folded in (no node of its own), a sub-agent and a rewind as branches that fold in the graph and the
// transcript, and never an opaque payload; `thoughtgraph watch` (the npm package's CLI) follows a session file and
// then its sub-agent's file as the test writes them, and the open page grows without a reload. Screenshots at
// 1440×900 and 1024×768, light and dark, with axe.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { e2eServer } from "./support/agent";
import { checkThemes } from "./support/themes";
import { buildCli, claudeFixture, freshSessionId, importTranscript, startWatch } from "./support/transcripts";

declare global {
  interface Window {
    __sameDocument?: boolean;
  }
}

const { baseURL, apiKey } = e2eServer();

test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const graph = (page: Page) => page.locator(".tg-graph");
const graphNodes = (page: Page) => graph(page).locator('[data-testid="graph-node"]');
const transcript = (page: Page) => page.locator('section[aria-label="Transcript"]');
const rowWith = (page: Page, text: string) => transcript(page).locator('[data-testid="thought"]', { hasText: text });

interface StoredThought {
  id: string;
  kind: string | null;
  text: string;
  branchId: string | null;
}

async function thoughtsOf(sessionId: string): Promise<StoredThought[]> {
  const res = await fetch(new URL(`/api/v1/sessions/${sessionId}`, baseURL), {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { thoughts: StoredThought[] }).thoughts;
}

async function openSession(page: Page, sessionId: string, thoughtId?: string): Promise<void> {
  const res = await page.goto(`/sessions/${sessionId}${thoughtId ? `?thought=${thoughtId}` : ""}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("live-status")).toHaveText("connected");
}

test.describe("an imported Claude Code session", () => {
  let sessionId = "";
  let thoughts: StoredThought[] = [];

  test.beforeAll(async () => {
    const { main, agent } = claudeFixture(freshSessionId());
    const r = await importTranscript(baseURL, apiKey, `${main}\n${agent}`);
    expect(r.thoughts.imported).toBe(18);
    sessionId = r.sessionId;
    thoughts = await thoughtsOf(sessionId);
  });

  test("shows each kind distinctly, a tool call with its result folded in, and no opaque payload", async ({
    page,
  }, testInfo) => {
    await openSession(page, sessionId);
    await expect(page.getByTestId("thought-count")).toHaveText("18");
    await expect(page.locator(".tg-session-head")).toContainText("(3 tool results with their calls)");
    await expect(page.getByTestId("session-place")).toHaveText("/home/dev/app @ fix-dates");
    // One node per thought but the three results, each drawn by its call's node; no kind "tool result" anywhere.
    await expect(graphNodes(page)).toHaveCount(15);
    await expect(graph(page).locator('[data-kind="tool_result"]')).toHaveCount(0);
    const read = thoughts.find((t) => t.kind === "tool_call" && t.text.includes("Read"))!;
    const readNode = graph(page).locator(`.react-flow__node[data-id="${read.id}"] [data-testid="graph-node"]`);
    await expect(readNode.locator('[data-kind="tool_call"]')).toHaveText("tool call: Read");
    await expect(readNode.getByTestId("node-result")).toHaveText("→ result");

    // The transcript: the call's row holds its result, collapsed to a line until opened.
    const callRow = transcript(page).locator(`[data-testid="thought"][data-thought-id="${read.id}"]`);
    await callRow.scrollIntoViewIfNeeded();
    await expect(callRow.locator('[data-kind="tool_call"]')).toHaveText("tool call");
    const result = callRow.getByTestId("tool-result");
    await expect(result).toHaveCount(1);
    await expect(result.locator("summary")).toHaveText("Result · 53 characters");
    await expect(result.locator("pre")).toBeHidden();
    await result.locator("summary").click();
    await expect(result.locator("pre")).toHaveText("export const today = () => new Date().toDateString();");
    await expect(transcript(page).locator('[data-kind="tool_result"]')).toHaveCount(0);

    // Thinking as text, with its model call's model, tokens and latency; withheld thinking as a placeholder that says so.
    const thinking = rowWith(page, "The test compares a local date with a UTC one.");
    await expect(thinking).toHaveCount(1);
    await expect(thinking.locator("header")).toContainText(
      "reasoning · claude-sonnet-4-5 · 1000 in / 45 out tokens · 2.0 s",
    );
    const placeholder = rowWith(page, "Claude Code kept only the thinking's signature");
    await expect(placeholder.locator('[data-kind="placeholder"]')).toHaveText("reasoning withheld");
    await expect(placeholder).toContainText('"showThinkingSummaries": true');

    // Signatures and redacted thinking are stored, never sent to the page.
    const html = await page.content();
    for (const secret of ["sig-A-opaque", "sig-B-opaque", "EncryptedRedactedPayload"])
      expect(html).not.toContain(secret);

    await checkThemes(page, testInfo, "transcript-import");
  });

  test("a link to a tool result selects its call and opens the result", async ({ page }) => {
    const result = thoughts.find((t) => t.kind === "tool_result" && t.text.includes("toDateString"))!;
    const call = thoughts.find((t) => t.kind === "tool_call" && t.text.includes("src/date.ts"))!;
    await openSession(page, sessionId, result.id);
    const current = transcript(page).locator('[data-testid="thought"][aria-current="true"]');
    await expect(current).toHaveAttribute("data-thought-id", call.id);
    await expect(current.getByTestId("tool-result").locator("pre")).toBeVisible();
    await expect(graph(page).locator(`.react-flow__node[data-id="${call.id}"] .is-selected`)).toHaveCount(1);
    // The detail panel shows what was linked: the result itself.
    await expect(page.getByTestId("thought-text")).toContainText("toDateString");
  });

  test("a sub-agent and a rewind are branches that fold and unfold, in the graph and the transcript", async ({
    page,
  }, testInfo) => {
    await openSession(page, sessionId);
    const sub = (t: StoredThought) => t.branchId === "agent-a1b2c3";
    const subNode = (id: string) => graph(page).locator(`.react-flow__node[data-id="${id}"]`);
    const first = thoughts.find(sub)!;
    await expect(subNode(first.id).getByTestId("graph-node")).toContainText("agent-a1b2c3");

    // Folded from its first node: one summary in the graph (4 thoughts: the Bash result is with its call), one row
    // in the transcript.
    await subNode(first.id).getByRole("button", { name: "Fold sub-agent agent-a1b2c3" }).click();
    const fold = graph(page).locator('[data-testid="graph-fold"][data-branch="agent-a1b2c3"]');
    await expect(fold).toContainText("… 4 thoughts");
    await expect(fold).toContainText("sub-agent agent-a1b2c3 · click to unfold");
    await expect(graphNodes(page)).toHaveCount(15 - 4);
    for (const t of thoughts.filter(sub)) await expect(subNode(t.id)).toHaveCount(0);
    const row = transcript(page).locator('[data-testid="folded-branch"][data-branch="agent-a1b2c3"]');
    await expect(row).toContainText("sub-agent agent-a1b2c3 · 4 thoughts folded");
    await expect(transcript(page).getByText("Run the whole suite once.")).toHaveCount(0);
    await checkThemes(page, testInfo, "transcript-subagent-folded");

    // Unfolded from the graph's summary.
    await fold.click();
    await expect(graphNodes(page)).toHaveCount(15);
    await expect(row).toHaveCount(0);

    // The rewind folds from its transcript row and unfolds from the folded row.
    const rewindRow = rowWith(page, "Instead, explain the fix in one line");
    await rewindRow.scrollIntoViewIfNeeded();
    await expect(rewindRow).toContainText("rewind fork-u12:0");
    await rewindRow.getByRole("button", { name: "Fold rewind fork-u12:0" }).click();
    await expect(graphNodes(page)).toHaveCount(15 - 2);
    const rewindFold = transcript(page).locator('[data-testid="folded-branch"][data-branch="fork-u12:0"]');
    await expect(rewindFold).toContainText("rewind fork-u12:0 · 2 thoughts folded");
    await rewindFold.getByRole("button", { name: "Unfold rewind fork-u12:0" }).click();
    await expect(graphNodes(page)).toHaveCount(15);
    await expect(rowWith(page, "Instead, explain the fix in one line")).toBeVisible();
  });
});

test("the onboarding tab for Claude Code / Codex / Gemini CLI gives the watch command with this server and a new key", async ({
  page,
}, testInfo) => {
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "New API key" });
  await form.getByLabel("Name").fill(`transcripts-${Date.now()}`);
  await form.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("tab", { name: "Claude Code / Codex / Gemini CLI" }).click();
  const panel = page.getByRole("tabpanel", { name: "Claude Code / Codex / Gemini CLI" });
  await expect(panel).toContainText("a terminal in a thoughtgraph checkout");
  await expect(panel).toContainText("cd /path/to/thoughtgraph");
  await expect(panel).toContainText(
    new RegExp(
      `export THOUGHTGRAPH_URL=${baseURL.replace(/\/$/, "").replaceAll(".", "\\.")} THOUGHTGRAPH_API_KEY=tg_\\w+`,
    ),
  );
  await expect(panel).toContainText("npx thoughtgraph watch --claude --codex --gemini");
  await panel.scrollIntoViewIfNeeded();
  await checkThemes(page, testInfo, "transcripts-onboarding");
});

test.describe("thoughtgraph watch", () => {
  let dir = "";
  test.beforeAll(() => {
    buildCli();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tg-e2e-watch-"));
  });
  test.afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a followed transcript and its sub-agent grow in the open session view, without a reload", async ({
    page,
  }, testInfo) => {
    const id = freshSessionId();
    const fixture = claudeFixture(id);
    const lines = fixture.main.split("\n");
    const file = path.join(dir, "projects", "-home-dev-app", `${id}.jsonl`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // The first question only, then the watcher.
    fs.writeFileSync(file, `${lines.slice(0, 3).join("\n")}\n`);
    const watch = startWatch(dir, path.join(dir, "state.json"), baseURL, apiKey);
    try {
      let sessionId = "";
      await expect
        .poll(
          async () => {
            const res = await fetch(new URL(`/api/v1/sessions/claude-code:${id}`, baseURL), {
              headers: { authorization: `Bearer ${apiKey}` },
            });
            if (res.status === 200) sessionId = ((await res.json()) as { session: { id: string } }).session.id;
            return res.status;
          },
          { message: `the watcher sends the first thought; its log:\n${watch.log()}` },
        )
        .toBe(200);
      await openSession(page, sessionId);
      await expect(page.getByTestId("thought-count")).toHaveText("1");
      await page.evaluate(() => (window.__sameDocument = true));
      await page.getByLabel("Follow").check();

      // The agent writes on: the rest of the session in 9-byte pieces, lines split anywhere.
      const rest = `${lines.slice(3, 18).join("\n")}\n`;
      for (let i = 0; i < rest.length; i += 9) {
        fs.appendFileSync(file, rest.slice(i, i + 9));
        if (i % 450 === 0) await page.waitForTimeout(20);
      }
      // 13 thoughts: the main file's (the sub-agent's file is not there); its three results with their calls.
      await expect(page.getByTestId("thought-count")).toHaveText("13");
      await expect(page.locator(".tg-session-head")).toContainText("(2 tool results with their calls)");
      await expect(graphNodes(page)).toHaveCount(11);
      // Follow keeps the newest thought, the rewind's answer, in view.
      await expect(rowWith(page, "Use UTC in the date helper.")).toBeVisible();
      await expect(graph(page).locator('[data-kind="placeholder"]')).toHaveCount(2);

      // The sub-agent starts writing in its own file (`<session>/subagents/agent-<id>.jsonl`): a branch from the Task
      // call that started it, growing live too.
      const agentFile = path.join(path.dirname(file), id, "subagents", "agent-a1b2c3.jsonl");
      fs.mkdirSync(path.dirname(agentFile), { recursive: true });
      const agentText = fixture.agent.endsWith("\n") ? fixture.agent : `${fixture.agent}\n`;
      for (let i = 0; i < agentText.length; i += 64) fs.appendFileSync(agentFile, agentText.slice(i, i + 64));
      await expect(page.getByTestId("thought-count")).toHaveText("18");
      await expect(page.locator(".tg-session-head")).toContainText("(3 tool results with their calls)");
      await expect(graphNodes(page)).toHaveCount(15);
      const branchNodes = graph(page).locator('[data-testid="graph-node"]', { hasText: "agent-a1b2c3" });
      await expect(branchNodes).toHaveCount(4);

      // Folded in the live view: one summary node and one transcript row; the rest of the graph stays.
      await page.getByLabel("Follow").uncheck();
      await graph(page).getByRole("button", { name: "Fold sub-agent agent-a1b2c3" }).click();
      const fold = graph(page).locator('[data-testid="graph-fold"][data-branch="agent-a1b2c3"]');
      await expect(fold).toContainText("… 4 thoughts");
      await expect(fold).toContainText("sub-agent agent-a1b2c3 · click to unfold");
      await expect(graphNodes(page)).toHaveCount(15 - 4);
      await expect(transcript(page).locator('[data-testid="folded-branch"][data-branch="agent-a1b2c3"]')).toContainText(
        "sub-agent agent-a1b2c3 · 4 thoughts folded",
      );
      // The Task call that started the sub-agent, reached with the keyboard from its transcript row (j, then k back):
      // the graph brings it into view beside the folded branch (Follow had left the view on the sub-agent's newest
      // thought, and a click selects without moving the graph).
      await rowWith(page, "general-purpose").locator("header").click();
      await page.keyboard.press("j");
      await page.keyboard.press("k");
      const taskNode = graph(page).locator('[data-testid="graph-node"]', { hasText: '"description": "Run tests"' });
      await expect(taskNode).toHaveClass(/is-selected/);
      await expect(taskNode).toBeInViewport();
      // The whole graph, so its lane and the sub-agent's (two lanes right, past the rewind's) share the pane.
      await graph(page).getByRole("button", { name: "Fit View" }).click();
      await expect(taskNode).toBeInViewport();
      await expect(fold).toBeInViewport();
      await checkThemes(page, testInfo, "transcript-watch-subagent-folded");
      expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
    } finally {
      await watch.stop();
    }
  });
});
