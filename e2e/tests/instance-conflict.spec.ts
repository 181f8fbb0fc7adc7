import type { APIRequestContext, Page } from "@playwright/test";
import { apiSession, bearer } from "./support/api.ts";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { cell, typeInto } from "./support/instance-editor.ts";
import { signIn } from "./support/sign-in.ts";

// Cell-level conflicts in the instance editor (docs/console-instance-writes.md "Conflicts").

/** A fresh STG instance with two rows (version 2), checked in: nobody holds it. */
async function seedInstance(request: APIRequestContext) {
  const { headers, byName } = await apiSession(request, demo.dev);
  const project = await byName("/api/v1/projects", demo.project);
  const pattern = await byName("/api/v1/patterns", "STG");
  const stamp = Date.now();
  const name = `CONFLICT_CELLS_${stamp}`;
  const created = await request.post("/api/console/instances", {
    headers,
    data: {
      project_id: project.id,
      pattern_id: pattern.id,
      folder: `/e2e_conflict_${stamp}`,
      name,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { instance_id: number }).instance_id;
  const rows = [
    { COLUMN_NAME: "CUSTOMER_ID", DATA_TYPE: "INTEGER", DESCRIPTION: "base", BUSINESS_KEY: "X" },
    { COLUMN_NAME: "FULL_NAME", DATA_TYPE: "TEXT", DESCRIPTION: "base" },
  ];
  const saved = await request.post(`/api/console/instances/${id}/checkin`, {
    headers,
    data: { rows, base_version: 1 },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const storedRows = async () => {
    const got = await request.get(`/api/console/instances/${id}/editing`, { headers });
    return ((await got.json()) as { rows: Record<string, string | null>[] }).rows;
  };
  return { projectId: project.id, id, name, storedRows };
}

async function openEditor(page: Page, path: string, name: string) {
  await page.goto(path);
  // The editor's first load parses the grid's code: on a busy machine that alone took 12 s.
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 60_000 });
}

const facts = (page: Page) => page.getByLabel("Instance facts");

test("one user in two tabs: the second sees its own checkout, merges cell by cell and keeps both tabs' edits", async ({
  page,
  request,
}) => {
  const { projectId, id, name, storedRows } = await seedInstance(request);
  const path = `/projects/${projectId}/instances/${id}`;
  await signIn(page, demo.dev.email, demo.dev.password);
  const second = await page.context().newPage();
  await openEditor(page, path, name);
  await openEditor(second, path, name);

  // Checked out in the first tab: the second says so (it is the same user's) and may edit.
  await page.getByRole("button", { name: "Check out" }).click();
  await expect(facts(second)).toContainText(`Checked out by${demo.dev.email} (you)`);
  await expect(facts(page)).toContainText(`Checked out by${demo.dev.email} (you)`);

  // Both tabs change CUSTOMER_ID's description; only the first changes FULL_NAME's.
  await typeInto(cell(page, "CUSTOMER_ID", "DESCRIPTION"), "first tab");
  await typeInto(cell(page, "FULL_NAME", "DESCRIPTION"), "only the first tab");
  await typeInto(cell(second, "CUSTOMER_ID", "DESCRIPTION"), "second tab");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved version" })).toHaveText(
    "Saved version 3",
  );

  await second.getByRole("button", { name: "Save", exact: true }).click();
  const dialog = second.getByRole("dialog", { name: "Merge your changes" });
  await expect(dialog.getByRole("alert")).toHaveText(
    "Version 3 was saved by you (in another tab or session) after version 2 that your changes are based on.",
  );
  const conflicts = dialog.getByRole("table", { name: "Conflicts" });
  const row = conflicts.getByRole("row", { name: /DESCRIPTION in row 1 \(CUSTOMER_ID\)/ });
  await expect(row.getByRole("cell")).toHaveText([
    "base",
    "first tab",
    "second tab",
    /Keep theirs/,
  ]);
  await expect(conflicts.getByRole("row")).toHaveCount(2);
  await second.screenshot({
    path: `${import.meta.dirname}/../screenshots/instance-conflict--dialog.png`,
  });
  const save = dialog.getByRole("button", { name: "Save merged rows" });
  await expect(save).toBeDisabled();
  await dialog
    .getByRole("radiogroup", { name: "DESCRIPTION in row 1 (CUSTOMER_ID)" })
    .getByRole("radio", { name: "Use mine" })
    .check();
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(second.getByRole("status").filter({ hasText: "Saved version" })).toHaveText(
    "Saved version 4",
  );
  const stored = await storedRows();
  expect(stored.map((r) => [r.COLUMN_NAME, r.DESCRIPTION])).toEqual([
    ["CUSTOMER_ID", "second tab"],
    ["FULL_NAME", "only the first tab"],
  ]);
  await second.close();
});

test("another user saved first: the dialog names them, and keeping theirs loses nothing of mine", async ({
  page,
  request,
}) => {
  const { projectId, id, name, storedRows } = await seedInstance(request);
  await signIn(page, demo.dev.email, demo.dev.password);
  await openEditor(page, `/projects/${projectId}/instances/${id}`, name);
  await page.getByRole("button", { name: "Check out" }).click();
  await typeInto(cell(page, "CUSTOMER_ID", "DATA_TYPE"), "NUMERIC");
  await typeInto(cell(page, "FULL_NAME", "DESCRIPTION"), "mine");

  // Meanwhile the admin releases dev's checkout and changes the same cell through the API.
  const admin = await bearer(request, demo.admin);
  const released = await request.post(`/api/console/instances/${id}/checkin`, {
    headers: admin,
    data: {},
  });
  expect(released.status()).toBe(200);
  const theirs = await request.put(`/api/console/instances/${id}/rows`, {
    headers: { ...admin, "If-Match": '"2"' },
    data: {
      rows: [
        { COLUMN_NAME: "CUSTOMER_ID", DATA_TYPE: "REAL", DESCRIPTION: "base", BUSINESS_KEY: "X" },
        { COLUMN_NAME: "FULL_NAME", DATA_TYPE: "TEXT", DESCRIPTION: "base" },
      ],
    },
  });
  expect(theirs.status(), await theirs.text()).toBe(200);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Merge your changes" });
  await expect(dialog.getByRole("alert")).toHaveText(
    `Version 3 was saved by ${demo.admin.email} after version 2 that your changes are based on.`,
  );
  const row = dialog.getByRole("row", { name: /DATA_TYPE in row 1 \(CUSTOMER_ID\)/ });
  await expect(row.getByRole("cell")).toHaveText(["INTEGER", "REAL", "NUMERIC", /Keep theirs/]);
  await dialog.getByRole("radio", { name: "Keep theirs" }).check();
  // The admin released the checkout: the merge is loaded, then checked out and saved.
  await dialog.getByRole("button", { name: "Load merged rows" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "merged" })).toContainText(
    "Version 3 loaded with your changes merged",
  );
  await page.getByRole("button", { name: "Check out" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved version" })).toHaveText(
    "Saved version 4",
  );
  expect((await storedRows()).map((r) => [r.DATA_TYPE, r.DESCRIPTION])).toEqual([
    ["REAL", "base"],
    ["TEXT", "mine"],
  ]);
});
