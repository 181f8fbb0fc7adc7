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
