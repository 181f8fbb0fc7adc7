import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn, signOut } from "./support/sign-in.ts";

test("an admin adds a user and grants access: the 403 page turns into data", async ({ page }) => {
  // A fresh user keeps the demo users' grants as the other tests expect them.
  const email = `newcomer-${Date.now()}@demo.test`;
  const password = "newcomer-pass";

  await signIn(page, demo.admin.email, demo.admin.password);
  const shop = await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.otherProject })
    .getAttribute("href");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
  await expect(page.getByRole("heading", { name: "Administration" })).toBeVisible();
  const form = page.getByRole("form", { name: "Add user" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("table", { name: "Users" })).toContainText(email);
  // Nobody locks themself out.
  await expect(page.getByRole("button", { name: `Disable ${demo.admin.email}` })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Disable ${email}` })).toBeEnabled();
  await signOut(page, demo.admin.email);

  await signIn(page, email, password);
  await page.goto(shop as string);
  await expect(page.getByRole("alert")).toContainText("Access denied");
  await signOut(page, email);

  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto("/admin?tab=grants");
  const cell = page.getByRole("checkbox", { name: `access on ${demo.otherProject} for ${email}` });
  await expect(cell).not.toBeChecked();
  await cell.check();
  await expect(cell).toBeChecked();
  // Saved on the server: still ticked after a reload.
  await page.reload();
  await expect(
    page.getByRole("checkbox", { name: `access on ${demo.otherProject} for ${email}` }),
  ).toBeChecked();
  await signOut(page, demo.admin.email);

  await signIn(page, email, password);
  await page.goto(shop as string);
  await expect(page.getByRole("grid", { name: "Instances" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a user who is not an admin sees the admin page refused", async ({ page }) => {
  await signIn(page, demo.viewer.email, demo.viewer.password);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }),
  ).toHaveCount(0);
  await page.goto("/admin");
  await expect(page.getByRole("alert")).toContainText("Access denied");
  await expect(page.getByRole("table", { name: "Users" })).toHaveCount(0);
});
