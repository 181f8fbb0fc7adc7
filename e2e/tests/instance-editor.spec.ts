import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { cell, openEditor, typeInto } from "./support/instance-editor.ts";

/**
 * The instance editor. The editing tests change STG /web/sessions/WEB_SESSION
 * (no other spec counts its rows or version) and leave its rows valid and it
 * checked in.
 */
test("edit a row: the error appears at its cell and goes, the saved version compares with the one before", async ({
  page,
}) => {
  const instance = await openEditor(page, demo.dev, "STG", "WEB_SESSION");
  await expect(cell(page, "DEVICE", "LENGTH")).toHaveText("20");

  // Not checked out yet: read-only, saying why.
  await expect(page.getByText("Check out the instance to edit its rows.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.getByRole("button", { name: "Check out" }).click();
  await expect(page.getByLabel("Instance facts")).toContainText(`Checked out by${demo.dev.email}`);
  await expect(page.getByRole("button", { name: "Check in" })).toBeEnabled();

  // Reorder with the toolbar and back with the keyboard (Alt+Up): no change remains.
  await cell(page, "DEVICE", "COLUMN_NAME").click();
  const toolbar = page.getByRole("toolbar", { name: "Row actions" });
  await expect(toolbar).toContainText("Row 4 selected.");
  await toolbar.getByRole("button", { name: "Move down" }).click();
  await expect(toolbar).toContainText("Row 5 selected.");
  await expect(toolbar.getByRole("button", { name: "Move down" })).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();
  await cell(page, "DEVICE", "COLUMN_NAME").click();
  await page.keyboard.press("Alt+ArrowUp");
  await expect(toolbar).toContainText("Row 4 selected.");
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toHaveCount(0);

  // An invalid value: marked at its cell (message in its title) and listed with row and column.
  const length = cell(page, "DEVICE", "LENGTH");
  await typeInto(length, "abc");
  const message = "Row 4: LENGTH must be a whole number, not 'abc'";
  await expect(length).toHaveClass(/cell-invalid/);
  await expect(length).toHaveAttribute("title", message);
  const errors = page.getByRole("list", { name: "Validation errors" });
  await errors.getByRole("button", { name: `Row 4, LENGTH ${message}` }).click();
  await expect(length).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();

  // Fixed: the mark and the list entry go.
  await typeInto(length, "24");
  await expect(page.getByText("No validation errors.")).toBeVisible();
  await expect(length).not.toHaveClass(/cell-invalid/);
  await expect(length).not.toHaveAttribute("title");
  await expect(length).toHaveText("24");

  // Save: a new version.
  const saved = instance.version + 1;
  await page.getByLabel("Version message").fill("Longer device names");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved version" })).toHaveText(
    `Saved version ${saved}`,
  );
  await expect(page.getByLabel("Instance facts")).toContainText(`Version${saved}`);

  // History: the versions, and the two compared side by side; the URL carries the pair.
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page).toHaveURL(/[?&]tab=history(&|$)/);
  const versions = page.getByRole("table", { name: "Versions" });
  await expect(versions.getByRole("row").nth(1)).toContainText("Longer device names");
  await expect(versions.getByRole("row").nth(1)).toContainText(demo.dev.email);
  await page
    .getByRole("button", { name: `Compare version ${saved} with version ${saved - 1}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`[?&]compare=${saved - 1}%2C${saved}(&|$)`));
  const compared = page.getByRole("region", {
    name: `Version ${saved - 1} compared with ${saved}`,
  });
  await expect(compared.getByRole("status")).toHaveText(
    `Version ${saved - 1} → ${saved}: 1 row changed`,
  );
  const changed = (v: number) =>
    compared.getByRole("table", { name: `Version ${v}` }).locator('td[data-diff="changed"]');
  await expect(changed(saved - 1)).toHaveText(["20"]);
  await expect(changed(saved)).toHaveText(["24"]);

  // The link alone opens the same comparison.
  await page.goto(page.url());
  await expect(page.getByRole("tab", { name: "History" })).toHaveAttribute("aria-selected", "true");
  await expect(changed(saved)).toHaveText(["24"]);

  // Changed our mind: the earlier version comes back as a new one, the rows as they were.
  await page.getByRole("button", { name: `Restore version ${saved - 1}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Restored" })).toHaveText(
    `Restored version ${saved - 1} as version ${saved + 1}`,
  );
  await expect(versions.getByRole("row").nth(1)).toContainText(`Restored version ${saved - 1}`);
  await page.getByRole("tab", { name: "Rows" }).click();
  await expect(cell(page, "DEVICE", "LENGTH")).toHaveText("20");

  // Check in: nobody holds it any more.
  await page.getByRole("button", { name: "Check in" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Checked in" })).toHaveText(
    `Checked in at version ${saved + 1}`,
  );
  await expect(page.getByLabel("Instance facts")).toContainText("Checked out bynobody");
  await expect(page.getByRole("button", { name: "Check out" })).toBeEnabled();
});

test("someone else's checkout makes the editor read-only and names the holder", async ({
  page,
}) => {
  await openEditor(page, demo.admin, "HUB", "SESSION");
  const reason = `Instance '/web/sessions/SESSION' is checked out by ${demo.dev.email}`;
  await expect(page.getByText(reason)).toBeVisible();
  for (const name of ["Check out", "Save", "Check in", "Discard"])
    await expect(page.getByRole("button", { name, exact: true })).toBeDisabled();
  await expect(
    page.getByRole("toolbar", { name: "Row actions" }).getByRole("button", { name: "Add row" }),
  ).toBeDisabled();

  // Cells do not open an editor.
  const key = cell(page, "SESSION_ID", "COLUMN_NAME");
  await key.dblclick();
  await expect(key.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByText("No validation errors.")).toBeVisible();
});

test("rows pasted from a spreadsheet land in the columns their header names; Ctrl+S saves", async ({
  page,
}) => {
  const instance = await openEditor(page, demo.dev, "STG", "WEB_SESSION");
  await page.getByRole("button", { name: "Check out" }).click();
  await expect(page.getByRole("button", { name: "Check in" })).toBeEnabled();

  // What Excel puts on the clipboard: tab-separated, a header line, columns in another order.
  await page.getByRole("button", { name: "Paste rows…" }).click();
  const dialog = page.getByRole("dialog", { name: "Paste rows" });
  await dialog
    .getByLabel("Rows from a spreadsheet")
    .fill("DATA_TYPE\tCOLUMN_NAME\r\nTEXT\tREFERRER\r\nTEXT\tUTM_SOURCE\r\n");
  await dialog.getByRole("button", { name: "Add rows" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Added" })).toHaveText(
    "Added 2 rows from the clipboard",
  );
  await expect(cell(page, "REFERRER", "DATA_TYPE")).toHaveText("TEXT");
  await expect(cell(page, "UTM_SOURCE", "COLUMN_NAME")).toHaveText("UTM_SOURCE");

  // Ctrl+S saves, also with a cell still being edited; a reload shows the saved rows.
  const saved = instance.version + 1;
  const source = cell(page, "UTM_SOURCE", "DATA_TYPE");
  await source.dblclick();
  await source.getByRole("textbox").fill("VARCHAR");
  await page.keyboard.press("Control+s");
  await expect(page.getByRole("status").filter({ hasText: "Saved version" })).toHaveText(
    `Saved version ${saved}`,
  );
  await page.reload();
  await expect(cell(page, "UTM_SOURCE", "DATA_TYPE")).toHaveText("VARCHAR");
  await expect(cell(page, "REFERRER", "DATA_TYPE")).toHaveText("TEXT");

  // Removed again, saved with the shortcut and checked in: the rows are as they were.
  const toolbar = page.getByRole("toolbar", { name: "Row actions" });
  for (const name of ["REFERRER", "UTM_SOURCE"]) {
    await cell(page, name, "COLUMN_NAME").click();
    await toolbar.getByRole("button", { name: "Remove row" }).click();
  }
  await expect(cell(page, "REFERRER", "DATA_TYPE")).toHaveCount(0);
  await page.keyboard.press("Control+s");
  await expect(page.getByRole("status").filter({ hasText: "Saved version" })).toHaveText(
    `Saved version ${saved + 1}`,
  );
  await page.getByRole("button", { name: "Check in" }).click();
  await expect(page.getByLabel("Instance facts")).toContainText("Checked out bynobody");
});

test("creates an instance in a new folder, fills and saves it, then copies it under another name", async ({
  page,
}) => {
  const { project_id } = await openEditor(page, demo.dev, "STG", "WEB_SESSION");
  // Fresh names each run, so the test can be repeated against one server.
  const run = Date.now().toString(36).toUpperCase();
  const click = `WEB_CLICK_${run}`;
  const app = `APP_CLICK_${run}`;
  await page.goto(`/projects/${project_id}/instances`);
  await page.getByRole("button", { name: "New instance" }).click();
  const create = page.getByRole("dialog", { name: "New instance" });
  await create.getByLabel("Pattern").selectOption("STG");
  await create.getByLabel("Folder").fill("/sandbox/clicks");
  await create.getByLabel("Name").fill(click);
  await create.getByLabel("Description").fill("Clicks in the web shop");
  await create.getByRole("button", { name: "Create and edit" }).click();

  // The editor opens on the new, empty instance, checked out to its creator.
  await expect(page.getByRole("heading", { level: 1, name: click, exact: true })).toBeVisible();
  const facts = page.getByLabel("Instance facts");
  await expect(facts).toContainText("/sandbox/clicks");
  await expect(facts).toContainText(`Checked out by${demo.dev.email}`);
  await page.getByRole("button", { name: "Paste rows…" }).click();
  const paste = page.getByRole("dialog", { name: "Paste rows" });
  await paste
    .getByLabel("Rows from a spreadsheet")
    .fill("COLUMN_NAME\tDATA_TYPE\nCLICK_ID\tTEXT\nCLICKED_AT\tTEXT\n");
  await paste.getByRole("button", { name: "Add rows" }).click();
  await page.keyboard.press("Control+s");
  await expect(page.getByRole("status").filter({ hasText: "Saved version" })).toHaveText(
    "Saved version 2",
  );

  // Details: labels and a flag, a version of their own.
  await page.getByRole("button", { name: "Details…" }).click();
  const details = page.getByRole("dialog", { name: `Details of ${click}` });
  await expect(details.getByLabel("Description")).toHaveValue("Clicks in the web shop");
  await details.getByLabel("Labels").fill("clicks, web");
  await details.getByLabel("Release (core)").selectOption("R2");
  await details.getByRole("checkbox", { name: /^Build disabled/ }).check();
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Saved version" })).toHaveText(
    "Saved version 3",
  );
  await expect(facts).toContainText("Build disabled");
  await expect(facts).toContainText("clicksweb");
  await expect(facts).toContainText("Releasecore R2");
  await page.getByRole("button", { name: "Check in" }).click();
  await expect(facts).toContainText("Checked out bynobody");

  // The same name again is refused with the server's message; nothing is replaced.
  await page.goto(`/projects/${project_id}/instances?folder=%2Fsandbox%2Fclicks`);
  await page.getByRole("button", { name: "New instance" }).click();
  await expect(create.getByLabel("Folder")).toHaveValue("/sandbox/clicks");
  await create.getByLabel("Pattern").selectOption("STG");
  await create.getByLabel("Name").fill(click);
  await create.getByRole("button", { name: "Create and edit" }).click();
  await expect(create.getByRole("alert")).toContainText(
    `Instance '/sandbox/clicks/${click}' already exists`,
  );
  await create.getByRole("button", { name: "Cancel" }).click();
  await expect(create).toBeHidden();

  // A copy: the saved rows under a new name, opened in the editor.
  await page.getByRole("link", { name: click, exact: true }).click();
  await page.getByRole("button", { name: "Copy…" }).click();
  const copy = page.getByRole("dialog", { name: `Copy ${click}` });
  await expect(copy.getByLabel("Name")).toHaveValue(`${click}_COPY`);
  await copy.getByLabel("Name").fill(app);
  await copy.getByRole("button", { name: "Copy and edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: app, exact: true })).toBeVisible();
  await expect(cell(page, "CLICKED_AT", "DATA_TYPE")).toHaveText("TEXT");
  await expect(facts).toContainText("Version1");
  await expect(facts).toContainText("clicksweb");
  await expect(facts).not.toContainText("Build disabled");
  await page.getByRole("button", { name: "Check in" }).click();
  await expect(facts).toContainText("Checked out bynobody");
});

test("an admin lifts edit_disabled in the details, and sets it again", async ({ page }) => {
  await openEditor(page, demo.admin, "HUB", "PRODUCT");
  const facts = page.getByLabel("Instance facts");
  await expect(page.getByText("is read-only (edit disabled)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Check out" })).toBeDisabled();

  const details = page.getByRole("dialog", { name: "Details of PRODUCT" });
  const editDisabled = details.getByRole("checkbox", { name: /^Edit disabled/ });
  await page.getByRole("button", { name: "Details…" }).click();
  await expect(editDisabled).toBeChecked();
  await editDisabled.uncheck();
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details).toBeHidden();
  await expect(facts).not.toContainText("Edit disabled");
  await expect(page.getByRole("button", { name: "Check out" })).toBeEnabled();

  // Unlocked, the usual rules hold: details need a checkout; locking again ends it.
  await expect(page.getByRole("button", { name: "Details…" })).toBeDisabled();
  await page.getByRole("button", { name: "Check out" }).click();
  await expect(facts).toContainText(`Checked out by${demo.admin.email}`);
  await page.getByRole("button", { name: "Details…" }).click();
  await editDisabled.check();
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details).toBeHidden();
  await expect(facts).toContainText("Edit disabled");
  await expect(facts).toContainText("Checked out bynobody");
  await expect(page.getByRole("button", { name: "Check out" })).toBeDisabled();
});
