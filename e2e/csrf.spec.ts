// Cross-site request forgery, in a real browser: a page on another site (another origin, served here on `localhost`
// while the dashboard is on 127.0.0.1) auto-submits a form to a dashboard mutation while the victim is signed in.
// The form smuggles a JSON body (enctype text/plain); the server must refuse it and write nothing.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";

import { e2eServer } from "./support/agent";

const { baseURL } = e2eServer();
test.use({ baseURL });

let evil: Server;
let evilOrigin = "";
const configName = `forged-${Date.now().toString(36)}`;

test.beforeAll(async () => {
  const target = `${baseURL}/api/trpc/scores.createConfig`;
  // name + "=" + value of a text/plain form is the body: {"name":"…","type":"boolean","pad":"="}
  const field = JSON.stringify(`{"name":"${configName}","type":"boolean","pad":"`).slice(1, -1);
  const html = `<!doctype html><title>You won a prize</title>
<form id="f" method="post" enctype="text/plain" action="${target}">
  <input type="hidden" name="${field.replace(/"/g, "&quot;")}" value='"}'>
</form>
<script>document.getElementById("f").submit()</script>`;
  evil = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
  await new Promise<void>((resolve) => evil.listen(0, "localhost", resolve));
  evilOrigin = `http://localhost:${(evil.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => evil.close(() => resolve()));
});

test("a cross-site form post to a mutation is refused and writes nothing", async ({ page }) => {
  // The victim is signed in (the run's storage state) and has the dashboard open.
  await page.goto("/agreement");
  await expect(page.getByTestId("signed-in-as")).toBeVisible();

  const refused = page.waitForResponse((r) => r.url().endsWith("/api/trpc/scores.createConfig"));
  await page.goto(`${evilOrigin}/`);
  const response = await refused;
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain('"field":"origin"');

  // Nothing was written: the same config made from the dashboard's own origin is new (an active config with that
  // name would answer 409 CONFLICT), and it is there once.
  await page.goto("/agreement");
  const made = await page.evaluate(async (name) => {
    const res = await fetch("/api/trpc/scores.createConfig", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, type: "boolean" }),
    });
    const list = await fetch(`/api/trpc/scores.configs?input=${encodeURIComponent("{}")}`);
    const names = ((await list.json()) as { result: { data: { name: string }[] } }).result.data.map((c) => c.name);
    return { status: res.status, names };
  }, configName);
  expect(made.status).toBe(200);
  expect(made.names.filter((n) => n === configName)).toHaveLength(1);
});
