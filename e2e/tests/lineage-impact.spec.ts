import { demo } from "./support/demo.ts";
import { bearer } from "./support/api.ts";
import { expect, test } from "./support/fixtures.ts";
import { cell, findInstance } from "./support/instance-editor.ts";
import { signIn } from "./support/sign-in.ts";

const shot = (name: string) => `${import.meta.dirname}/../screenshots/lineage-impact--${name}.png`;

// Impact before a change (docs/lineage.md "Impact"): a staging instance's
// variable shows what it changes; nothing is saved (Cancel), so other specs see the demo as it was.
test("change a staging instance's variable and read the impact dialog before saving", async ({
  page,
}) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  const stg = await findInstance(page, "STG", "ERP_ORDER");
  await page.goto(`/projects/${stg.project_id}/instances/${stg.id}?tab=variables`);
  const table = page.getByRole("table", { name: "Variables of this instance" });
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "TARGET_SCHEMA", exact: true }) });
  const where = "/erp/orders/ERP_ORDER";
  await row.getByRole("button", { name: `Set TARGET_SCHEMA at ${where}` }).click();
  await page.getByLabel(`New value of TARGET_SCHEMA at ${where}`).fill("stg_e2e");
  await row.getByRole("button", { name: "Save" }).click();
  const dialog = page.getByRole("dialog", { name: `Impact of changing TARGET_SCHEMA at ${where}` });
  await expect(dialog.getByRole("list", { name: "Instances whose files change" })).toContainText(
    "STG /erp/orders/ERP_ORDER",
  );
  await expect(dialog.getByRole("figure")).toContainText("stg_e2e_erp_order");
  await expect(dialog).toContainText("Deployments affected: STG to-folder, STG to-sqlite");
  await page.screenshot({ path: shot("variable") });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).not.toContainText("stg_e2e");
});

// The instance editor's save: a reader's template lists the source's columns, so
// changing the source's rows changes the reader; the dialog says so before the save.
test("saving an instance shows what it changes downstream first", async ({ page, request }) => {
  const admin = await bearer(request, demo.admin);
  const stamp = Date.now();
  const source = `E2E_SOURCE_${stamp}`;
  const reader = `E2E_READER_${stamp}`;
  const pattern = async (name: string, data: object) => {
    const res = await request.post("/api/console/patterns", {
      headers: admin,
      data: { name, ...data },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await pattern(source, {
    properties: [{ name: "COLUMN_NAME", datatype: "string", required: true }],
    templates: [{ path: "src/{{ instance.name }}.txt", body: "{{ instance.name }}" }],
  });
  await pattern(reader, {
    properties: [
      { name: "COLUMN_NAME", datatype: "string", required: true },
      { name: "SOURCE", datatype: "reference", references: [source] },
    ],
    templates: [
      {
        path: "read/{{ instance.name }}.txt",
        body: "{% for r in rows %}{% for c in r.SOURCE.rows %}{{ c.COLUMN_NAME }};{% endfor %}{% endfor %}",
      },
    ],
  });
  const sql = async (statement: string) => {
    const res = await request.post("/api/v1/metadata", {
      headers: admin,
      data: { project: demo.project, statement },
    });
    expect(((await res.json()) as { status: string }).status).toBe("FINISHED");
  };
  await sql(`INSERT INTO @INSTANCES.${source} (@FOLDER, @INSTANCE, COLUMN_NAME)
    VALUES ('/e2e_impact', 'SRC_${stamp}', 'ID')`);
  await sql(`INSERT INTO @INSTANCES.${reader} (@FOLDER, @INSTANCE, COLUMN_NAME, SOURCE)
    VALUES ('/e2e_impact', 'READ_${stamp}', 'ID', '/e2e_impact/SRC_${stamp}')`);

  await signIn(page, demo.admin.email, demo.admin.password);
  const instance = await findInstance(page, source, `SRC_${stamp}`);
  await page.goto(`/projects/${instance.project_id}/instances/${instance.id}`);
  await page.getByRole("button", { name: "Check out" }).click();
  await expect(page.getByRole("button", { name: "Check in" })).toBeEnabled();
  // Its only row: while the cell is edited, the row's text is in the editor's input.
  await cell(page, "ID", "COLUMN_NAME").dblclick();
  const input = page.getByRole("grid", { name: "Rows" }).getByRole("textbox");
  await input.fill("KEY");
  await input.press("Enter");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Impact of changing SRC_${stamp}` });
  await expect(dialog.getByRole("list", { name: "Instances whose files change" })).toContainText(
    `${reader} /e2e_impact/READ_${stamp}`,
  );
  await page.screenshot({ path: shot("instance-save") });
  await dialog.getByRole("button", { name: "Save anyway" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved version 2" })).toBeVisible();
});

// "With upstream" (docs/lineage.md "Builds"): building the order hub builds the
// staging instance it reads too, and the build's files list the staging files.
test("build an instance with its upstream", async ({ page, request }) => {
  const admin = await bearer(request, demo.admin);
  const projects = await request.get("/api/v1/projects", { headers: admin });
  const project = ((await projects.json()) as { id: number; name: string }[]).find(
    (p) => p.name === demo.project,
  );
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/projects/${project?.id}/builds`);
  await page.getByRole("button", { name: "Start build" }).click();
  const dialog = page.getByRole("dialog", { name: "Start a build" });
  await dialog.getByLabel("Pattern").selectOption("HUB");
  await dialog.getByLabel("Folder").fill("/erp/orders");
  await dialog.getByLabel("With upstream (what they read)").check();
  await dialog.getByLabel("Description").fill("order hub with upstream");
  await dialog.getByRole("button", { name: "Start build" }).click();
  await expect(page.getByRole("progressbar", { name: "Build progress" })).toHaveAttribute(
    "value",
    "100",
  );
  // The hub and the staging instance it reads, one archive each.
  await expect(page.getByRole("region", { name: "Instances of this build" })).toContainText(
    "2 instance(s) built",
  );
  await expect(page.getByRole("list", { name: "Downloads" })).toContainText("STG.zip");
  await page.getByRole("tab", { name: "Files" }).click();
  await page.getByLabel("Find files").fill("erp_order");
  await expect(
    page
      .getByRole("tree", { name: "Files" })
      .getByRole("treeitem", { name: /^STG\/.*erp_order\.sql$/ })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: shot("build-upstream") });
});
