import type { Page } from "@playwright/test";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

async function openInstances(page: Page, user = demo.admin) {
  await signIn(page, user.email, user.password);
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  await expect(page.getByRole("heading", { name: "Instances" })).toBeVisible();
  await expect(shown(page)).toBeVisible();
}

/** The "N instances" line above the grid (the server's X-Total-Count). */
function shown(page: Page) {
  return page.getByRole("status").filter({ hasText: /^\d[\d,]* instances?$/ });
}

async function count(page: Page): Promise<number> {
  return Number(((await shown(page).textContent()) ?? "").replace(/[^\d]/g, ""));
}

/** The grid's cells of one column, by API field (AG Grid renders only the rows in view). */
function column(page: Page, field: string) {
  return page
    .getByRole("grid", { name: "Instances" })
    .locator(`[role="gridcell"][col-id="${field}"]`);
}

test("filters by pattern, folder and validity; the URL carries them", async ({ page }) => {
  await openInstances(page);
  const all = await count(page);

  await page.getByLabel("Pattern").selectOption("HUB");
  await expect(page).toHaveURL(/[?&]pattern=HUB(&|$)/);
  await expect.poll(() => count(page)).toBeLessThan(all);
  await expect(column(page, "pattern_id").first()).toHaveText("HUB");
  for (const cell of await column(page, "pattern_id").all()) await expect(cell).toHaveText("HUB");

  // Opening a folder shows its subfolders; the filter is that one folder.
  const tree = page.getByRole("tree", { name: "Folders" });
  await tree.getByRole("treeitem", { name: "erp", exact: true }).click();
  await expect(page).toHaveURL(/[?&]folder=%2Ferp(&|$)/);
  await tree.getByRole("treeitem", { name: "products", exact: true }).click();
  await expect(page).toHaveURL(/[?&]folder=%2Ferp%2Fproducts(&|$)/);
  await expect(tree.getByRole("treeitem", { name: "products", exact: true })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(column(page, "name")).toHaveText(["PRODUCT", "SUPPLIER"]);
  await expect(column(page, "folder")).toHaveText(["/erp/products", "/erp/products"]);
  // Each row's selection box is named after its instance.
  await page.getByRole("checkbox", { name: "Select HUB /erp/products/SUPPLIER" }).check();
  await expect(page.getByRole("link", { name: "Build selected (1)" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Select HUB /erp/products/SUPPLIER" }).uncheck();

  await page.getByLabel("Validation").selectOption({ label: "Valid only" });
  await expect(page).toHaveURL(/[?&]invalid=false(&|$)/);
  await expect(column(page, "errors")).toHaveText(["valid", "valid"]);

  await page.getByRole("columnheader", { name: "Name" }).click();
  await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
  await page.getByRole("columnheader", { name: "Name" }).click();
  await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);
  await expect(column(page, "name")).toHaveText(["SUPPLIER", "PRODUCT"]);
});

test("a deep link restores the filters and shows the same instances", async ({ page }) => {
  await openInstances(page);
  await page.getByLabel("Pattern").selectOption("SAT");
  await page.getByRole("button", { name: "Labels" }).click();
  await page.getByRole("group", { name: "Labels" }).getByRole("checkbox", { name: "pii" }).check();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/[?&]labels=pii(&|$)/);
  await expect.poll(() => count(page)).toBe(3);
  const names = await column(page, "name").allTextContents();
  for (const cell of await column(page, "labels").all()) await expect(cell).toContainText("pii");
  const link = page.url();

  // A fresh page of the same session, opened from the link alone.
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(other.getByLabel("Pattern")).toHaveValue("SAT");
  await expect.poll(() => count(other)).toBe(3);
  await expect(column(other, "name")).toHaveText(names);
  await other.getByRole("button", { name: "Labels" }).click();
  const labels = other.getByRole("group", { name: "Labels" });
  await expect(labels.getByRole("checkbox", { name: "pii" })).toBeChecked();
  await expect(labels.getByRole("checkbox", { name: "finance" })).not.toBeChecked();
  await other.close();
});

test("invalid instances show their error count; no match says so", async ({ page }) => {
  await openInstances(page);
  await page.getByLabel("Validation").selectOption({ label: "Invalid only" });
  await expect(page).toHaveURL(/[?&]invalid=true(&|$)/);
  await expect.poll(() => count(page)).toBeGreaterThan(0);
  for (const cell of await column(page, "errors").all())
    await expect(cell).toHaveText(/^\d+ errors?$/);

  const nameFilter = page.getByRole("searchbox", { name: "Instance name" });
  await nameFilter.fill("NO_SUCH_INSTANCE");
  await nameFilter.press("Enter");
  await expect(page).toHaveURL(/name=NO_SUCH_INSTANCE/);
  await expect(page.getByText("No instances match.")).toBeVisible();
  await expect(shown(page)).toHaveText("0 instances");

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/name=|invalid=/);
  await expect.poll(() => count(page)).toBeGreaterThan(10);
});

test("changes labels and flags of a selection at once, and says what it skipped", async ({
  page,
}) => {
  await openInstances(page, demo.dev);
  await page.getByLabel("Pattern").selectOption("HUB");
  const tree = page.getByRole("tree", { name: "Folders" });
  await tree.getByRole("treeitem", { name: "erp", exact: true }).click();
  await tree.getByRole("treeitem", { name: "products", exact: true }).click();
  await expect(column(page, "name")).toHaveText(["PRODUCT", "SUPPLIER"]);
  // PRODUCT is edit-disabled: a non-admin's change skips it.
  await page.getByRole("checkbox", { name: "Select HUB /erp/products/PRODUCT" }).check();
  await page.getByRole("checkbox", { name: "Select HUB /erp/products/SUPPLIER" }).check();
  await page.getByRole("button", { name: "Change selected (2)…" }).click();

  const dialog = page.getByRole("dialog", { name: "Change 2 instances" });
  await dialog.getByLabel("Add labels").fill("reviewed");
  await dialog.getByLabel("Build disabled").selectOption("set");
  await dialog.getByRole("button", { name: "Apply" }).click();
  const result = dialog.getByRole("status", { name: "Change result" });
  await expect(result).toContainText("1 updated, 0 unchanged, 1 skipped");
  await expect(result.getByRole("list", { name: "Skipped instances" })).toHaveText(
    "/erp/products/PRODUCT: edit disabled",
  );
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // The list shows the new label and flag, the selection kept; undone the same way.
  const supplier = page.getByRole("row").filter({ hasText: "SUPPLIER" });
  await expect(supplier).toContainText("reviewed");
  await expect(page.getByRole("button", { name: "Change selected (2)…" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Select HUB /erp/products/PRODUCT" }).uncheck();
  await page.getByRole("button", { name: "Change selected (1)…" }).click();
  const undo = page.getByRole("dialog", { name: "Change 1 instance" });
  await undo.getByLabel("Remove labels").fill("reviewed");
  await undo.getByLabel("Build disabled").selectOption("clear");
  await undo.getByRole("button", { name: "Apply" }).click();
  await expect(undo.getByRole("status", { name: "Change result" })).toContainText("updated");
  await undo.getByRole("button", { name: "Close" }).click();
  await expect(supplier).not.toContainText("reviewed");
});
