import { inflateRawSync } from "node:zlib";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { bearer } from "./support/api.ts";
import { signIn } from "./support/sign-in.ts";

/** The files of a zip archive as text by path (stored or deflated entries, sizes in the local headers). */
function unzip(data: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  let at = 0;
  while (at + 30 <= data.length && data.readUInt32LE(at) === 0x04034b50) {
    const method = data.readUInt16LE(at + 8);
    const size = data.readUInt32LE(at + 18);
    const nameLength = data.readUInt16LE(at + 26);
    const extra = data.readUInt16LE(at + 28);
    const name = data.subarray(at + 30, at + 30 + nameLength).toString("utf8");
    const start = at + 30 + nameLength + extra;
    const raw = data.subarray(start, start + size);
    files.set(name, (method === 8 ? inflateRawSync(raw) : raw).toString("utf8"));
    at = start + size;
  }
  return files;
}

// Pattern authoring in the browser (docs/patterns-authoring.md).
test("edit a template, watch the preview re-render, save, build, and find the new text in the archive", async ({
  page,
  request,
}) => {
  const admin = await bearer(request, demo.admin);
  const stamp = Date.now();
  const patternName = `E2E_PREVIEW_${stamp}`;
  const instanceName = `PREVIEWED_${stamp}`;

  // Seed through the API: a pattern whose template uses a snippet, and one instance of it.
  const created = await request.post("/api/console/patterns", {
    headers: admin,
    data: {
      name: patternName,
      properties: [{ name: "COLUMN_NAME", datatype: "string", required: true }],
      variables: [{ name: "TARGET_SCHEMA", default: "e2e" }],
      templates: [
        {
          path: "e2e/{{ instance.name | downcase }}.sql",
          body: "-- {% render 'header' %}\nSELECT * FROM {{ vars.TARGET_SCHEMA }}.{{ instance.name }};",
        },
      ],
      snippets: [{ name: "header", body: "generated for {{ instance.name }}" }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const patternId = ((await created.json()) as { pattern: { id: number } }).pattern.id;
  const projects = await request.get("/api/v1/projects", {
    headers: admin,
    params: { name: demo.project },
  });
  const projectId = ((await projects.json()) as { id: number }[])[0]?.id as number;
  const instance = await request.post("/api/console/instances", {
    headers: admin,
    data: { project_id: projectId, pattern_id: patternId, folder: "/e2e", name: instanceName },
  });
  expect(instance.status(), await instance.text()).toBe(201);
  const instanceId = ((await instance.json()) as { instance_id: number }).instance_id;
  const rows = await request.put(`/api/console/instances/${instanceId}/rows`, {
    headers: admin,
    data: { rows: [{ COLUMN_NAME: "ID" }], base_version: 1 },
  });
  expect(rows.status(), await rows.text()).toBe(200);
  await request.post(`/api/console/instances/${instanceId}/checkin`, { headers: admin, data: {} });

  // The editor: the stored template, previewed for the instance.
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/patterns/${patternId}`);
  await page.getByRole("link", { name: "Edit pattern" }).click();
  await expect(page.getByRole("heading", { name: `Edit ${patternName}`, level: 1 })).toBeVisible();
  const file = `e2e/${instanceName.toLowerCase()}.sql`;
  const rendered = page.getByRole("region", { name: `Rendered ${file}` });
  await expect(rendered).toContainText(`-- generated for ${instanceName}`);
  await expect(rendered).toContainText(`SELECT * FROM e2e.${instanceName};`);

  // Type into the template: the preview follows.
  await page.locator(".workbench-frame .monaco-editor").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n-- EDITED_IN_BROWSER");
  await expect(rendered).toContainText("-- EDITED_IN_BROWSER");

  // A broken tag shows its line and column as an error entry.
  await page.keyboard.type(" {{ instance.name | nosuchfilter }}");
  await expect(page.getByRole("list", { name: "Template errors" })).toContainText(
    /line 3, column \d+: .*nosuchfilter/,
  );
  for (let i = 0; i < " {{ instance.name | nosuchfilter }}".length; i++)
    await page.keyboard.press("Backspace");
  await expect(page.getByRole("list", { name: "Template errors" })).toHaveCount(0);

  // Save: its instance renders differently, so the impact comes first (docs/lineage.md "Impact").
  await page.getByRole("button", { name: "Save…" }).click();
  const impact = page.getByRole("dialog", { name: `Impact of changing pattern ${patternName}` });
  await expect(impact.getByRole("list", { name: "Instances whose files change" })).toContainText(
    instanceName,
  );
  await impact.getByRole("button", { name: "Save anyway" }).click();
  await expect(
    page.getByRole("heading", { name: patternName, exact: true, level: 1 }),
  ).toBeVisible();
  await page.getByRole("tab", { name: "Versions" }).click();
  await expect(
    page.getByRole("table", { name: "Pattern versions" }).getByRole("row").nth(1),
  ).toContainText(`2${demo.admin.email}`);

  // Build through the API and find the new text in the archive.
  const build = await request.post("/api/v1/builds", {
    headers: admin,
    data: {
      project: demo.project,
      wait: true,
      instances: [{ pattern: patternName, folder: "/e2e", name: instanceName }],
    },
  });
  expect(build.status(), await build.text()).toBe(201);
  const { downloads } = (
    (await build.json()) as {
      build: { downloads: { id: number; pattern: string }[] };
    }
  ).build;
  const archive = downloads.find((d) => d.pattern === patternName);
  expect(archive).toBeDefined();
  const zip = await request.get(`/api/v1/downloads/${archive?.id}`, { headers: admin });
  expect(zip.status()).toBe(200);
  const text = unzip(Buffer.from(await zip.body())).get(file);
  expect(text).toContain("-- EDITED_IN_BROWSER");
  expect(text).toContain(`-- generated for ${instanceName}`);
  // The screenshot at the end shows the saved pattern's templates.
  await page.goto(`/patterns/${patternId}/edit?tab=templates`);
  await expect(rendered).toContainText("-- EDITED_IN_BROWSER");
});

test("variable references list every use and jump to it; snippets have their own tab", async ({
  page,
  request,
}) => {
  const admin = await bearer(request, demo.admin);
  const patternName = `E2E_REFS_${Date.now()}`;
  const created = await request.post("/api/console/patterns", {
    headers: admin,
    data: {
      name: patternName,
      variables: [{ name: "TARGET_SCHEMA", default: "x" }, { name: "UNUSED" }],
      templates: [
        { path: "a.sql", body: "SELECT 1;\nFROM {{ vars.TARGET_SCHEMA }}.a" },
        { path: "b.sql", body: "-- b\n--\nINTO {{ vars['TARGET_SCHEMA'] }}.b" },
      ],
      snippets: [{ name: "schema", body: "{{ vars.TARGET_SCHEMA }}" }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const patternId = ((await created.json()) as { pattern: { id: number } }).pattern.id;

  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/patterns/${patternId}/edit?tab=templates`);
  await page.getByLabel("Variable references").selectOption("TARGET_SCHEMA");
  const uses = page.getByRole("list", { name: "Uses of TARGET_SCHEMA" });
  await expect(uses.getByRole("button")).toHaveText(["a.sql:2", "b.sql:3", "snippet schema:1"]);
  await uses.getByRole("button", { name: "b.sql:3" }).click();
  await expect(page.getByRole("button", { name: "b.sql", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(page.locator(".workbench-frame .monaco-editor")).toContainText("INTO");
  // A use in a snippet opens the Snippets tab on it.
  await uses.getByRole("button", { name: "snippet schema:1" }).click();
  await expect(page.getByRole("tab", { name: "Snippets" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await page.getByLabel("Variable references").selectOption("UNUSED");
  await expect(page.getByText("Not used in any template or snippet.")).toBeVisible();

  await expect(page.getByRole("list", { name: "Snippets" }).getByRole("button")).toHaveText([
    "snippet schema",
  ]);
  await expect(page.getByLabel("Snippet name")).toHaveValue("schema");
});
