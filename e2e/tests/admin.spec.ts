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
  const cell = page.getByRole("checkbox", {
    name: `View project on ${demo.otherProject} for ${email}`,
  });
  await expect(cell).not.toBeChecked();
  await cell.check();
  await expect(cell).toBeChecked();
  await expect(page.getByRole("status").filter({ hasText: "Saved:" })).toContainText(
    `View project on ${demo.otherProject} for ${email} granted`,
  );
  // Saved on the server: still ticked after a reload.
  await page.reload();
  await expect(
    page.getByRole("checkbox", { name: `View project on ${demo.otherProject} for ${email}` }),
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
  // The page says why instead of asking the server for what it would refuse
  // (docs/console-permissions.md "AdminsOnly").
  await expect(page.getByText("Administrators only")).toBeVisible();
  await expect(page.getByText("Only administrators may do this; ask one of them.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Users" })).toHaveCount(0);
});

test("a one-time password signs in once and is replaced by the user's own", async ({ page }) => {
  const email = `otp-${Date.now()}@demo.test`;
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto("/admin");
  const form = page.getByRole("form", { name: "Add user" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Name").fill("Otto Onetime");
  await form.getByRole("button", { name: "Add user" }).click();
  const shown = form.getByRole("status").filter({ hasText: "One-time password" });
  await expect(shown).toContainText(email);
  const otp = (await shown.locator("code").textContent()) as string;
  expect(otp.length).toBeGreaterThanOrEqual(12);
  await page.getByLabel("Search users").fill("onetime");
  const table = page.getByRole("table", { name: "Users" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Otto Onetime");
  await expect(table).toContainText("never");
  await page.screenshot({
    path: `${import.meta.dirname}/../screenshots/admin--one-time-password.png`,
  });
  await signOut(page, demo.admin.email);

  // Signed in with the one-time password, the console asks for a new one first.
  await signIn(page, email, otp);
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("one-time password");
  const change = page.getByRole("form", { name: "Change password" });
  await change.getByLabel("Current password").fill(otp);
  await change.getByLabel("New password").fill("short");
  await change.getByRole("button", { name: "Change password" }).click();
  await expect(change.getByRole("alert")).toContainText("new_password");
  await change.getByLabel("Current password").fill(otp);
  await change.getByLabel("New password").fill("my-own-password-1");
  await change.getByRole("button", { name: "Change password" }).click();
  await expect(change.getByRole("status")).toContainText("changed");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Account" })).toHaveCount(0);
  await signOut(page, email);

  await signIn(page, email, "my-own-password-1");
  await expect(page.getByRole("heading", { name: "Account" })).toHaveCount(0);
});
