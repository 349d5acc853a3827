// The graph's image exports in Chromium against the production build: an eight-thought session with a revision, a
// branch and a hostile thought. The SVG parses as XML, has no foreignObject, holds each node's text escaped and is a
// few KB; the PNG is that SVG at 2× and its "revises" label is drawn on a light box, not a black one. Both images are
// kept in test-results/screenshots/ to look at.
import fs from "node:fs";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { Agent, e2eServer } from "./support/agent";

const { baseURL, apiKey } = e2eServer();
const agent = new Agent(baseURL, apiKey);

test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const HOSTILE = '<img src=x onerror="window.__x=1"> & <b>bold</b>';

async function exportImage(page: Page, name: "SVG" | "PNG") {
  await page.getByRole("toolbar", { name: "Session actions" }).getByRole("button", { name: "Export" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menu", { name: "Export" }).getByRole("menuitem", { name, exact: true }).click(),
  ]);
  return download;
}

test("SVG and PNG exports are real images drawn from the layout", async ({ page }, testInfo) => {
  const key = `export-${Date.now().toString(36)}`;
  const texts = [
    "List the caches in the service",
    HOSTILE,
    "Measure the hit rate of each cache",
    "Revise: list the caches, the CDN included",
    "Branch: what if the CDN is cold",
    "Cold CDN: the origin takes the load",
    "Back on the main line: compare",
    "Conclude: the L2 cache misses most",
  ];
  let sessionId = "";
  for (const [i, thought] of texts.entries()) {
    const n = i + 1;
    const a = await agent.thought({
      thought,
      thoughtNumber: n,
      totalThoughts: 8,
      nextThoughtNeeded: n < 8,
      sessionId: key,
      ...(n === 4 ? { isRevision: true, revisesThought: 1 } : {}),
      ...(n === 5 || n === 6 ? { branchFromThought: 3, branchId: "cold-cdn" } : {}),
    });
    sessionId = a.sessionId;
  }
  await page.goto(`/sessions/${sessionId}`);
  await expect(page.locator(".tg-graph [data-testid='graph-node']").first()).toBeVisible();

  const svgFile = await exportImage(page, "SVG");
  expect(svgFile.suggestedFilename()).toBe(`session-${sessionId}.svg`);
  const svg = fs.readFileSync(await svgFile.path(), "utf8");
  expect(Buffer.byteLength(svg)).toBeLessThan(20_000); // was 1.15 MB of HTML in a foreignObject
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    return {
      error: doc.getElementsByTagName("parsererror").length,
      root: doc.documentElement.nodeName,
      foreign: doc.getElementsByTagName("foreignObject").length,
      nodes: doc.querySelectorAll("g.node").length,
      text: [...doc.querySelectorAll("text")].map((t) => t.textContent ?? "").join("\n"),
      width: Number(doc.documentElement.getAttribute("width")),
      height: Number(doc.documentElement.getAttribute("height")),
      label: doc.querySelector("g.edge-label")?.getAttribute("transform") ?? "",
    };
  }, svg);
  expect(parsed).toMatchObject({ error: 0, root: "svg", foreign: 0, nodes: 8 });
  expect(parsed.text).toContain("<img src=x");
  // Escaped in the file, whichever way the preview wraps (the text content above is the decoded characters).
  expect(svg).toContain("&lt;img src=x onerror=&quot;window.__x=1");
  expect(svg).not.toMatch(/<img|<b>/);
  for (const t of texts.filter((t) => t !== HOSTILE)) expect(parsed.text).toContain(t.split(" ").slice(0, 3).join(" "));
  expect(await page.evaluate(() => (window as { __x?: number }).__x)).toBeUndefined();

  const pngFile = await exportImage(page, "PNG");
  expect(pngFile.suggestedFilename()).toBe(`session-${sessionId}.png`);
  const png = fs.readFileSync(await pngFile.path());
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  // IHDR: width and height, big-endian, at bytes 16 and 20.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([parsed.width * 2, parsed.height * 2]);
  const dir = path.join(testInfo.project.outputDir, "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "graph-export.svg"), svg);
  fs.writeFileSync(path.join(dir, "graph-export.png"), png);

  // The label's box, a few pixels in from its corner (clear of the text), is the page's light background.
  const [, lx, ly] = /translate\(([\d.]+) ([\d.]+)\)/.exec(parsed.label)!.map(Number);
  const pixel = await page.evaluate(
    async ({ data, x, y }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const ctx = canvas.getContext("2d")!;
      ctx.drawImage(image, 0, 0);
      return [...ctx.getImageData(x, y, 1, 1).data];
    },
    { data: png.toString("base64"), x: Math.round((lx! + 3) * 2), y: Math.round((ly! + 3) * 2) },
  );
  expect(Math.min(pixel[0]!, pixel[1]!, pixel[2]!), `label box pixel ${pixel.join(",")}`).toBeGreaterThan(200);
  await expect(page.getByText("Could not export the graph")).toHaveCount(0);
});
