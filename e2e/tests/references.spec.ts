import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { bearer } from "./support/api.ts";
import { cell } from "./support/instance-editor.ts";
import { signIn } from "./support/sign-in.ts";

// References (docs/lineage.md): a reference cell of the instance editor
// offers a picker searching the allowed patterns' instances, and a link to
// the instance it names. Works on its own pattern and instance.
test("pick a reference in the editor", async ({ page, request }) => {
  const admin = await bearer(request, demo.admin);
  const stamp = Date.now();
  const patternName = `E2E_REFERRING_${stamp}`;
  const instanceName = `REFERRING_${stamp}`;

  const created = await request.post("/api/console/patterns", {
    headers: admin,
    data: {
      name: patternName,
      properties: [
        { name: "COLUMN_NAME", datatype: "string", required: true },
        { name: "SOURCE", datatype: "reference", references: ["HUB"] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const inserted = await request.post("/api/v1/metadata", {
    headers: admin,
    data: {
      project: demo.project,
      statement: `INSERT INTO @INSTANCES.${patternName} (@FOLDER, @INSTANCE, COLUMN_NAME)
        VALUES ('/e2e', '${instanceName}', 'ID')`,
    },
  });
  expect(((await inserted.json()) as { status: string }).status).toBe("FINISHED");
  const listed = await request.get("/api/v1/instances", {
    headers: admin,
    params: { project: demo.project, pattern: patternName, name: instanceName },
  });
  const [instance] = (await listed.json()) as { id: number; project_id: number }[];

  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/projects/${instance?.project_id}/instances/${instance?.id}`);
  await expect(page.getByRole("heading", { level: 1, name: instanceName })).toBeVisible();
  await page.getByRole("button", { name: "Check out" }).click();

  // The picker: search HUB instances by name, choose one; the cell takes its text.
  await page.getByRole("button", { name: "Pick SOURCE on row 1" }).click();
  const dialog = page.getByRole("dialog", { name: "Pick a reference for SOURCE" });
  await dialog.getByRole("searchbox").fill("custom");
  const choices = dialog.getByRole("list", { name: "Instances to reference" });
  await choices.getByRole("button", { name: "/crm/customers/CUSTOMER", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(cell(page, "ID", "SOURCE")).toContainText("/crm/customers/CUSTOMER");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved version" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Validation errors" })).toHaveCount(0);
  await page.screenshot({
    path: `${import.meta.dirname}/../screenshots/references--picked.png`,
  });

  // The link opens the referenced instance.
  await page.getByRole("button", { name: "Open SOURCE on row 1" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "CUSTOMER" })).toBeVisible();
});
