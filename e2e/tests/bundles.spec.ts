import { readFileSync } from "node:fs";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

/**
 * A bundle that adds a project of its own: listing DWH would state DWH's
 * variable overrides in full (docs/bundles.md) and change what the other
 * specs expect.
 */
function bundleOf(project: string): string {
  return `version: 1
customer: Demo Retail
users:
  - email: ${project.toLowerCase()}@demo.test
    password: bundle-user-secret
    grants: [{ project: ${project}, permissions: [access] }]
projects:
  - name: ${project}
    instances:
      - pattern: HUB
        folder: /imported
        name: LOYALTY_CARD
        description: Loaded from a bundle
        rows:
          - { COLUMN_NAME: CARD_HK, DATA_TYPE: TEXT, HASH_KEY: X }
          - { COLUMN_NAME: CARD_NO, DATA_TYPE: TEXT, BUSINESS_KEY: X }
`;
}

test("import a bundle, read its plan, apply it", async ({ page }) => {
  const project = `BUNDLED_${Date.now()}`;
  await signIn(page, demo.admin.email, demo.admin.password);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Bundles" })
    .click();
  await expect(page.getByRole("heading", { name: "Import a bundle" })).toBeVisible();
  await page.getByLabel("Bundle (YAML or JSON)").fill(bundleOf(project));
  await expect(page.getByRole("button", { name: "Apply" })).toBeDisabled();
  await page.getByRole("button", { name: "Show plan" }).click();

  const plan = page.getByRole("region", { name: "Plan", exact: true });
  await expect(plan.getByRole("status")).toContainText("Plan (nothing written yet)");
  await expect(plan.getByRole("status")).toContainText("instances 1 to insert");
  const counts = plan.getByRole("table", { name: "Counts for Demo Retail" });
  await expect(counts.getByRole("row", { name: /^Projects/ })).toContainText("1");
  await plan.getByText("HUB /imported/LOYALTY_CARD", { exact: true }).click();
  const changes = plan.getByRole("table", { name: "Changes of HUB /imported/LOYALTY_CARD" });
  await expect(changes.getByRole("row", { name: /^rows\[1\]\.COLUMN_NAME/ })).toContainText(
    "CARD_NO",
  );
  // The new user's password shows only as set, never as text.
  await expect(plan).not.toContainText("bundle-user-secret");
  await page.screenshot({ path: `${import.meta.dirname}/../screenshots/bundles--the-plan.png` });
  // A dry run writes nothing.
  const before = await page.request.get(`/api/v1/projects?name=${project}`);
  expect(await before.json()).toEqual([]);

  await page.getByRole("button", { name: "Apply" }).click();
  await expect(plan.getByRole("status")).toContainText("Applied: instances 1 inserted");

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Projects" })
    .click();
  await page.getByRole("table", { name: "Projects" }).getByRole("link", { name: project }).click();
  await expect(
    page.getByRole("grid", { name: "Instances" }).locator('[role="gridcell"][col-id="name"]'),
  ).toHaveText(["LOYALTY_CARD"]);
});

test("a project's bundle is exported from the projects page", async ({ page }) => {
  await signIn(page, demo.viewer.email, demo.viewer.password);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: `Export bundle of ${demo.project}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Demo_Retail-${demo.project}.bundle.yaml`);
  const text = readFileSync(await download.path(), "utf8");
  expect(text).toContain("customer: Demo Retail");
  expect(text).toContain(`- name: ${demo.project}`);
  expect(text).not.toContain("password_hash");
});
