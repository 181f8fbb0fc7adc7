import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn, signOut } from "./support/sign-in.ts";

test("a wrong password is refused with the server's message", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("E-mail").fill(demo.admin.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid login");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("signs in, keeps the session in an HttpOnly cookie, and signs out", async ({
  page,
  context,
}) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("heading", { name: "Projects" })).toBeVisible();

  const session = (await context.cookies()).find((c) => c.name === "metabuild_session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Strict");
  // The token never reaches script.
  expect(await page.evaluate(() => document.cookie)).not.toContain("metabuild_session");

  await page.reload();
  await expect(
    page.getByRole("button", { name: `User menu for ${demo.admin.email}` }),
  ).toBeVisible();

  await signOut(page, demo.admin.email);
  await page.goto("/projects");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fprojects/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("after signing in, a deep link continues where it pointed", async ({ page }) => {
  await page.goto("/patterns");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fpatterns/);
  await page.getByLabel("E-mail").fill(demo.admin.email);
  await page.getByLabel("Password").fill(demo.admin.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/patterns$/);
  await expect(page.getByRole("heading", { name: "Patterns" })).toBeVisible();
});
