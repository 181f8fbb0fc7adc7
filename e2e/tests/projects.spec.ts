import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn, signOut } from "./support/sign-in.ts";

test("an admin sees every project and opens one", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  const table = page.getByRole("table", { name: "Projects" });
  await expect(table.getByRole("link", { name: demo.project })).toBeVisible();
  await expect(table.getByRole("link", { name: demo.otherProject })).toBeVisible();

  await table.getByRole("link", { name: demo.project }).click();
  await expect(page).toHaveURL(/\/projects\/\d+\/instances$/);
  await expect(page.getByRole("heading", { name: "Instances" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Project" })).toHaveValue(/\d+/);
  await expect(
    page.getByRole("combobox", { name: "Project" }).locator("option:checked"),
  ).toHaveText(demo.project);
});

test("a user sees only the projects granted to them", async ({ page }) => {
  await signIn(page, demo.viewer.email, demo.viewer.password);
  const table = page.getByRole("table", { name: "Projects" });
  await expect(table.getByRole("link", { name: demo.project })).toBeVisible();
  await expect(table.getByRole("link", { name: demo.otherProject })).toHaveCount(0);
});

test("the project switcher and the dark theme are keyboard-usable", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.getByRole("combobox", { name: "Project" }).selectOption({ label: demo.project });
  await expect(page).toHaveURL(/\/projects\/\d+\/instances/);

  const toggle = page.getByRole("button", { name: "Dark theme" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  // The choice is remembered.
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  // The grid follows the theme too (the screenshot shows it).
  await expect(page.getByRole("grid", { name: "Instances" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /\d+ instances/ })).toBeVisible();
});

test("a project without a grant shows the server's refusal, not data", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  const href = await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.otherProject })
    .getAttribute("href");
  await signOut(page, demo.admin.email);

  await signIn(page, demo.viewer.email, demo.viewer.password);
  await page.goto(href as string);
  await expect(page.getByRole("alert")).toContainText("Access denied");
  await expect(page.getByRole("alert")).toContainText(
    "You don't have permissions to access this project!",
  );
  await expect(page.getByRole("grid", { name: "Instances" })).toHaveCount(0);
});
