// Playwright smoke tests against the production build (`npm test` builds it first; `npm run test:e2e` expects it).
// The browser is Debian's Chromium (`apt-get install -y chromium`); Playwright never downloads one here.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // Starts `npm start`'s server on a fresh SQLite file in a temp dir; its URL and API key reach the tests via env.
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: "list",
  use: {
    browserName: "chromium",
    headless: true,
    screenshot: "on",
    trace: "retain-on-failure",
    // With transitions off (app/globals.css), axe and screenshots see a theme change's final colours.
    reducedMotion: "reduce",
    // Signed in as the admin (written by the global setup); a spec that tests signing in opens its own context.
    storageState: ".tmp/e2e/admin.json",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    },
  },
});
