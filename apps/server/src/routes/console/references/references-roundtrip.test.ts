import { XLSX_MEDIA_TYPE } from "@metabuild/contract";
import { schema } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { exportBundleText } from "../../../services/bundle/export.ts";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { messageOf } from "../../../testing/route-checks.ts";
import { referenceHelpers } from "../../../testing/references-fixture.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";
import { readWorkbook, uploadForm, workbook } from "../../../testing/workbooks.ts";

let h: Harness;
let seed: Seed;
let cat: BuildCatalog;
let ann: string;
let admin: string;
routeSuite(
  {
    users: ["ann", "admin"],
    fixture: async (h, seed) => await seedBuildCatalog(h.db, seed),
  },
  (app) => {
    ({
      h,
      seed,
      fixture: cat,
      tokens: { ann, admin },
    } = app);
  },
);

const { lnkPattern, editing, lnkWith } = referenceHelpers(
  () => h,
  () => ({ admin, ann }),
  () => seed.dwh.id,
);

const targetsOf = async (sourceId: number) =>
  (await h.db.select().from(schema.instanceReferences))
    .filter((e) => e.sourceInstanceId === sourceId)
    .map((e) => e.targetInstanceId)
    .sort();

async function metadata(statement: string) {
  const res = await h.call("/api/v1/metadata", ann, {
    method: "POST",
    body: JSON.stringify({ project_id: seed.dwh.id, statement }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { data?: Record<string, unknown>[] } & Record<string, unknown>;
}

describe("references: the same text on every way in and out", () => {
  it("metadata SQL: INSERT takes the text, SELECT shows it, a new INSERT changes the target", async () => {
    await lnkPattern();
    await metadata(
      `INSERT INTO @INSTANCES.LNK ("@FOLDER", "@INSTANCE", COLUMN_NAME, HUB_REF) VALUES ('/links', 'L2', 'A', 'HUB:/sales/CUSTOMER')`,
    );
    const [row] = (await h.db.select().from(schema.instances)).filter((i) => i.name === "L2");
    expect(row?.errors).toBe(0);
    expect(await targetsOf(row?.id as number)).toEqual([cat.customer.id]);
    const selected = JSON.stringify(
      await metadata(`SELECT HUB_REF FROM @INSTANCES.LNK WHERE "@INSTANCE" = 'L2'`),
    );
    expect(selected).toContain("HUB:/sales/CUSTOMER");
    // UPDATE on @INSTANCES is refused (docs/metadata-sql.md): rows are inserted again.
    const insert = (ref: string) =>
      metadata(
        `INSERT INTO @INSTANCES.LNK ("@FOLDER", "@INSTANCE", COLUMN_NAME, HUB_REF) VALUES ('/links', 'L2', 'A', '${ref}')`,
      );
    await insert("/sales/ORDER");
    expect(await targetsOf(row?.id as number)).toEqual([cat.order.id]);
    await insert("/sales/NOPE");
    expect((await editing(row?.id as number)).issues.map((i) => i.column)).toEqual(["HUB_REF"]);
  });

  it("spreadsheet: the download shows the text, an upload of it resolves again", async () => {
    const id = await lnkWith([{ COLUMN_NAME: "A", HUB_REF: "/sales/CUSTOMER#CUSTOMER_ID" }]);
    const res = await h.call(`/api/v1/instances/${id}`, ann, {
      headers: { Accept: XLSX_MEDIA_TYPE },
    });
    expect(res.status).toBe(200);
    const sheets = await readWorkbook(await res.arrayBuffer());
    const lines = Object.values(sheets)[0] as unknown[][];
    const header = lines[0] as string[];
    const column = header.indexOf("HUB_REF");
    expect(lines[1]?.[column]).toBe("/sales/CUSTOMER#CUSTOMER_ID");
    (lines[1] as unknown[])[column] = "HUB:/sales/ORDER";
    const upload = await h.call("/api/v1/instances", ann, {
      method: "POST",
      body: uploadForm(await workbook({ LNK: lines as string[][] }), {
        project: "DWH",
        overwrite: "true",
      }),
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    expect(await targetsOf(id)).toEqual([cat.order.id]);
    expect((await editing(id)).rows[0]?.HUB_REF).toBe("HUB:/sales/ORDER");
  });

  it("bundles: export writes references and texts; importing them back keeps the edges", async () => {
    const id = await lnkWith([{ COLUMN_NAME: "A", HUB_REF: "/sales/CUSTOMER" }]);
    const text = await exportBundleText(h.db, "Acme");
    const bundle = YAML.parse(text) as {
      patterns: { name: string; properties: Record<string, unknown>[] }[];
      projects: { name: string; instances: { name: string; rows: Record<string, unknown>[] }[] }[];
    };
    const lnk = bundle.patterns.find((p) => p.name === "LNK");
    expect(lnk?.properties[1]).toMatchObject({
      name: "HUB_REF",
      datatype: "reference",
      references: ["HUB"],
    });
    const l1 = bundle.projects
      .find((p) => p.name === "DWH")
      ?.instances.find((i) => i.name === "L1");
    expect(l1?.rows[0]).toMatchObject({ HUB_REF: "/sales/CUSTOMER" });

    await h.db.delete(schema.instanceReferences);
    const applied = await h.call("/api/console/bundles", admin, {
      method: "POST",
      body: text,
      headers: { "Content-Type": "application/yaml" },
    });
    expect(applied.status, await applied.clone().text()).toBe(200);
    expect(await targetsOf(id)).toEqual([cat.customer.id]);
  });

  it("bundles: a reference property naming an unknown pattern is refused with its path", async () => {
    const res = await h.call("/api/console/bundles", admin, {
      method: "POST",
      body: YAML.stringify({
        version: 1,
        customer: "Acme",
        patterns: [
          { name: "X", properties: [{ name: "R", datatype: "reference", references: ["NOPE"] }] },
        ],
      }),
      headers: { "Content-Type": "application/yaml" },
    });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(
      /patterns.*0.*properties.*0.*references.*0.*unknown pattern 'NOPE'/,
    );
  });
});
