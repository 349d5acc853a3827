// Screenshots of the main screens, kept as artifacts in test-results/screenshots/ and attached to the report.
import fs from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";

/**
 * PNG in <outputDir>/screenshots/ (outputDir is test-results/ in playwright.config.ts): the full page, or only the
 * window (`fullPage: false`, what the layout spec judges).
 */
export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<string> {
  const dir = path.join(testInfo.project.outputDir, "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  await page.screenshot({ path: file, fullPage, animations: "disabled" });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
  return file;
}
