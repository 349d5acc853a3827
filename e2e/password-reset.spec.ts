// A member who cannot sign in, in Debian's Chromium against the production build: a wrong password says what to do
// (ask an owner or admin for a reset link; no shell command); the admin (signed in by the global setup) makes a
// one-time reset link in Settings → Members; the member opens it in a fresh browser, sets a new password and lands
// signed in; the same link is refused afterwards, and the old password no longer works. axe and window-sized
// screenshots (1440×900, 1024×768, light and dark) of the members section with a link and of the reset page.
import { expect, test, type Browser, type Page } from "@playwright/test";

import { e2eServer } from "./support/agent";
import { checkThemes } from "./support/themes";

const { baseURL } = e2eServer();

test.use({ baseURL, viewport: { width: 1440, height: 900 } });

const tag = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

/** A new annotator of the admin's project, joined through an invitation link the admin made over tRPC. */
async function newMember(page: Page, email: string, password: string): Promise<void> {
  const made = await page.request.post("/api/trpc/project.invite", {
    headers: { origin: baseURL, "content-type": "application/json" },
    data: { role: "annotator" },
  });
  expect(made.status(), await made.text()).toBe(200);
  const { path } = ((await made.json()) as { result: { data: { path: string } } }).result.data;
  const res = await fetch(new URL("/api/auth/invitations/accept", baseURL), {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ token: path.replace("/invite/", ""), email, password, name: "Paula Forgetful" }),
  });
  expect(res.status, await res.text()).toBe(201);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a forgotten password: the sign-in says whom to ask, an admin's reset link lets the member back in once", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000); // two browsers, two theme checks with axe, several sign-ins
  const email = `${tag("paula")}@reset.test`;
  await newMember(page, email, "paula-password-1");

  // The member forgot: the refusal says what a person can do, with no shell command.
  const member = await freshPage(browser);
  await signIn(member, email, "what-was-it-again");
  const refusal = member.locator("form").getByRole("alert");
  await expect(refusal).toContainText("The email or the password is wrong.");
  await expect(refusal).toContainText("Ask an owner or admin of your project for a password reset link.");
  await expect(refusal).not.toContainText("npm");
  await expect(refusal).not.toContainText("`");
  await expect(
    member.getByText("Forgot your password? Ask an owner or admin of your project for a password reset link.", {
      exact: true,
    }),
  ).toBeVisible();

  // The admin makes the link in Settings → Members; it is shown once.
  await page.goto("/settings#members");
  const row = page.getByTestId("member-row").filter({ hasText: email });
  await row.getByRole("button", { name: `Password reset link for ${email}` }).click();
  const shown = page.getByLabel(`Password reset link for ${email}.`);
  const link = await shown.inputValue();
  expect(link).toMatch(/\/reset-password\/[\w-]{32}$/);
  await shown.scrollIntoViewIfNeeded();
  await checkThemes(page, testInfo, "settings-members-reset-link");

  // The member opens it, sets a new password and is signed in.
  await member.goto(link);
  await expect(member.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await expect(member.getByText(`For ${email}.`)).toBeVisible();
  await checkThemes(member, testInfo, "reset-password");
  const form = member.getByRole("form", { name: "Set a new password" });
  await form.getByLabel("New password", { exact: true }).fill("paula-password-2");
  await form.getByLabel("New password again").fill("paula-password-3");
  await form.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(form.getByRole("alert")).toContainText("The two passwords differ.");
  await form.getByLabel("New password again").fill("paula-password-2");
  await form.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(member).toHaveURL(/\/$/);
  await expect(member.getByTestId("signed-in-as")).toHaveText("Paula Forgetful · annotator");

  // Once only: the link now says it was used. The old password is refused, the new one works.
  await member.goto(link);
  await expect(member.getByText(/This password reset link was already used/)).toBeVisible();
  await expect(member.getByRole("form", { name: "Set a new password" })).toHaveCount(0);
  await member.context().clearCookies();
  await signIn(member, email, "paula-password-1");
  await expect(member.locator("form").getByRole("alert")).toContainText("The email or the password is wrong.");
  await signIn(member, email, "paula-password-2");
  await expect(member).toHaveURL(/\/$/);
  await member.context().close();
});
