import type { Download, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { apiSession } from "./support/api.ts";
import { demo } from "./support/demo.ts";
import { countBelow } from "./support/scale-bundle.ts";
import {
  SCALE_INSTANCES,
  type ScaleProject,
  expect,
  signInQuickly,
  test,
} from "./support/scale-project.ts";

// Issue 14's acceptance flows on a project of 5,000 instances in 245 folders,
// made by the bundle generator (e2e/tests/support/scale-bundle.ts).

const shots = `${import.meta.dirname}/../screenshots`;

async function openProject(page: Page, project: ScaleProject, query = "") {
  await signInQuickly(page, demo.admin);
  await page.goto(`/projects/${project.id}/instances${query}`);
  await expect(page.getByRole("heading", { name: "Instances" })).toBeVisible();
}

/** The distinct instances (pattern and name) of a downloaded workbook. */
async function workbookInstances(download: Download): Promise<Set<string>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const names = new Set<string>();
  book.eachSheet((sheet) => {
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const name = header.indexOf("INSTANCE");
    const pattern = header.indexOf("PATTERN");
    sheet.eachRow((row, n) => {
      if (n > 1) names.add(`${row.getCell(pattern).text}/${row.getCell(name).text}`);
    });
  });
  return names;
}

/** No sideways page scroll: the document is as wide as the window. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, "page width at a 1024-px window").toBeLessThanOrEqual(client);
}

test("build a parent folder from the tree's context menu", async ({ page, scaleProject }) => {
  test.setTimeout(180_000);
  expect(scaleProject.instances).toHaveLength(SCALE_INSTANCES);
  const expected = countBelow(scaleProject.instances, "/erp/sales");
  expect(expected).toBeGreaterThan(100);
  await openProject(page, scaleProject);
  const tree = page.getByRole("tree", { name: "Folders" });
  await tree.getByRole("treeitem", { name: "erp", exact: true }).click();
  await tree.getByRole("treeitem", { name: "sales", exact: true }).click({ button: "right" });
  const menu = page.getByRole("menu", { name: "Folder /erp/sales" });
  await expect(menu).toBeVisible();
  await page.screenshot({ path: `${shots}/scale--context-menu.png` });
  await menu.getByRole("menuitem", { name: "Build this folder…" }).click();

  const dialog = page.getByRole("dialog", { name: "Start a build" });
  await expect(dialog.getByLabel("Pattern")).toHaveValue("*");
  await expect(dialog.getByLabel("Folder")).toHaveValue("/erp/sales");
  await expect(dialog.getByRole("checkbox", { name: "And everything below it" })).toBeChecked();
  await dialog.getByRole("button", { name: "Start build" }).click();
  await expect(page.getByRole("heading", { name: /^Build \d+$/ })).toBeVisible();
  await expect(page.getByLabel("Progress").getByText("finished", { exact: true })).toBeVisible({
    timeout: 150_000,
  });
  // Every instance below /erp/sales, none left out.
  await expect(page.getByRole("region", { name: "Instances of this build" })).toContainText(
    `${expected} instance(s) built`,
  );
});

test("build chosen patterns of a folder from the tree's context menu", async ({
  page,
  scaleProject,
}) => {
  const chosen = ["HUB", "SAT"];
  const below = scaleProject.instances.filter(
    (i) => i.folder.startsWith("/crm/customers/") && chosen.includes(i.pattern),
  );
  expect(below.length).toBeGreaterThan(10);
  await openProject(page, scaleProject);
  const tree = page.getByRole("tree", { name: "Folders" });
  await tree.getByRole("treeitem", { name: "crm", exact: true }).click();
  await tree.getByRole("treeitem", { name: "customers", exact: true }).click({ button: "right" });
  await page
    .getByRole("menu", { name: "Folder /crm/customers" })
    .getByRole("menuitem", { name: "Build this folder…" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Start a build" });
  await dialog.getByLabel("Pattern").selectOption("chosen");
  const start = dialog.getByRole("button", { name: "Start build" });
  await expect(start).toBeDisabled();
  for (const name of chosen) await dialog.getByRole("checkbox", { name }).check();
  await page.screenshot({ path: `${shots}/scale--build-chosen-patterns.png` });
  await start.click();
  await expect(page.getByLabel("Progress").getByText("finished", { exact: true })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole("region", { name: "Instances of this build" })).toContainText(
    `${below.length} instance(s) built`,
  );
});

test("the tree's context menu works from the keyboard and exports a subtree", async ({
  page,
  scaleProject,
}) => {
  await openProject(page, scaleProject);
  const tree = page.getByRole("tree", { name: "Folders" });
  const crm = tree.getByRole("treeitem", { name: "crm", exact: true });
  await crm.focus();
  await page.keyboard.press("Shift+F10");
  const menu = page.getByRole("menu", { name: "Folder /crm" });
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(crm).toBeFocused();

  await page.keyboard.press("ContextMenu");
  await expect(menu).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    menu.getByRole("menuitem", { name: "Export this folder" }).click(),
  ]);
  const names = await workbookInstances(download);
  expect(names.size).toBe(countBelow(scaleProject.instances, "/crm"));

  // Change in bulk: the dialog takes every instance below the folder.
  await crm.click({ button: "right" });
  await menu.getByRole("menuitem", { name: "Change in bulk…" }).click();
  const change = page.getByRole("dialog", { name: /^Change \d[\d,]* instances$/ });
  await expect(change).toHaveAccessibleName(
    `Change ${countBelow(scaleProject.instances, "/crm")} instances`,
  );
  await change.getByRole("button", { name: "Cancel" }).click();
});

test("find an instance by part of its name with Ctrl+K", async ({ page, scaleProject }) => {
  const target = scaleProject.instances.find((i) => i.name === "H_CUSTOMER_01009");
  expect(target).toBeDefined();
  await signInQuickly(page, demo.admin);
  await page.goto("/projects");
  await expect(
    page.getByRole("button", { name: `User menu for ${demo.admin.email}` }),
  ).toBeVisible();
  await page.keyboard.press("Control+k");
  const input = page.getByRole("combobox", { name: "Find by name" });
  await expect(input).toBeFocused();
  await input.fill("customer_01009");
  const hit = page.getByRole("option").filter({ hasText: "H_CUSTOMER_01009" });
  await expect(hit).toContainText(`HUB · ${target?.folder} · ${scaleProject.name}`);
  await page.screenshot({ path: `${shots}/scale--palette.png` });
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${scaleProject.id}/instances/\\d+$`));
  await expect(page.getByRole("heading", { level: 1, name: "H_CUSTOMER_01009" })).toBeVisible();
});

test("select all 1,000+ instances matching a name glob and export them", async ({
  page,
  scaleProject,
}) => {
  test.setTimeout(180_000);
  const hubs = scaleProject.instances.filter((i) => i.name.startsWith("H_")).length;
  expect(hubs).toBeGreaterThan(1000);
  const count = hubs.toLocaleString("en");
  await openProject(page, scaleProject, `?name=${encodeURIComponent("H_*")}`);
  await expect(page.getByRole("status").filter({ hasText: `${count} instances` })).toBeVisible();
  const bar = page.getByRole("toolbar", { name: "Selected instances" });
  await bar.getByRole("button", { name: `Select all ${count} matching` }).click();
  await expect(bar.getByText(`All ${count} matching selected`)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 120_000 }),
    bar.getByRole("button", { name: `Export selection (${count})` }).click(),
  ]);
  const names = await workbookInstances(download);
  expect(names.size).toBe(hubs);
  expect([...names].every((n) => n.startsWith("HUB/H_"))).toBe(true);
});

test("a viewer sees no start-build button", async ({ page, scaleProject }) => {
  await signInQuickly(page, scaleProject.viewer);
  await page.goto(`/projects/${scaleProject.id}/builds`);
  await expect(page.getByRole("heading", { name: "Builds" })).toBeVisible();
  await expect(page.getByText("Starting builds needs the “Run builds” grant.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Start build" })).toHaveCount(0);

  // Nor a build from the tree: the menu item says why it is off.
  await page.goto(`/projects/${scaleProject.id}/instances`);
  await page
    .getByRole("tree", { name: "Folders" })
    .getByRole("treeitem", { name: "erp", exact: true })
    .click({ button: "right" });
  const build = page
    .getByRole("menu", { name: "Folder /erp" })
    .getByRole("menuitem", { name: "Build this folder…" });
  await expect(build).toBeDisabled();
  await expect(build).toHaveAttribute("title", /“Run builds” grant/);
});

test("leaving an edited instance asks first", async ({ page, scaleProject }) => {
  const target = scaleProject.instances.find((i) => i.name === "H_PRODUCT_01202");
  expect(target).toBeDefined();
  await openProject(page, scaleProject, `?name=H_PRODUCT_01202`);
  const grid = page.getByRole("grid", { name: "Instances" });
  await grid.getByRole("link", { name: "H_PRODUCT_01202", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "H_PRODUCT_01202" })).toBeVisible();
  await page.getByRole("button", { name: "Check out" }).click();
  const key = page.getByRole("checkbox", { name: "BUSINESS_KEY on row 1" });
  await key.check();
  await page.getByRole("link", { name: `${scaleProject.name} instances` }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toContainText("H_PRODUCT_01202");
  await page.screenshot({ path: `${shots}/scale--leave-asked.png` });
  await dialog.getByRole("button", { name: "Leave and discard" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${scaleProject.id}/instances(\\?.*)?$`));
});

test("the instances page and a build page fit a 1024-px window", async ({
  page,
  request,
  scaleProject,
}) => {
  const { headers } = await apiSession(request, demo.admin);
  const built = await request.post("/api/v1/builds", {
    headers,
    data: {
      project_id: scaleProject.id,
      wait: true,
      instances: [{ pattern: "HUB", folder: "/finance/receivables", subfolders: true, name: "*" }],
    },
  });
  expect(built.status(), await built.text()).toBe(201);
  const buildId = ((await built.json()) as { build: { id: number } }).build.id;

  await page.setViewportSize({ width: 1024, height: 768 });
  await openProject(page, scaleProject, `?folder=${encodeURIComponent("/finance/receivables")}`);
  await expect(page.getByRole("grid", { name: "Instances" }).getByRole("row").nth(2)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}/scale--instances-1024.png` });

  await page.goto(`/projects/${scaleProject.id}/builds/${buildId}?tab=files`);
  await expect(page.getByRole("heading", { name: `Build ${buildId}` })).toBeVisible();
  await expect(
    page.getByRole("tree", { name: "Files" }).getByRole("treeitem").first(),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}/scale--build-1024.png` });
});
