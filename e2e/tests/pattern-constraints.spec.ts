import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { bearer } from "./support/api.ts";
import { cell, typeInto } from "./support/instance-editor.ts";
import { signIn } from "./support/sign-in.ts";

// Pattern constraints (docs/pattern-constraints.md): added in the pattern
// editor, shown at their cell in the instance editor. Works on its own
// pattern and instance, so no other spec's counts change.
test("a constraint marking a cell", async ({ page, request }) => {
  const admin = await bearer(request, demo.admin);
  const stamp = Date.now();
  const patternName = `E2E_CONSTRAINED_${stamp}`;
  const instanceName = `CONSTRAINED_${stamp}`;

  // Seed through the API: a pattern and one instance of it with two rows.
  const created = await request.post("/api/console/patterns", {
    headers: admin,
    data: {
      name: patternName,
      properties: [
        { name: "COLUMN_NAME", datatype: "string", required: true },
        { name: "DATA_TYPE", datatype: "string" },
      ],
      functional_roles: [{ name: "BUSINESS_KEY", cardinality_min: "0", cardinality_max: "N" }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const patternId = ((await created.json()) as { pattern: { id: number } }).pattern.id;
  const inserted = await request.post("/api/v1/metadata", {
    headers: admin,
    data: {
      project: demo.project,
      statement: `INSERT INTO @INSTANCES.${patternName} (@FOLDER, @INSTANCE, COLUMN_NAME, DATA_TYPE, BUSINESS_KEY)
        VALUES ('/e2e', '${instanceName}', 'ID', 'INTEGER', 'X'), ('/e2e', '${instanceName}', 'NAME', 'TEXT', NULL)`,
    },
  });
  expect(((await inserted.json()) as { status: string }).status).toBe("FINISHED");

  // The pattern editor: add a regular-expression constraint with its own message, save.
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/patterns/${patternId}/edit?tab=constraints`);
  await expect(page.getByRole("heading", { name: `Edit ${patternName}`, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByLabel("Kind of constraint 1").selectOption({ label: "Matches an expression" });
  await page.getByLabel("Column of constraint 1").selectOption("COLUMN_NAME");
  await page.getByLabel("Expression of constraint 1").fill("[A-Z][A-Z0-9_]*");
  await page.getByLabel("Message of constraint 1").fill("Column names are upper case");
  await page.getByRole("button", { name: "Save…" }).click();
  await expect(page.getByRole("region", { name: "Before saving" })).toContainText(
    "No instance becomes invalid with this change",
  );
  await page.getByRole("button", { name: "Save version 2" }).click();
  await expect(
    page.getByRole("heading", { name: patternName, exact: true, level: 1 }),
  ).toBeVisible();

  // The instance editor: a value breaking the rule is marked at its cell, the message on hover.
  const listed = await request.get("/api/v1/instances", {
    headers: admin,
    params: { project: demo.project, pattern: patternName, name: instanceName },
  });
  const [instance] = (await listed.json()) as { id: number; project_id: number }[];
  await page.goto(`/projects/${instance?.project_id}/instances/${instance?.id}`);
  await expect(page.getByRole("heading", { level: 1, name: instanceName })).toBeVisible();
  await page.getByRole("button", { name: "Check out" }).click();
  const name = cell(page, "TEXT", "COLUMN_NAME");
  await typeInto(name, "customer name");
  const message = "Row 2: Column names are upper case";
  await expect(name).toHaveClass(/cell-invalid/);
  await expect(name).toHaveAttribute("title", message);
  await expect(page.getByRole("list", { name: "Validation errors" })).toContainText(message);
  await name.hover();
});
