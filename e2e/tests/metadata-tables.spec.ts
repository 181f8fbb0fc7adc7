import type { Page } from "@playwright/test";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

// Loading a file into @TABLES (docs/metadata-tables.md "Loading"). The table
// is new and named per run, so no other spec's counts change.

async function openSqlEditor(page: Page) {
  await signIn(page, demo.dev.email, demo.dev.password);
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "SQL" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "SQL" })).toBeVisible();
}

const CSV = [
  "\uFEFFCUSTOMER_ID;NAME;ZIP;CREDIT;SINCE",
  '1;"Müller; Anna";01067;1200.50;2024-01-31',
  '2;"Line ""two""";80331;;2023-07-01',
  "3;Ole;20095;300;",
].join("\r\n");

test("load a CSV into a table", async ({ page }) => {
  const table = `E2E_CUSTOMERS_${Date.now()}`;
  await openSqlEditor(page);

  await page.getByRole("button", { name: "Load table…" }).click();
  const dialog = page.getByRole("dialog", { name: "Load table" });
  await dialog.getByLabel("File (.csv, .xlsx)").setInputFiles({
    name: "customers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(CSV, "utf8"),
  });
  await expect(dialog.getByRole("textbox", { name: "Table" })).toHaveValue("customers");
  await dialog.getByRole("textbox", { name: "Table" }).fill(table);
  await dialog.getByRole("button", { name: "Preview" }).click();

  // The preview: inferred types; ZIP read as integer loses its leading zero, so state it as text.
  const preview = dialog.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("3 rows to load");
  await expect(preview.getByLabel("Type of CUSTOMER_ID")).toHaveValue("integer");
  await expect(preview.getByLabel("Type of CREDIT")).toHaveValue("number");
  await expect(preview.getByLabel("Type of SINCE")).toHaveValue("date");
  await expect(preview.getByLabel("Type of ZIP")).toHaveValue("integer");
  await expect(preview.getByRole("cell", { name: "1067", exact: true })).toBeVisible();
  await preview.getByLabel("Type of ZIP").selectOption("string");
  await expect(preview.getByRole("cell", { name: "01067", exact: true })).toBeVisible();
  await expect(preview.getByRole("cell", { name: "Müller; Anna" })).toBeVisible();

  await preview.getByRole("button", { name: "Load", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText(
    `Loaded 3 rows into @TABLES.${table} (3 rows now).`,
  );
  await dialog.getByRole("button", { name: "Close" }).click();

  // The editor now holds a SELECT of the table: run it.
  await page.getByRole("button", { name: "Run", exact: true }).click();
  const result = page.getByRole("region", { name: "Result" });
  await expect(result.getByRole("status")).toContainText("3 rows");
  const grid = page.getByRole("grid", { name: "Results" });
  await expect(grid.getByRole("columnheader", { name: "ZIP string" })).toBeVisible();
  await expect(grid.getByRole("columnheader", { name: "CREDIT number" })).toBeVisible();
  await expect(grid.getByText("01067")).toBeVisible();
  await expect(grid.getByText('Line "two"')).toBeVisible();
});
