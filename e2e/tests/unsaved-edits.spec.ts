import type { APIRequestContext } from "@playwright/test";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { apiSession } from "./support/api.ts";
import { signIn } from "./support/sign-in.ts";

/** A fresh STG instance in its own folder, created by dev (checked out to dev) with one row. */
async function seedInstance(request: APIRequestContext) {
  const { headers, byName } = await apiSession(request, demo.dev);
  const project = await byName("/api/v1/projects", demo.project);
  const pattern = await byName("/api/v1/patterns", "STG");
  const name = `UNSAVED_${Date.now()}`;
  const folder = `/e2e_unsaved_${Date.now()}`;
  const created = await request.post("/api/console/instances", {
    headers,
    data: { project_id: project.id, pattern_id: pattern.id, folder, name },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { instance_id: number }).instance_id;
  const rows = await request.put(`/api/console/instances/${id}/rows`, {
    headers,
    data: { rows: [{ COLUMN_NAME: "ID", DATA_TYPE: "INTEGER" }], base_version: 1 },
  });
  expect(rows.status(), await rows.text()).toBe(200);
  const storedRows = async () => {
    const got = await request.get(`/api/console/instances/${id}/editing`, { headers });
    return ((await got.json()) as { rows: Record<string, string | null>[] }).rows;
  };
  return { projectId: project.id, id, name, folder, storedRows };
}

test("leaving an edited instance asks first; a role is a checkbox", async ({ page, request }) => {
  const { projectId, id, name, storedRows } = await seedInstance(request);
  await signIn(page, demo.dev.email, demo.dev.password);
  await page.goto(`/projects/${projectId}/instances/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const businessKey = page.getByRole("checkbox", { name: "BUSINESS_KEY on row 1" });
  await expect(businessKey).not.toBeChecked();
  await businessKey.check();
  await expect(businessKey).toBeChecked();

  // An in-app link: the console asks, and "Stay" keeps the edit.
  await page.getByRole("link", { name: `${demo.project} instances` }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toContainText(name);
  await page.screenshot({
    path: `${import.meta.dirname}/../screenshots/unsaved-edits--asked.png`,
  });
  await dialog.getByRole("button", { name: "Stay" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/instances/${id}$`));
  await expect(businessKey).toBeChecked();

  // Saved, leaving no longer asks; the role cell stored its mark.
  await page.getByRole("button", { name: "Save" }).click();
  await expect.poll(async () => (await storedRows())[0]?.BUSINESS_KEY).toBe("X");
  await page.getByRole("link", { name: `${demo.project} instances` }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/instances(\\?.*)?$`));
});

test("leave and discard drops the edit; Enter on a listed row opens the instance", async ({
  page,
  request,
}) => {
  const { projectId, id, name, folder, storedRows } = await seedInstance(request);
  await signIn(page, demo.dev.email, demo.dev.password);
  await page.goto(`/projects/${projectId}/instances/${id}`);
  await page.getByRole("checkbox", { name: "BUSINESS_KEY on row 1" }).check();
  await page.getByRole("link", { name: `${demo.project} instances` }).click();
  await page
    .getByRole("dialog", { name: "Leave without saving?" })
    .getByRole("button", { name: "Leave and discard" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/instances(\\?.*)?$`));
  expect((await storedRows())[0]?.BUSINESS_KEY ?? "").toBe("");

  await page.goto(`/projects/${projectId}/instances?folder=${encodeURIComponent(folder)}`);
  const row = page
    .getByRole("grid", { name: "Instances" })
    .getByRole("row")
    .filter({ hasText: name });
  await row.locator('[role="gridcell"][col-id="folder"]').click();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/instances/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});
