import type { APIRequestContext, Page } from "@playwright/test";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

const MANY = 1200;

/** A bundle of one new project with MANY HUB instances in one folder (docs/bundles.md). */
function manyInstances(project: string): string {
  const lines = [
    `version: 1`,
    `customer: Demo Retail`,
    `projects:`,
    `  - name: ${project}`,
    `    instances:`,
  ];
  for (let i = 0; i < MANY; i++)
    lines.push(
      `      - pattern: HUB`,
      `        folder: /bulk`,
      `        name: HUB_${String(i).padStart(4, "0")}`,
      `        rows:`,
      `          - { COLUMN_NAME: HK_${i}, DATA_TYPE: TEXT, HASH_KEY: X }`,
    );
  return `${lines.join("\n")}\n`;
}

async function seed(request: APIRequestContext, project: string) {
  const res = await request.post("/authentication", {
    data: { strategy: "local", email: demo.admin.email, password: demo.admin.password },
  });
  const token = ((await res.json()) as { accessToken: string }).accessToken;
  const imported = await request.post("/api/console/bundles", {
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/yaml" },
    data: manyInstances(project),
    timeout: 120_000,
  });
  expect(imported.status(), await imported.text()).toBe(200);
}

async function openProject(page: Page, project: string) {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.getByRole("table", { name: "Projects" }).getByRole("link", { name: project }).click();
  await expect(page.getByRole("heading", { name: "Instances" })).toBeVisible();
}

test("select all 1,200 matching instances and export them", async ({ page, request }) => {
  test.setTimeout(180_000);
  const project = `SELECT_${Date.now()}`;
  await seed(request, project);
  await openProject(page, project);
  await page.getByRole("tree", { name: "Folders" }).getByRole("treeitem", { name: "bulk" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1,200 instances" })).toBeVisible();

  const bar = page.getByRole("toolbar", { name: "Selected instances" });
  await bar.getByRole("button", { name: "Select all 1,200 matching" }).click();
  await expect(bar.getByText("All 1,200 matching selected")).toBeVisible();
  // Loaded rows show checked too.
  await expect(
    page.getByRole("grid", { name: "Instances" }).getByRole("checkbox").first(),
  ).toBeChecked();
  await expect(bar.getByRole("link", { name: "Build selected (1,200)" })).toBeVisible();

  const exported = page.waitForRequest((r) => r.url().includes("/api/console/instances/export"));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    bar.getByRole("button", { name: "Export selection (1,200)" }).click(),
  ]);
  // Every matching instance by the filters: the folder, not a list of 1,200 ids.
  const url = new URL((await exported).url());
  expect(url.searchParams.get("folder")).toBe("/bulk");
  expect(url.searchParams.get("ids")).toBeNull();
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
});

test("shift-click checks the range from the last clicked row", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  const boxes = page.getByRole("grid", { name: "Instances" }).getByRole("checkbox");
  await expect(boxes.nth(4)).toBeVisible();
  await boxes.nth(0).click();
  await boxes.nth(3).click({ modifiers: ["Shift"] });
  await expect(
    page.getByRole("toolbar", { name: "Selected instances" }).getByText("4 selected"),
  ).toBeVisible();
});

test("build a parent folder with its subfolders from the folder pane", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demo.admin.email, demo.admin.password);
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  await page.getByRole("tree", { name: "Folders" }).getByRole("treeitem", { name: "crm" }).click();
  // A parent folder shows its subtree by default, and the URL keeps the choice.
  const scope = page.getByRole("region", { name: "This folder" });
  await expect(scope.getByRole("checkbox", { name: "Include subfolders" })).toBeChecked();
  await expect(page.getByText("No instances match.")).toBeHidden();
  await scope.getByRole("checkbox", { name: "Include subfolders" }).uncheck();
  await expect(page).toHaveURL(/subfolders=0/);
  await scope.getByRole("checkbox", { name: "Include subfolders" }).check();
  await expect(page).toHaveURL(/subfolders=1/);

  await scope.getByRole("link", { name: "Build this folder" }).click();
  const dialog = page.getByRole("dialog", { name: "Start a build" });
  await expect(dialog.getByLabel("Pattern")).toHaveValue("*");
  await expect(dialog.getByLabel("Folder")).toHaveValue("/crm");
  await expect(dialog.getByRole("checkbox", { name: "And everything below it" })).toBeChecked();
  await dialog.getByLabel("Description").fill("the /crm subtree");
  await dialog.getByRole("button", { name: "Start build" }).click();
  await expect(page.getByRole("heading", { name: /^Build \d+$/ })).toBeVisible();
  await expect(page.getByLabel("Progress").getByText("finished", { exact: true })).toBeVisible({
    timeout: 90_000,
  });
});
