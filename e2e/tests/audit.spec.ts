import type { APIRequestContext } from "@playwright/test";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

/** A fresh HUB instance in a new folder of DWH, made by the admin through the API. */
async function seedFolder(request: APIRequestContext) {
  const signedIn = await request.post("/authentication", {
    data: { strategy: "local", email: demo.admin.email, password: demo.admin.password },
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
  const folder = `/e2e_audit_${Date.now()}`;
  const created = await request.post("/api/console/instances", {
    headers,
    data: { project_id: project.id, pattern_id: pattern.id, folder, name: "AUDITED" },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { projectId: project.id, patternId: pattern.id, folder };
}

test("an admin changes a value and finds it in the audit log with before → after", async ({
  page,
  request,
}) => {
  const { projectId, patternId, folder } = await seedFolder(request);
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/projects/${projectId}/variables?pattern_id=${patternId}&name=RECORD_SOURCE`);
  const setAt = async (verb: "Set" | "Change", value: string) => {
    await page
      .getByRole("button", { name: `${verb} RECORD_SOURCE at ${folder}`, exact: true })
      .click();
    await page.getByLabel(`New value of RECORD_SOURCE at ${folder}`, { exact: true }).fill(value);
    await page
      .getByRole("form", { name: `Edit RECORD_SOURCE at ${folder}` })
      .getByRole("button", { name: "Save" })
      .click();
    // The instance below renders differently: the impact dialog asks first (docs/lineage.md "Impact").
    await page
      .getByRole("dialog", { name: `Impact of changing RECORD_SOURCE at ${folder}` })
      .getByRole("button", { name: "Save anyway" })
      .click();
    const folderRow = page
      .getByRole("table", { name: "Cascade of RECORD_SOURCE" })
      .getByRole("row")
      .filter({
        has: page.getByRole("rowheader", { name: new RegExp(`^${folder} \\(folder\\)$`) }),
      });
    await expect(folderRow).toContainText(value);
  };
  await setAt("Set", "AUDIT_BEFORE");
  await setAt("Change", "AUDIT_AFTER");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit" }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await page.getByLabel("Action").selectOption({ label: "Variable values" });
  await page.getByLabel("Search").fill(folder);
  const log = page.getByRole("table", { name: "Audit log" });
  const rows = log.getByRole("row").filter({ hasText: "variable_value.set" });
  await expect(rows).toHaveCount(2);
  // Newest first: the change from the first value to the second.
  const change = rows.first();
  await expect(change).toContainText(demo.admin.email);
  await expect(change).toContainText(`HUB.RECORD_SOURCE at folder '${folder}'`);
  await expect(change.getByRole("deletion")).toHaveText("AUDIT_BEFORE");
  // The value's change, and the impact the save had downstream (docs/lineage.md "Impact").
  await expect(change.getByRole("insertion").filter({ hasText: /^AUDIT_AFTER$/ })).toHaveCount(1);
  await expect(change.getByRole("insertion").filter({ hasText: '"changed":1' })).toHaveCount(1);
  // The target links to the cascade it changed.
  await expect(change.getByRole("link", { name: /RECORD_SOURCE/ })).toHaveAttribute(
    "href",
    `/projects/${projectId}/variables`,
  );
});

test("a user who is not an admin has no audit log", async ({ page }) => {
  await signIn(page, demo.viewer.email, demo.viewer.password);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit" }),
  ).toHaveCount(0);
  await page.goto("/admin/audit");
  // The page says why instead of asking the server for what it would refuse
  // (docs/console-permissions.md "AdminsOnly").
  await expect(page.getByText("Administrators only")).toBeVisible();
  await expect(page.getByText("Only administrators may do this; ask one of them.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Audit log" })).toHaveCount(0);
});
