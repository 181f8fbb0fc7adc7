import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

// Uploaded instances go to a folder of their own, /e2e-upload, which no other
// spec counts; their names end in neither CUSTOMER nor anything the cascade
// test looks for.
const FOLDER = "/e2e-upload";
const HUB_COLUMNS = ["INSTANCE", "PATTERN", "FOLDER", "POS_NO", "COLUMN_NAME", "DATA_TYPE"];

/** A workbook with two HUB instances on "Hubs" and one more on "Notes" (left out by the test). */
async function writeWorkbook(): Promise<string> {
  const book = new ExcelJS.Workbook();
  const hubs = book.addWorksheet("Hubs");
  hubs.addRow([...HUB_COLUMNS, "HASH_KEY", "BUSINESS_KEY"]);
  for (const name of ["E2E_UP_ALPHA", "E2E_UP_BETA"]) {
    hubs.addRow([name, "HUB", FOLDER, 1, `HK_${name}`, "TEXT", "X", ""]);
    hubs.addRow([name, "HUB", FOLDER, 2, `${name}_NO`, "TEXT", "", "X"]);
  }
  const notes = book.addWorksheet("Notes");
  notes.addRow([...HUB_COLUMNS, "HASH_KEY", "BUSINESS_KEY"]);
  notes.addRow(["E2E_UP_NOTE", "HUB", FOLDER, 1, "HK_NOTE", "TEXT", "X", "X"]);
  const file = join(mkdtempSync(join(tmpdir(), "metabuild-upload-")), "e2e-hubs.xlsx");
  await book.xlsx.writeFile(file);
  return file;
}

/** Signs in as the DWH developer (write_instances) and opens the DWH instances. */
async function openInstances(page: Page, query = "") {
  await signIn(page, demo.dev.email, demo.dev.password);
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  await expect(page.getByRole("heading", { name: "Instances" })).toBeVisible();
  if (query) await page.goto(`${new URL(page.url()).pathname}?${query}`);
  await expect(shown(page)).toBeVisible();
}

function shown(page: Page) {
  return page.getByRole("status").filter({ hasText: /^\d[\d,]* instances?$/ });
}

function column(page: Page, field: string) {
  return page
    .getByRole("grid", { name: "Instances" })
    .locator(`[role="gridcell"][col-id="${field}"]`);
}

/** The DWH instances of that name, asked through the API with the page's session. */
async function stored(page: Page, name: string): Promise<unknown[]> {
  const res = await page.request.get("/api/v1/instances", {
    params: { project: demo.project, name },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as unknown[];
}

/** Instance names per sheet of a downloaded workbook (header line left out). */
async function namesBySheet(path: string): Promise<Record<string, string[]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const out: Record<string, string[]> = {};
  for (const sheet of book.worksheets) {
    const names: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(1).value));
    });
    out[sheet.name] = [...new Set(names)];
  }
  return out;
}

test("previews an upload, stores nothing until it is applied, then skips existing instances the second time", async ({
  page,
}) => {
  const workbook = await writeWorkbook();
  // A folder is open in the tree: the upload must not take it as the target folder.
  await openInstances(page, "folder=%2Ferp%2Fproducts");

  await page.getByRole("button", { name: "Upload workbook" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload workbook" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Folder")).toHaveValue("");
  await dialog.getByLabel("Workbook (.xlsx)").setInputFiles(workbook);
  // The sheets are read in the browser and offered as check boxes, all ticked.
  const sheets = dialog.getByRole("group", { name: "Sheets" });
  await expect(sheets.getByRole("checkbox")).toHaveCount(2);
  await expect(sheets.getByRole("checkbox", { name: "Hubs" })).toBeChecked();
  await sheets.getByRole("checkbox", { name: "Notes" }).uncheck();
  await dialog.getByLabel("Release").selectOption("R1");
  await expect(dialog.getByLabel("Overwrite existing instances")).not.toBeChecked();
  await dialog.getByRole("button", { name: "Preview", exact: true }).click();

  // The preview: what would happen, per instance; nothing is stored yet.
  const plan = dialog.getByRole("table", { name: "Upload plan" });
  await expect(plan).toBeVisible();
  await expect(dialog.getByRole("status", { name: "Planned counts" })).toHaveText(
    /2 to insert.*0 to update.*0 to skip/,
  );
  await expect(plan.getByRole("row")).toHaveCount(3);
  await expect(plan.getByRole("row").nth(1).getByRole("cell")).toHaveText([
    "E2E_UP_ALPHA",
    "HUB",
    FOLDER,
    "R1",
    "INSERTED",
    "",
  ]);
  // Not yet an instance: no link to an editor.
  await expect(plan.getByRole("link")).toHaveCount(0);
  await page.screenshot({ path: `${import.meta.dirname}/../screenshots/upload--preview.png` });
  expect(await stored(page, "E2E_UP_ALPHA")).toEqual([]);
  expect(await stored(page, "E2E_UP_BETA")).toEqual([]);
  // Not even the folder the upload would create.
  const folders = await page.request.get("/api/v1/instance_folders", {
    params: { project: demo.project, path: FOLDER },
  });
  expect(await folders.json()).toEqual([]);

  await dialog.getByRole("button", { name: "Apply", exact: true }).click();
  const result = dialog.getByRole("table", { name: "Upload result" });
  await expect(result).toBeVisible();
  await expect(dialog.getByRole("status", { name: "Upload counts" })).toHaveText(
    /2 inserted.*0 updated.*0 skipped/,
  );
  const rows = result.getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole("cell")).toHaveText([
    "E2E_UP_ALPHA",
    "HUB",
    FOLDER,
    "R1",
    "INSERTED",
    "",
  ]);
  await expect(rows.nth(2).getByRole("cell")).toHaveText([
    "E2E_UP_BETA",
    "HUB",
    FOLDER,
    "R1",
    "INSERTED",
    "",
  ]);
  // Each instance links to its editor.
  await expect(result.getByRole("link", { name: "E2E_UP_ALPHA" })).toHaveAttribute(
    "href",
    /\/projects\/\d+\/instances\/\d+$/,
  );

  expect(await stored(page, "E2E_UP_ALPHA")).toHaveLength(1);
  await expect(plan).toHaveCount(0);

  // Again, without overwrite: both exist, so the preview and the upload skip both and say why.
  await dialog.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(dialog.getByRole("status", { name: "Planned counts" })).toHaveText(
    /0 to insert.*0 to update.*2 to skip/,
  );
  await dialog.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(dialog.getByRole("status", { name: "Upload counts" })).toHaveText(
    /0 inserted.*0 updated.*2 skipped/,
  );
  await expect(result.getByRole("cell", { name: "SKIPPED", exact: true })).toHaveCount(2);
  await page.screenshot({ path: `${import.meta.dirname}/../screenshots/upload--dialog.png` });

  // The grid and folder tree show the new folder once the dialog is closed.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await page
    .getByRole("tree", { name: "Folders" })
    .getByRole("treeitem", { name: "e2e-upload", exact: true })
    .click();
  await expect(shown(page)).toHaveText("2 instances");
  await expect(column(page, "name")).toHaveText(["E2E_UP_ALPHA", "E2E_UP_BETA"]);
});

test("shows the server's message when the file is not a workbook", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), "metabuild-upload-"));
  const notXlsx = join(dir, "notes.xlsx");
  writeFileSync(notXlsx, "INSTANCE;PATTERN\nA;HUB\n");
  await openInstances(page);
  await page.getByRole("button", { name: "Upload workbook" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload workbook" });
  await dialog.getByLabel("Workbook (.xlsx)").setInputFiles(notXlsx);
  // Unreadable in the browser too: the sheets are asked for as text.
  await expect(dialog.getByLabel("Sheets (comma-separated; empty for all)")).toBeVisible();
  await dialog.getByRole("button", { name: "Preview", exact: true }).click();
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("The request was refused");
  await expect(alert).toContainText(
    "The file is not an .xlsx workbook. Save it as an Excel workbook (.xlsx) and upload it again.",
  );
});

// The console no longer offers what the server would refuse (docs/console-permissions.md):
// the button is disabled and says why; the server's 403 stays covered by the route tests.
test("tells a reader without write permission why they cannot upload", async ({ page }) => {
  await signIn(page, demo.viewer.email, demo.viewer.password);
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  const upload = page.getByRole("button", { name: "Upload workbook" });
  await expect(upload).toBeDisabled();
  await expect(page.locator(".permission-hint", { has: upload })).toHaveAttribute(
    "title",
    "You need the “Edit instances” grant on this project; an admin can give it.",
  );
  await expect(page.getByRole("dialog", { name: "Upload workbook" })).toHaveCount(0);
});

test("exports the filtered list, and the selection, as .xlsx downloads", async ({ page }) => {
  await openInstances(page, "pattern=HUB&folder=%2Ferp%2Fproducts");
  await expect(column(page, "name")).toHaveText(["PRODUCT", "SUPPLIER"]);

  const [whole] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export", exact: true }).click(),
  ]);
  expect(whole.suggestedFilename()).toBe(`${demo.project}-instances.xlsx`);
  expect(await namesBySheet(await whole.path())).toEqual({ HUB: ["PRODUCT", "SUPPLIER"] });

  const grid = page.getByRole("grid", { name: "Instances" });
  await grid.getByRole("row").filter({ hasText: "SUPPLIER" }).getByRole("checkbox").check();
  const [selection] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export selection (1)" }).click(),
  ]);
  expect(selection.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(await namesBySheet(await selection.path())).toEqual({ HUB: ["SUPPLIER"] });
});
