// Screenshots of the main screens, kept as artifacts in test-results/screenshots/ and attached to the report.
import fs from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";

/** Full-page PNG in <outputDir>/screenshots/ (outputDir is test-results/ in playwright.config.ts). */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  const dir = path.join(testInfo.project.outputDir, "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
  return file;
}
