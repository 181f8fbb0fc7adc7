import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

// Only SELECTs: nothing here changes what other specs count.

/** Signs in as the DWH developer and opens the project's SQL page through the navigation. */
async function openSqlEditor(page: Page) {
  await signIn(page, demo.dev.email, demo.dev.password);
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "SQL" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "SQL" })).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/\d+\/sql$/);
}

function editorInput(page: Page) {
  return page.getByRole("textbox", { name: "SQL statements" });
}

/** Replaces the editor's text as a paste would (no auto-closing quotes), cursor at the end. */
async function setText(page: Page, text: string) {
  await editorInput(page).focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.insertText(text);
  // A completion list opened by the last word would take Enter; close it as a person would.
  await page.keyboard.press("Escape");
}

function editorLines(page: Page) {
  return page.getByRole("region", { name: "Statement editor" }).locator(".view-lines");
}

test("runs the statement under the cursor with Ctrl+Enter and shows typed columns", async ({
  page,
}) => {
  await openSqlEditor(page);

  // Completion offers the project's patterns after @INSTANCES.
  await editorInput(page).focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("SELECT * FROM @INSTANCES.");
  await expect(page.getByRole("option", { name: /^HUB\b/ })).toBeVisible();
  await page.keyboard.press("Escape");

  // Two statements; the cursor ends in the second, which is the one run.
  await setText(page, "SELECT 'not this one' AS other;\nSELECT * FROM @INSTANCES.HUB");
  await page.keyboard.press("Control+Enter");

  const result = page.getByRole("region", { name: "Result" });
  await expect(result.getByRole("status")).toContainText(/\d+ rows/);
  const grid = page.getByRole("grid", { name: "Results" });
  // Each header shows the column's name over its type (the result's metadata).
  await expect(grid.getByRole("columnheader", { name: "@PATTERN string" })).toBeVisible();
  await expect(grid.getByRole("columnheader", { name: "@POS_NO integer" })).toBeVisible();
  await expect(grid.getByRole("columnheader", { name: "COLUMN_NAME string" })).toBeVisible();
  await expect(grid.locator('[role="gridcell"][col-id="c0"]').first()).toHaveText("HUB");
  await expect(result).toContainText(/\d+ ms/);
  await expect(result).not.toContainText("not this one");

  // The rows as CSV, header first.
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    result.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe("select-result.csv");
  const text = readFileSync(await csv.path(), "utf8");
  expect(text.split("\r\n")[0]).toMatch(/^@PATTERN,@FOLDER,@INSTANCE,/);
  expect(text).toContain("\r\nHUB,");
});

test("marks a wrong statement's error at its line in the editor", async ({ page }) => {
  await openSqlEditor(page);
  await setText(page, "-- a comment\nSELECT 1;\nSELECT COLUMN_NAME,\nFROM @INSTANCES.HUB;");
  await page.getByRole("button", { name: "Run", exact: true }).click();

  const error = page.getByRole("region", { name: "Result" }).getByRole("alert");
  await expect(error).toContainText(
    "Syntax error: expected a value, name or expression but found 'FROM' (line 2, column 1)",
  );
  // Line 2 of the statement sent is line 4 of the editor: squiggle, line mark and cursor there.
  await expect(
    error.getByRole("button", { name: "Show in editor (line 4, column 1)" }),
  ).toBeVisible();
  const editor = page.getByRole("region", { name: "Statement editor" });
  await expect(editor.locator(".squiggly-error")).toHaveCount(1);
  const markedLine = editor
    .locator(".margin-view-overlays > div")
    .filter({ has: page.locator(".sql-error-gutter") });
  await expect(markedLine.locator(".line-numbers")).toHaveText("4");
  const errorLine = editor
    .locator(".view-overlays > div")
    .filter({ has: page.locator(".sql-error-line") });
  await expect(errorLine.locator(".current-line")).toHaveCount(1);

  // The history lists the failed run first.
  const history = page.getByRole("list", { name: "Executed statements" });
  await expect(history.getByRole("button").first()).toContainText("SELECT COLUMN_NAME,");
  await expect(history.getByRole("button").first()).toContainText("failed");
});

test("loads a statement from the history, and the text survives a reload", async ({ page }) => {
  await openSqlEditor(page);
  await setText(page, "SELECT 'history probe' AS probe");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByRole("grid", { name: "Results" })).toContainText("history probe");

  await setText(page, "SELECT 2");
  await page
    .getByRole("list", { name: "Executed statements" })
    .getByRole("button", { name: /SELECT 'history probe' AS probe/ })
    .first()
    .click();
  await expect(editorLines(page)).toHaveText("SELECT 'history probe' AS probe");

  await page.reload();
  await expect(editorLines(page)).toHaveText("SELECT 'history probe' AS probe");
});

test("a write shows its affected rows (on a table the test makes and drops)", async ({ page }) => {
  await openSqlEditor(page);
  await setText(
    page,
    "CREATE TABLE @TABLES.E2E_SQL_PROBE (CODE TEXT);\nINSERT INTO @TABLES.E2E_SQL_PROBE VALUES ('a'), ('b');",
  );
  // Both statements selected: one script, the result is the last statement's.
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Control+Enter");
  const status = page.getByRole("region", { name: "Result" }).getByRole("status");
  await expect(status).toContainText("INSERT: 2 rows affected");
  await expect(status).toContainText("statement 2");

  await setText(page, "DROP TABLE @TABLES.E2E_SQL_PROBE");
  await page.keyboard.press("Control+Enter");
  await expect(status).toContainText("DROP TABLE finished");
});
