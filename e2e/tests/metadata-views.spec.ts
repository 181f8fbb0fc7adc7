import type { APIRequestContext, Page } from "@playwright/test";
import { apiSession } from "./support/api.ts";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

// Every name carries a stamp and instances go to their own folder: other specs' counts stay.

/** A source catalog in @TABLES (as a harvest or CSV load would leave it), seeded through the API. */
async function seedSource(request: APIRequestContext, stamp: number) {
  const { headers, byName } = await apiSession(request, demo.dev);
  const project = await byName("/api/v1/projects", demo.project);
  const sql = async (statement: string) => {
    const res = await request.post("/api/v1/metadata", {
      headers,
      data: { project_id: project.id, statement },
    });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { status: string; error?: string; rows: unknown[] };
    expect(body.error ?? body.status).toBe("FINISHED");
    return body.rows;
  };
  const table = `SRC_COLUMNS_${stamp}`;
  await sql(`CREATE TABLE @TABLES.${table} (TABLE_NAME TEXT, COLUMN_NAME TEXT, DATA_TYPE TEXT, POS INTEGER, IS_KEY INTEGER);
    INSERT INTO @TABLES.${table} VALUES
      ('ERP_ITEM', 'ITEM_NO', 'TEXT', 1, 1), ('ERP_ITEM', 'ITEM_NAME', 'TEXT', 2, 0),
      ('ERP_ITEM', 'PRICE', 'REAL', 3, 0), ('ERP_STOCK', 'ITEM_NO', 'TEXT', 1, 1),
      ('ERP_STOCK', 'QUANTITY', 'INTEGER', 2, 0)`);
  return { project, table, sql };
}

function editorInput(page: Page) {
  return page.getByRole("textbox", { name: "SQL statements" });
}

async function runInEditor(page: Page, text: string) {
  await editorInput(page).focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.insertText(text);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Run", exact: true }).click();
}

test("creates a view in the SQL editor and queries it like a table", async ({ page, request }) => {
  const stamp = Date.now();
  const { project, table } = await seedSource(request, stamp);
  const view = `KEY_COLUMNS_${stamp}`;
  await signIn(page, demo.dev.email, demo.dev.password);
  await page.goto(`/projects/${project.id}/sql`);
  await expect(page.getByRole("heading", { level: 1, name: "SQL" })).toBeVisible();

  await runInEditor(
    page,
    `CREATE VIEW @TABLES.${view} AS\n  SELECT TABLE_NAME, COLUMN_NAME FROM @TABLES.${table} WHERE IS_KEY = 1`,
  );
  const result = page.getByRole("region", { name: "Result" });
  await expect(result).toContainText("CREATE VIEW finished");

  // The new view is offered after @TABLES. (the schema is fetched again after a write).
  await editorInput(page).focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("SELECT * FROM @TABLES.KEY_COL");
  await expect(page.getByRole("option", { name: new RegExp(`^${view}`) })).toBeVisible();
  await page.keyboard.press("Escape");

  await runInEditor(page, `SELECT * FROM @TABLES.${view} ORDER BY TABLE_NAME`);
  await expect(result.getByRole("status")).toContainText("2 rows");
  const grid = page.getByRole("grid", { name: "Results" });
  await expect(grid.getByRole("columnheader", { name: "TABLE_NAME string" })).toBeVisible();
  await expect(grid.getByRole("gridcell", { name: "ERP_STOCK" })).toBeVisible();

  // The information schema lists it as a view.
  await runInEditor(
    page,
    `SELECT TABLE_TYPE FROM @INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = '${view}'`,
  );
  await expect(grid.getByRole("gridcell", { name: "VIEW" })).toBeVisible();
});

test("generates instances from a view, with the plan shown before applying", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const { project, table, sql } = await seedSource(request, stamp);
  const folder = `/e2e_generate_${stamp}`;
  const view = `STG_FROM_SOURCE_${stamp}`;
  await sql(`CREATE VIEW @TABLES.${view} AS
    SELECT '${folder}' AS "@FOLDER", TABLE_NAME AS "@INSTANCE", POS AS "@POS_NO",
           COLUMN_NAME, DATA_TYPE, CASE WHEN IS_KEY = 1 THEN 'X' END AS BUSINESS_KEY, 'ignored' AS NOTE
    FROM @TABLES.${table}`);

  await signIn(page, demo.dev.email, demo.dev.password);
  await page.goto(`/projects/${project.id}/sql`);
  await page.getByRole("link", { name: "Generate instances" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Generate instances" })).toBeVisible();

  await page.getByLabel("Pattern").selectOption("STG");
  await page.getByRole("combobox", { name: /^View/ }).selectOption(view);
  await page.getByRole("button", { name: "Show plan" }).click();

  // The plan: two instances to create, five rows; nothing written yet.
  const plan = page.getByRole("region", { name: "Plan" });
  await expect(plan.getByRole("status")).toHaveText(
    "2 to create · 0 to change · 0 to leave · 5 rows",
  );
  await expect(plan.getByRole("row", { name: `${folder}/ERP_ITEM create 3` })).toBeVisible();
  await expect(plan.getByRole("row", { name: `${folder}/ERP_STOCK create 2` })).toBeVisible();
  await expect(plan).toContainText("Not in the pattern: NOTE");
  const count = `SELECT count(*) AS n FROM @INFORMATION_SCHEMA.INSTANCES WHERE FOLDER = '${folder}'`;
  expect(await sql(count)).toEqual([{ n: 0 }]);
  // The plan as the user sees it before applying (the fixture's own screenshot shows the end).
  await page.screenshot({
    path: `${import.meta.dirname}/../screenshots/metadata-views--plan-before-applying.png`,
  });

  await plan.getByRole("button", { name: "Apply" }).click();
  const applied = page.getByRole("region", { name: "Applied" });
  await expect(applied.getByRole("status")).toHaveText(
    "2 created · 0 changed · 0 left as they were",
  );
  expect(await sql(count)).toEqual([{ n: 2 }]);
  await applied.getByRole("link", { name: `${folder}/ERP_ITEM` }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/instances/\\d+$`));
  await expect(page.getByText("ITEM_NAME").first()).toBeVisible();
});
