import { type Page, expect } from "@playwright/test";

/** Signs in through the console's sign-in page, as a person would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: `User menu for ${email}` })).toBeVisible();
}

/** Signs out through the user menu. */
export async function signOut(page: Page, email: string): Promise<void> {
  await page.getByRole("button", { name: `User menu for ${email}` }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
}
