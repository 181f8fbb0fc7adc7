import type { APIRequestContext } from "@playwright/test";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

test("the cascade viewer names the folder a value comes from", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  await expect(page).toHaveURL(/\/projects\/\d+\/instances/);
  const projectPath = new URL(page.url()).pathname.replace(/\/instances$/, "");
  await page.goto(`${projectPath}/variables`);
  await expect(page.getByRole("heading", { name: "Variable cascade" })).toBeVisible();

  await page.getByLabel("Pattern", { exact: true }).selectOption("HUB");
  await page.getByLabel("Variable", { exact: true }).selectOption("RECORD_SOURCE");
  await expect(page).toHaveURL(/pattern_id=\d+.*name=RECORD_SOURCE/);

  const table = page.getByRole("table", { name: "Cascade of RECORD_SOURCE" });
  // Set on /crm itself: highlighted, "set here".
  const crm = table
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: /^\/crm \(folder\)$/ }) });
  await expect(crm).toContainText("set here");
  // The CUSTOMER hub in /crm/customers inherits it and names /crm.
  const customer = table
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: /CUSTOMER \(instance\)$/ }) })
    .first();
  await expect(customer).toContainText("CRM");
  await expect(customer).toContainText("folder /crm");
  await expect(customer).toContainText("UNKNOWN");

  await page.getByLabel("Overrides only").check();
  await expect(page).toHaveURL(/overrides=1/);
  await expect(customer).toHaveCount(0);
  await expect(crm).toBeVisible();
});

test("opens the cascade from an instance and marks its node", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  await expect(page).toHaveURL(/\/projects\/\d+\/instances/);
  const instancesPath = new URL(page.url()).pathname;
  await page.goto(`${instancesPath}?pattern=HUB&folder=%2Fcrm%2Fcustomers`);
  await page
    .getByRole("grid", { name: "Instances" })
    .getByRole("link", { name: "Variable cascade of CUSTOMER" })
    .click();

  // The pattern and its first variable are chosen; the URL names the instance.
  await expect(page.getByRole("heading", { name: "Variable cascade" })).toBeVisible();
  await expect(page).toHaveURL(/pattern_id=\d+&instance=\d+&name=TARGET_SCHEMA/);
  await expect(page.getByLabel("Pattern", { exact: true })).toHaveValue(/\d+/);
  await page.getByLabel("Variable", { exact: true }).selectOption("RECORD_SOURCE");
  const marked = page
    .getByRole("table", { name: "Cascade of RECORD_SOURCE" })
    .locator('tr[aria-current="true"]');
  await expect(marked).toHaveCount(1);
  await expect(marked.getByRole("rowheader")).toContainText("CUSTOMER");
  await expect(marked).toContainText("folder /crm");
  await expect(marked).toBeInViewport();
  // Kept in view under "overrides only", though it sets nothing itself.
  await page.getByLabel("Overrides only").check();
  await expect(marked).toBeVisible();
  await expect(marked).toContainText("opened from here");
});

test.describe("setting values in the cascade viewer", () => {
  /** Two fresh HUB instances, one in a new folder and one below it, made by dev through the API. */
  async function seedFolder(request: APIRequestContext) {
    const signedIn = await request.post("/authentication", {
      data: { strategy: "local", email: demo.dev.email, password: demo.dev.password },
    });
    expect(signedIn.status()).toBe(201);
    const { accessToken } = (await signedIn.json()) as { accessToken: string };
    const headers = { Authorization: `Bearer ${accessToken}` };
    const one = async (path: string, name: string) => {
      const res = await request.get(path, { headers, params: { name } });
      return ((await res.json()) as { id: number }[])[0] as { id: number };
    };
    const project = await one("/api/v1/projects", demo.project);
    const pattern = await one("/api/v1/patterns", "HUB");
    const folder = `/e2e_vars_${Date.now()}`;
    for (const [at, name] of [
      [folder, "VAR_TOP"],
      [`${folder}/inner`, "VAR_INNER"],
    ]) {
      const created = await request.post("/api/console/instances", {
        headers,
        data: { project_id: project.id, pattern_id: pattern.id, folder: at, name },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    return { projectId: project.id, patternId: pattern.id, folder };
  }

  test("a folder value changes the source of the instances below; clearing falls back", async ({
    page,
    request,
  }) => {
    const { projectId, patternId, folder } = await seedFolder(request);
    await signIn(page, demo.dev.email, demo.dev.password);
    await page.goto(`/projects/${projectId}/variables?pattern_id=${patternId}&name=RECORD_SOURCE`);
    const table = page.getByRole("table", { name: "Cascade of RECORD_SOURCE" });
    const row = (name: RegExp) =>
      table.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
    const folderRow = row(new RegExp(`^${folder} \\(folder\\)$`));
    const top = row(/VAR_TOP \(instance\)$/);
    const inner = row(/VAR_INNER \(instance\)$/);
    await expect(inner).toBeVisible();
    const before = (await inner.getByRole("cell").nth(1).textContent())?.trim() ?? "";
    expect(before).not.toContain(folder);

    await page.getByRole("button", { name: `Set RECORD_SOURCE at ${folder}`, exact: true }).click();
    const input = page.getByLabel(`New value of RECORD_SOURCE at ${folder}`, { exact: true });
    await input.fill("E2E_SOURCE");
    await page
      .getByRole("form", { name: `Edit RECORD_SOURCE at ${folder}` })
      .getByRole("button", { name: "Save" })
      .click();
    // The instances below render differently: the impact dialog asks first (docs/lineage.md "Impact").
    await page
      .getByRole("dialog", { name: `Impact of changing RECORD_SOURCE at ${folder}` })
      .getByRole("button", { name: "Save anyway" })
      .click();

    // Set at the folder; both instances below now take it and name the folder.
    await expect(folderRow).toContainText("set here");
    await expect(folderRow).toContainText("E2E_SOURCE");
    for (const instance of [top, inner]) {
      await expect(instance).toContainText("E2E_SOURCE");
      await expect(instance).toContainText(`folder ${folder}`);
    }

    await page
      .getByRole("button", { name: `Clear RECORD_SOURCE at ${folder}`, exact: true })
      .click();
    await expect(folderRow).not.toContainText("set here");
    await expect(inner).not.toContainText("E2E_SOURCE");
    await expect(inner.getByRole("cell").nth(1)).toHaveText(before);
    await expect(top).not.toContainText(`folder ${folder}`);
  });

  test("a viewer is told they may not set values", async ({ page, request }) => {
    const { projectId, patternId, folder } = await seedFolder(request);
    await signIn(page, demo.viewer.email, demo.viewer.password);
    await page.goto(`/projects/${projectId}/variables?pattern_id=${patternId}&name=RECORD_SOURCE`);
    await page.getByRole("button", { name: `Set RECORD_SOURCE at ${folder}`, exact: true }).click();
    await page.getByLabel(`New value of RECORD_SOURCE at ${folder}`, { exact: true }).fill("NOPE");
    await page
      .getByRole("form", { name: `Edit RECORD_SOURCE at ${folder}` })
      .getByRole("button", { name: "Save" })
      .click();
    await expect(page.getByRole("alert")).toContainText(
      "You don't have permissions to write instances in this project!",
    );
  });

  test("the instance editor's variables tab sets and clears the instance's own value", async ({
    page,
    request,
  }) => {
    const { projectId, folder } = await seedFolder(request);
    await signIn(page, demo.dev.email, demo.dev.password);
    const found = await page.request.get("/api/v1/instances", {
      params: {
        project: demo.project,
        pattern: "HUB",
        folder: `${folder}/inner`,
        name: "VAR_INNER",
      },
    });
    const [instance] = (await found.json()) as { id: number; folder: string }[];
    await page.goto(`/projects/${projectId}/instances/${instance.id}?tab=variables`);
    const table = page.getByRole("table", { name: "Variables of this instance" });
    const recordSource = table
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "RECORD_SOURCE", exact: true }) });
    const where = `${instance.folder}/VAR_INNER`;
    await recordSource.getByRole("button", { name: `Set RECORD_SOURCE at ${where}` }).click();
    await page.getByLabel(`New value of RECORD_SOURCE at ${where}`).fill("MINE");
    await recordSource.getByRole("button", { name: "Save" }).click();
    await page
      .getByRole("dialog", { name: `Impact of changing RECORD_SOURCE at ${where}` })
      .getByRole("button", { name: "Save anyway" })
      .click();
    await expect(recordSource).toContainText("MINE");
    await expect(recordSource).toContainText("set here");
    await recordSource.getByRole("button", { name: `Clear RECORD_SOURCE at ${where}` }).click();
    await expect(recordSource).not.toContainText("MINE");
    await expect(recordSource).not.toContainText("set here");
  });
});
