import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

test("lists patterns and shows one with its parts in tabs", async ({ page }) => {
  await signIn(page, demo.engineer.email, demo.engineer.password);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Patterns" })
    .click();
  const table = page.getByRole("table", { name: "Patterns" });
  await table.getByRole("link", { name: demo.pattern, exact: true }).click();
  await expect(page.getByRole("heading", { name: demo.pattern, level: 1 })).toBeVisible();

  await expect(page.getByRole("tab", { name: "Properties" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByRole("table", { name: "Instance properties" })).toBeVisible();

  await page.getByRole("tab", { name: "Properties" }).press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Functional roles" })).toBeFocused();
  await expect(page).toHaveURL(/tab=roles/);
  await expect(page.getByRole("table", { name: "Functional roles" })).toBeVisible();

  await page.getByRole("tab", { name: "Variables" }).click();
  await expect(page.getByRole("table", { name: "Variables" })).toBeVisible();
});
