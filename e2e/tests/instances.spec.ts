import type { Page } from "@playwright/test";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

async function openInstances(page: Page) {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  await expect(page.getByRole("heading", { name: "Instances" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /\d+ instances?/ })).toBeVisible();
}

/** The grid's cells of one column (AG Grid renders only the rows in view). */
function column(page: Page, colId: string) {
  return page
    .getByRole("grid", { name: "Instances" })
    .locator(`[role="gridcell"][col-id="${colId}"]`);
}

async function count(page: Page): Promise<number> {
  const text = await page
    .getByRole("status")
    .filter({ hasText: /\d+ instances?/ })
    .textContent();
  return Number((text ?? "").replace(/[^\d]/g, ""));
}

test("filters by pattern, folder and validity; the URL carries them", async ({ page }) => {
  await openInstances(page);
  const all = await count(page);

  await page.getByLabel("Pattern").selectOption(demo.pattern);
  await expect(page).toHaveURL(new RegExp(`[?&]pattern=${demo.pattern}(&|$)`));
  await expect.poll(() => count(page)).toBeLessThan(all);
  await expect(column(page, "pattern_id").first()).toHaveText(demo.pattern);
  for (const cell of await column(page, "pattern_id").all())
    await expect(cell).toHaveText(demo.pattern);

  const tree = page.getByRole("tree", { name: "Folders" });
  await tree.getByRole("treeitem", { name: "sales", exact: true }).click();
  await expect(page).toHaveURL(/[?&]folder=%2Fsales(&|$)/);
  await expect(tree.getByRole("treeitem", { name: "sales", exact: true })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(column(page, "folder").first()).toHaveText("/sales");

  await page.getByLabel("Validation").selectOption({ label: "Valid only" });
  await expect(page).toHaveURL(/[?&]invalid=false(&|$)/);
  await expect(column(page, "errors").first()).toHaveText("valid");

  await page.getByRole("columnheader", { name: "Name" }).click();
  await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
});

test("a deep link restores the filters and shows the same instances", async ({ page }) => {
  await openInstances(page);
  await page.getByLabel("Pattern").selectOption(demo.pattern);
  await page.getByLabel("Validation").selectOption({ label: "Invalid only" });
  await expect(page).toHaveURL(/invalid=true/);
  await expect.poll(() => count(page)).toBeGreaterThan(0);
  const expected = await count(page);
  const names = await column(page, "name").allInnerTexts();
  const link = page.url();

  // A fresh page of the same session, opened from the link alone.
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(other.getByLabel("Pattern")).toHaveValue(demo.pattern);
  await expect(other.getByLabel("Validation")).toHaveValue("true");
  await expect.poll(() => count(other)).toBe(expected);
  await expect(column(other, "name")).toHaveText(names);
  await expect(column(other, "errors").first()).toHaveText(/\d+ errors?/);
  await other.close();
});

test("filters that match nothing say so, and Clear filters brings the list back", async ({
  page,
}) => {
  await openInstances(page);
  const nameFilter = page.getByRole("searchbox", { name: "Instance name" });
  await nameFilter.fill("NO_SUCH_INSTANCE");
  await nameFilter.press("Enter");
  await expect(page).toHaveURL(/name=NO_SUCH_INSTANCE/);
  await expect(page.getByText("No instances match.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/name=/);
  await expect.poll(() => count(page)).toBeGreaterThan(0);
});
