import type { Page } from "@playwright/test";
import { apiSession } from "./support/api.ts";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

// Scripts of its own (a unique folder per run); their SELECTs change nothing other specs count.

async function openSqlEditor(page: Page, projectId: number) {
  await signIn(page, demo.dev.email, demo.dev.password);
  await page.goto(`/projects/${projectId}/sql`);
  await expect(page.getByRole("heading", { level: 1, name: "SQL" })).toBeVisible();
}

/** Replaces the editor's text as a paste would, cursor at the end. */
async function setText(page: Page, text: string) {
  await page.getByRole("textbox", { name: "SQL statements" }).focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.insertText(text);
  await page.keyboard.press("Escape");
}

test("saves a script in a folder, reruns it and shows both runs in its history", async ({
  page,
  request,
}) => {
  const { headers, byName } = await apiSession(request, demo.dev);
  const project = await byName("/api/v1/projects", demo.project);
  const folder = `/e2e-${Date.now()}`;
  // The folder comes from the API, as a colleague would have made it.
  const made = await request.post("/api/console/metadata/scripts/folders", {
    headers,
    data: { project_id: project.id, path: folder },
  });
  expect(made.status(), await made.text()).toBe(201);

  await openSqlEditor(page, project.id);
  const pane = page.getByRole("region", { name: "Scripts" });
  await expect(pane.getByText(folder.slice(1), { exact: true })).toBeVisible();

  // Write, then save as a script in that folder.
  await setText(page, "SELECT COUNT(*) AS hubs FROM @INSTANCES.HUB;\nSELECT 'second' AS which");
  await page.getByRole("button", { name: "Save as script…" }).click();
  const dialog = page.getByRole("dialog", { name: "Save as a script" });
  await dialog.getByLabel("Name").fill("count hubs");
  await dialog.getByLabel("Folder").fill(folder);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog).toBeHidden();
  const bar = page.getByRole("status", { name: "Open script" });
  await expect(bar).toContainText(`${folder}/count hubs`);
  await expect(bar).toContainText("version 1");
  await expect(pane.getByRole("button", { name: "count hubs", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );

  // Run the whole script (the button), then again with Ctrl+Shift+Enter.
  const result = page.getByRole("region", { name: "Result" });
  await page.getByRole("button", { name: "Run script" }).click();
  await expect(result.getByRole("status")).toContainText("1 row");
  const runs = page.getByRole("list", { name: "Runs of this script" });
  await expect(runs.getByRole("listitem")).toHaveCount(1);
  await page.getByRole("textbox", { name: "SQL statements" }).focus();
  await page.keyboard.press("Control+Shift+Enter");
  await expect(runs.getByRole("listitem")).toHaveCount(2);
  await expect(runs.getByRole("listitem").first()).toContainText("SELECT COUNT(*) AS hubs");
  await expect(runs.getByRole("listitem").first()).toContainText(demo.dev.email);

  // Edit and save with Ctrl+S: a second version; the first opens read-only.
  await setText(page, "SELECT COUNT(*) AS hubs FROM @INSTANCES.HUB");
  await expect(bar).toContainText("Unsaved changes");
  await page.keyboard.press("Control+S");
  await expect(bar).toContainText("version 2");
  await expect(bar).not.toContainText("Unsaved changes");
  await page.getByRole("tab", { name: "Versions" }).click();
  const versions = page.getByRole("list", { name: "Versions of this script" });
  await expect(versions.getByRole("listitem")).toHaveCount(2);
  await versions.getByRole("button", { name: /Version 1/ }).click();
  const old = page.getByRole("dialog", { name: "Version 1" });
  await expect(old).toContainText("SELECT 'second' AS which");
  await expect(old.getByRole("button", { name: "Restore as a new version" })).toBeVisible();
  await page.screenshot({
    path: `${import.meta.dirname}/../screenshots/sql-scripts--old-version.png`,
  });
  await old.getByRole("button", { name: "Close" }).click();
  await page.getByRole("tab", { name: "Runs" }).click();
  await expect(runs.getByRole("listitem")).toHaveCount(2);
});

test("renames, moves and deletes from the Scripts pane, and asks before leaving unsaved edits", async ({
  page,
  request,
}) => {
  const { headers, byName } = await apiSession(request, demo.dev);
  const project = await byName("/api/v1/projects", demo.project);
  const root = `/e2e-${Date.now()}`;
  const made = await request.post("/api/console/metadata/scripts", {
    headers,
    data: { project_id: project.id, folder: `${root}/a`, name: "s1", body: "SELECT 1" },
  });
  expect(made.status(), await made.text()).toBe(201);

  await openSqlEditor(page, project.id);
  const pane = page.getByRole("region", { name: "Scripts" });
  await pane.getByRole("button", { name: "s1", exact: true }).click();
  const bar = page.getByRole("status", { name: "Open script" });
  await expect(bar).toContainText(`${root}/a/s1`);

  // An unsaved edit: leaving through a link asks, and "Stay" keeps it.
  await setText(page, "SELECT 2");
  await expect(bar).toContainText("Unsaved changes");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Instances" })
    .click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay" }).click();
  await expect(bar).toContainText("Unsaved changes");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(bar).toContainText("version 2");

  // Rename the script, then move its folder: the open script follows both.
  await pane.getByRole("button", { name: "Script s1 actions" }).click();
  await page.getByRole("menuitem", { name: "Rename or move…" }).click();
  const rename = page.getByRole("dialog", { name: "Rename or move script" });
  await rename.getByLabel("Name").fill("s2");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(bar).toContainText(`${root}/a/s2`);
  await pane.getByRole("button", { name: `Folder ${root}/a actions` }).click();
  await page.getByRole("menuitem", { name: "Rename or move…" }).click();
  const move = page.getByRole("dialog", { name: "Rename or move script folder" });
  await move.getByLabel("New path").fill(`${root}/b`);
  await move.getByRole("button", { name: "Save" }).click();
  await expect(bar).toContainText(`${root}/b/s2`);
  await expect(pane.getByText("b", { exact: true })).toBeVisible();

  // Delete it: the editor closes it.
  await pane.getByRole("button", { name: "Script s2 actions" }).click();
  await page.getByRole("menuitem", { name: "Delete…" }).click();
  await page
    .getByRole("dialog", { name: "Delete script" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(bar).toBeHidden();
  await expect(pane.getByRole("button", { name: "s2", exact: true })).toBeHidden();
});
