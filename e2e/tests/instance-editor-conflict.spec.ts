import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";
import { cell } from "./support/instance-editor.ts";

// A lost update caught in the editor (docs/console-instance-writes.md).
test("someone else saved first: the editor names them, merges my rows with theirs and saves both", async ({
  page,
  request,
}) => {
  const token = async (user: { email: string; password: string }) => {
    const res = await request.post("/authentication", {
      data: { strategy: "local", email: user.email, password: user.password },
    });
    expect(res.status()).toBe(201);
    return {
      Authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}`,
    };
  };
  const [dev, admin] = [await token(demo.dev), await token(demo.admin)];
  const one = async (path: string, name: string) => {
    const res = await request.get(path, { headers: dev, params: { name } });
    return ((await res.json()) as { id: number }[])[0] as { id: number };
  };
  const project = await one("/api/v1/projects", demo.project);
  const pattern = await one("/api/v1/patterns", "STG");
  const name = `CONFLICT_${Date.now()}`;
  // A fresh instance (created checked out to dev) with one row: version 2.
  const created = await request.post("/api/console/instances", {
    headers: dev,
    data: { project_id: project.id, pattern_id: pattern.id, folder: "/e2e", name },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { instance_id: number }).instance_id;
  const idRow = { COLUMN_NAME: "ID", DATA_TYPE: "INTEGER", BUSINESS_KEY: "X" };
  const first = await request.put(`/api/console/instances/${id}/rows`, {
    headers: dev,
    data: { rows: [idRow], base_version: 1 },
  });
  expect(first.status()).toBe(200);

  await signIn(page, demo.dev.email, demo.dev.password);
  await page.goto(`/projects/${project.id}/instances/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("button", { name: "Paste rows…" }).click();
  const paste = page.getByRole("dialog", { name: "Paste rows" });
  await paste
    .getByLabel("Rows from a spreadsheet")
    .fill("COLUMN_NAME\tDATA_TYPE\r\nMINE\tTEXT\r\n");
  await paste.getByRole("button", { name: "Add rows" }).click();
  await expect(cell(page, "MINE", "DATA_TYPE")).toHaveText("TEXT");

  // Meanwhile the admin releases dev's checkout and saves version 3 through the API.
  expect(
    (
      await request.post(`/api/console/instances/${id}/checkin`, { headers: admin, data: {} })
    ).status(),
  ).toBe(200);
  const theirs = await request.put(`/api/console/instances/${id}/rows`, {
    headers: { ...admin, "If-Match": '"2"' },
    data: { rows: [idRow, { COLUMN_NAME: "THEIRS", DATA_TYPE: "TEXT" }] },
  });
  expect(theirs.status()).toBe(200);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  const conflict = page.getByRole("dialog", { name: "Merge your changes" });
  await expect(conflict.getByRole("alert")).toHaveText(
    `Version 3 was saved by ${demo.admin.email} after version 2 that your changes are based on.`,
  );
  // Added rows on both sides: nothing to choose.
  await expect(conflict).toContainText("Nothing was changed on both sides.");
  await conflict.getByRole("button", { name: "Load merged rows" }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "loaded" })).toContainText(
    "Version 3 loaded with your changes merged",
  );
  await expect(cell(page, "THEIRS", "DATA_TYPE")).toHaveText("TEXT");
  await expect(cell(page, "MINE", "DATA_TYPE")).toHaveText("TEXT");

  // The admin released the checkout: take it again, review, save.
  await page.getByRole("button", { name: "Check out" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved version" })).toHaveText(
    "Saved version 4",
  );
  const stored = await request.get(`/api/console/instances/${id}/editing`, { headers: dev });
  const rows = ((await stored.json()) as { rows: { COLUMN_NAME: string }[] }).rows;
  // Both changes stored; the pasted row stays after the row it followed (ID).
  expect(rows.map((r) => r.COLUMN_NAME)).toEqual(["ID", "MINE", "THEIRS"]);
  await page.getByRole("button", { name: "Check in" }).click();
});
