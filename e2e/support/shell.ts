// The app shell as a person uses it: the user menu in the top bar (components/shell/AppBar.tsx) holds sign-out and
// the theme choice.
import type { Page } from "@playwright/test";

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^Account:/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
}
