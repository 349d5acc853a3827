// A screen as it stands, in both themes: axe finds no critical or serious violation, and window-sized screenshots at
// 1440×900 and 1024×768 land in test-results/screenshots/<name>-<width>-<scheme>.png. Leaves the page at 1440×900.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

import { saveScreenshot } from "./screens";

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

// Emulates the colour scheme and waits until the page has followed it: the `.dark` class is set by a React effect
// after the media query's change event, which on a loaded machine came after axe had started measuring.
export async function showScheme(page: Page, scheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")), {
      message: `the page follows the ${scheme} scheme`,
    })
    .toBe(scheme === "dark");
}

export async function checkThemes(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await showScheme(page, scheme);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === "critical" || v.impact === "serious")
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious, `axe on ${name} (${scheme})`).toEqual([]);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, `${name}-${size.width}-${scheme}.png`, { fullPage: false });
    }
    await page.setViewportSize(SIZES[0]);
  }
}
