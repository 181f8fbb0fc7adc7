import { schema } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import YAML from "yaml";
import { type Harness, createHarness } from "../../testing/harness.ts";
import { exportBundleText } from "./export.ts";
import { importBundle } from "./import.ts";
import { parseBundle } from "./parse.ts";

const BUNDLE = `
version: 1
customer: Acme
projects:
  - name: DWH
    tables:
      - name: SOURCES
        columns: [{ name: CODE, datatype: string }]
        rows: [{ CODE: CRM }]
    views:
      - name: CRM_ONLY
        definition: SELECT CODE FROM @TABLES.SOURCES WHERE CODE = 'CRM'
`;

let h: Harness;
beforeEach(() => {
  h = createHarness();
});
const load = async (text: string) =>
  await importBundle(
    { db: h.db, clock: h.clock, writer: h.services.instanceWriter },
    parseBundle(text),
  );
const views = async () =>
  await h.db
    .select({ name: schema.customViews.name, definition: schema.customViews.definition })
    .from(schema.customViews);

describe("bundles: views of @TABLES", () => {
  it("imports a project's views as their text and exports them again, round-trip", async () => {
    await load(BUNDLE);
    expect(await views()).toEqual([
      { name: "CRM_ONLY", definition: "SELECT CODE FROM @TABLES.SOURCES WHERE CODE = 'CRM'" },
    ]);
    const first = await exportBundleText(h.db, "Acme");
    expect(YAML.parse(first).projects[0].views).toEqual([
      { name: "CRM_ONLY", definition: "SELECT CODE FROM @TABLES.SOURCES WHERE CODE = 'CRM'" },
    ]);
    h = createHarness();
    await load(first);
    expect(await exportBundleText(h.db, "Acme")).toBe(first);
    // Importing again changes the text of a view in place.
    await load(BUNDLE.replace("WHERE CODE = 'CRM'", "WHERE CODE <> 'X'"));
    expect(await views()).toEqual([
      { name: "CRM_ONLY", definition: "SELECT CODE FROM @TABLES.SOURCES WHERE CODE <> 'X'" },
    ]);
  });

  it("stores a view without columns, so they are worked out again for a changed text", async () => {
    await load(BUNDLE);
    const columns = async () =>
      (await h.db.select({ columns: schema.customViews.columns }).from(schema.customViews))[0]
        ?.columns;
    // Bundles do not translate views: the executor works columns out at the next describe.
    expect(await columns()).toBeNull();
    await h.db.update(schema.customViews).set({ columns: '[{"name":"CODE","type":"string"}]' });
    await load(BUNDLE.replace("SELECT CODE", "SELECT CODE AS C"));
    expect(await columns()).toBeNull();
  });

  it("refuses a view named like a table of the project, and a view given twice", async () => {
    const clash = `${BUNDLE}      - name: sources\n        definition: SELECT 1\n`;
    await expect(async () => await load(clash)).rejects.toThrow(/views\[1\]\.name: .*table/);
    const twice = `${BUNDLE}      - name: CRM_ONLY\n        definition: SELECT 1\n`;
    await expect(async () => await load(twice)).rejects.toThrow(/views\[1\]/);
    expect(await views()).toEqual([]);
  });
});
