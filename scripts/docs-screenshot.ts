// `npm run docs:screenshot`: the README's picture of the session view (docs/session-view.png). Starts the production
// server on a fresh SQLite file in single-user mode (loopback only, no sign-in), records a short session with a branch
// and a revision over REST as an agent would, and photographs it in Debian's Chromium at 1440×900. Needs the build
// (`npm run build`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import type { ThoughtInput, ThoughtResult } from "@/lib/contracts/thought";
import { startServer } from "./lib/server-process";

const OUT = path.resolve(import.meta.dirname, "../docs/session-view.png");
const SESSION = "docs-refund-policy";

const STEPS: ThoughtInput[] = [
  {
    thought: "A customer asks for a refund 40 days after purchase. Find the policy that applies.",
    thoughtNumber: 1,
    totalThoughts: 5,
    nextThoughtNeeded: true,
    stage: "Problem Definition",
    metadata: { agent: "support-agent" },
  },
  {
    thought: "The standard policy allows refunds within 30 days, so this request is outside it.",
    thoughtNumber: 2,
    totalThoughts: 5,
    nextThoughtNeeded: true,
    stage: "Analysis",
  },
  {
    thought: "Check whether the customer is on an annual plan: those have a 60-day window.",
    thoughtNumber: 3,
    totalThoughts: 5,
    nextThoughtNeeded: true,
    stage: "Analysis",
  },
  {
    thought: "Alternative: offer account credit instead of a refund, which support may grant at any time.",
    thoughtNumber: 4,
    totalThoughts: 5,
    nextThoughtNeeded: true,
    branchFromThought: 2,
    branchId: "credit",
    stage: "Analysis",
  },
  {
    thought: "Correction: the 30-day limit applies to monthly plans only; annual plans follow the 60-day rule.",
    thoughtNumber: 4,
    totalThoughts: 5,
    nextThoughtNeeded: true,
    isRevision: true,
    revisesThought: 2,
    stage: "Analysis",
  },
  {
    thought: "The account is on an annual plan, so the refund is within the 60-day window.",
    thoughtNumber: 5,
    totalThoughts: 6,
    nextThoughtNeeded: true,
    stage: "Synthesis",
  },
  {
    thought: "Approve the refund and tell the customer it reaches their card in 5–10 business days.",
    thoughtNumber: 6,
    totalThoughts: 6,
    nextThoughtNeeded: false,
    stage: "Conclusion",
    score: 0.9,
  },
];

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tg-docs-"));
  const server = await startServer({
    databaseUrl: `file:${path.join(dir, "docs.db")}`,
    env: { THOUGHTGRAPH_SINGLE_USER: "1" },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    let last = "";
    for (const step of STEPS) {
      const res = await fetch(`${server.url}/api/v1/thoughts`, {
        method: "POST",
        headers: { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ ...step, sessionId: SESSION }),
      });
      if (res.status !== 201) throw new Error(`POST /api/v1/thoughts answered ${res.status}: ${await res.text()}`);
      last = ((await res.json()) as ThoughtResult).thoughtId;
    }
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });
    await page.goto(`${server.url}/sessions/${SESSION}?thought=${last}`);
    await page.locator(`.react-flow__node[data-id="${last}"]`).waitFor();
    await page.waitForTimeout(2_000); // the graph's fit-to-view and the detail panel's scores settle
    await page.screenshot({ path: OUT });
    console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
