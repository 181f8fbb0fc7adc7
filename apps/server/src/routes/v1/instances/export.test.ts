import { XLSX_MEDIA_TYPE } from "@metabuild/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";
import { readWorkbook, uploadForm } from "../../../testing/workbooks.ts";

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let cat: Awaited<ReturnType<typeof seedInstanceCatalog>>;
let ann: string;
let admin: string;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  cat = await seedInstanceCatalog(h.db, seed, h.clock.now());
  [ann, admin] = await Promise.all([h.token("ann@acme.test"), h.token("admin@acme.test")]);
});

const asWorkbook = { headers: { Accept: XLSX_MEDIA_TYPE } };
// Lines as exceljs reads them back: trailing empty cells are not there.
const HUB_COLUMNS = [
  "INSTANCE",
  "PATTERN",
  "PROJECT",
  "FOLDER",
  "POS_NO",
  "COLUMN",
  "TYPE",
  "BK",
  "PK",
];

async function sheetsOf(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe(XLSX_MEDIA_TYPE);
  return readWorkbook(await res.arrayBuffer());
}

async function message(res: Response) {
  return ((await res.json()) as { message: string }).message;
}

/** Every instance of a project as name → { folder, rows } (detail form), for comparisons. */
async function snapshot(project: string) {
  const list = await h.call(`/api/v1/instances?project=${project}`, admin);
  const out: Record<string, unknown> = {};
  for (const item of (await list.json()) as { id: number; name: string; version: number }[]) {
    const d = (await (await h.call(`/api/v1/instances/${item.id}`, admin)).json()) as {
      pattern_name: string;
      folder: string;
      field_details: unknown[];
    };
    out[`${d.pattern_name}:${d.folder}/${item.name}`] = { rows: d.field_details };
  }
  return out;
}

describe("export: happy path", () => {
  it("answers one instance as a workbook when Accept asks for the spreadsheet type", async () => {
    const res = await h.call(`/api/v1/instances/${cat.hubCustomer.id}`, ann, asWorkbook);
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="HUB_CUSTOMER.xlsx"; filename*=UTF-8''HUB_CUSTOMER.xlsx`,
    );
    expect(await sheetsOf(res)).toEqual({
      HUB: [
        HUB_COLUMNS,
        ["HUB_CUSTOMER", "HUB", "DWH", "/raw/crm", 1, "CUSTOMER_ID", "INTEGER", "X", "X"],
        ["HUB_CUSTOMER", "HUB", "DWH", "/raw/crm", 2, "NAME", "TEXT"],
      ],
    });
    const json = await h.call(`/api/v1/instances/${cat.hubCustomer.id}`, ann);
    expect(json.headers.get("Content-Type")).toContain("application/json");
  });

  it("weighs Accept's q-values: JSON when the client prefers it, the workbook otherwise", async () => {
    const typeFor = async (accept: string) =>
      (
        await h.call(`/api/v1/instances/${cat.hubCustomer.id}`, ann, {
          headers: { Accept: accept },
        })
      ).headers.get("Content-Type");
    expect(await typeFor(`application/json, ${XLSX_MEDIA_TYPE};q=0.5`)).toContain(
      "application/json",
    );
    expect(await typeFor(`${XLSX_MEDIA_TYPE};q=0.5, */*;q=0.9`)).toContain("application/json");
    expect(await typeFor(`${XLSX_MEDIA_TYPE};q=0`)).toContain("application/json");
    expect(await typeFor("*/*")).toContain("application/json");
    expect(await typeFor(`${XLSX_MEDIA_TYPE}, application/json;q=0.9`)).toBe(XLSX_MEDIA_TYPE);
    expect(await typeFor(`application/json;q=0.5, ${XLSX_MEDIA_TYPE}`)).toBe(XLSX_MEDIA_TYPE);
    expect(await typeFor(`${XLSX_MEDIA_TYPE}, */*`)).toBe(XLSX_MEDIA_TYPE);
  });

  it("exports the filtered list with one sheet per pattern", async () => {
    const res = await h.call("/api/console/instances/export?project=DWH", ann);
    expect(res.headers.get("Content-Disposition")).toContain('filename="DWH-instances.xlsx"');
    const sheets = await sheetsOf(res);
    expect(Object.keys(sheets)).toEqual(["HUB", "SAT", "STG"]);
    expect(sheets.HUB).toEqual([
      HUB_COLUMNS,
      ["HUB_CUSTOMER", "HUB", "DWH", "/raw/crm", 1, "CUSTOMER_ID", "INTEGER", "X", "X"],
      ["HUB_CUSTOMER", "HUB", "DWH", "/raw/crm", 2, "NAME", "TEXT"],
      // An instance without rows still has its line, with POS_NO left empty.
      ["HUB_ORDER", "HUB", "DWH", "/raw/crm"],
    ]);
    expect(sheets.STG?.[0]).toEqual([
      "INSTANCE",
      "PATTERN",
      "PROJECT",
      "FOLDER",
      "POS_NO",
      "COLUMN",
    ]);
  });

  it("takes the filters of the instance list", async () => {
    const res = await h.call(
      "/api/console/instances/export?project=DWH&labels[]=crm&deleted=false",
      ann,
    );
    const sheets = await sheetsOf(res);
    expect(Object.keys(sheets)).toEqual(["HUB"]);
    expect(sheets.HUB?.slice(1).map((l) => l[0])).toEqual(["HUB_CUSTOMER", "HUB_CUSTOMER"]);
    const none = await sheetsOf(
      await h.call("/api/console/instances/export?project=DWH&name=NONE", ann),
    );
    expect(none).toEqual({ Instances: [["INSTANCE", "PATTERN", "PROJECT", "FOLDER", "POS_NO"]] });
  });
});

describe("export: round trip", () => {
  it("gives back the same instances when the export is uploaded with overwrite", async () => {
    const before = await snapshot("DWH");
    const file = Buffer.from(
      await (await h.call("/api/console/instances/export?project=DWH", ann)).arrayBuffer(),
    );
    const res = await h.call("/api/v1/instances", ann, {
      method: "POST",
      body: uploadForm(file, { project: "DWH", overwrite: "true" }),
    });
    expect(res.status).toBe(201);
    const { instances } = (await res.json()) as {
      instances: { name: string; status: string; reason?: string }[];
    };
    expect(instances.map((i) => [i.name, i.status, i.reason])).toEqual([
      ["HUB_CUSTOMER", "UPDATED", "unchanged"],
      ["HUB_ORDER", "UPDATED", "unchanged"],
      ["SAT_CUSTOMER", "UPDATED", "unchanged"],
      ["STG_CUSTOMER", "SKIPPED", "upload disabled"],
    ]);
    expect(await snapshot("DWH")).toEqual(before);
    const versions = await h.call("/api/v1/instances?project=DWH", admin);
    expect(((await versions.json()) as { version: number }[]).map((i) => i.version)).toEqual([
      1, 1, 1, 1,
    ]);
  });

  it("recreates the same instances in another project", async () => {
    const file = Buffer.from(
      await (await h.call("/api/console/instances/export?project=DWH", admin)).arrayBuffer(),
    );
    const res = await h.call("/api/v1/instances", admin, {
      method: "POST",
      body: uploadForm(file, { project: "LAKE", overwrite: "true" }),
    });
    const { instances } = (await res.json()) as { instances: { status: string }[] };
    expect(instances.map((i) => i.status)).toEqual([
      "INSERTED",
      "INSERTED",
      "INSERTED",
      "INSERTED",
    ]);
    const copied = await snapshot("LAKE");
    const original = await snapshot("DWH");
    for (const [key, value] of Object.entries(original)) expect(copied[key]).toEqual(value);
  });
});

describe("export: errors and security", () => {
  it("answers JSON errors: 404 unknown instance, 400 without a project", async () => {
    const missing = await h.call("/api/v1/instances/99999", ann, asWorkbook);
    expect(missing.status).toBe(404);
    expect(await message(missing)).toBe("No record found for id '99999'");
    const noProject = await h.call("/api/console/instances/export", ann);
    expect(noProject.status).toBe(400);
    expect(await message(noProject)).toBe("A project id or name is required!");
    const badFlag = await h.call("/api/console/instances/export?project=DWH&deleted=yes", ann);
    expect(badFlag.status).toBe(400);
    expect(await message(badFlag)).toContain("'deleted'");
  });

  it("needs a token and access to the project; another customer's instance is 404", async () => {
    expect((await h.call("/api/console/instances/export?project=DWH")).status).toBe(401);
    const lake = await h.call("/api/console/instances/export?project=LAKE", ann);
    expect(lake.status).toBe(403);
    expect(await message(lake)).toBe("You don't have permissions to access this project!");
    const lakeOne = await h.call(`/api/v1/instances/${cat.lakeOnly.id}`, ann, asWorkbook);
    expect(lakeOne.status).toBe(403);
    const foreign = await h.call(`/api/v1/instances/${cat.foreign.id}`, admin, asWorkbook);
    expect(foreign.status).toBe(404);
    const post = await h.call("/api/console/instances/export?project=DWH", ann, { method: "POST" });
    expect(post.status).toBe(405);
  });
});
