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
