import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";
import { type SheetCell, uploadForm, workbook } from "../../../testing/workbooks.ts";

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

interface Uploaded {
  id: number;
  name: string;
  folder: string;
  pattern: string;
  release: string | null;
  status: string;
  reason?: string;
}
interface Result {
  instances: Uploaded[];
  errors?: string[];
}

async function upload(
  sheets: Record<string, SheetCell[][]>,
  fields: Record<string, string | string[]> = {},
  token = ann,
) {
  const body = uploadForm(await workbook(sheets), { project: "DWH", ...fields });
  const res = await h.call("/api/v1/instances", token, { method: "POST", body });
  return { res, body: (await res.json()) as Result & { message?: string } };
}

/** The detail form of an instance found by name (and pattern) in DWH. */
async function detail(name: string, pattern = "HUB") {
  const list = await h.call(`/api/v1/instances?project=DWH&pattern=${pattern}&name=${name}`, admin);
  const [item] = (await list.json()) as { id: number; version: number; errors: number }[];
  if (!item) return undefined;
  const res = await h.call(`/api/v1/instances/${item.id}`, admin);
  const d = (await res.json()) as { folder: string; field_details: Record<string, unknown>[] };
  return { ...item, folder: d.folder, rows: d.field_details };
}

const HEAD = ["INSTANCE", "PATTERN", "PROJECT", "FOLDER", "POS_NO", "COLUMN", "TYPE", "BK", "PK"];

describe("upload: happy path", () => {
  it("inserts instances grouped by pattern, rows in POS_NO order, with a first version", async () => {
    const { res, body } = await upload({
      Hubs: [
        HEAD,
        ["HUB_NEW", "HUB", "DWH", "/new", 2, "NAME", "TEXT", null, null],
        ["HUB_NEW", "HUB", "DWH", "/new", 1, "ID", "INTEGER", "X", "X"],
      ],
      Stage: [
        ["INSTANCE", "PATTERN", "FOLDER", "COLUMN"],
        ["STG_NEW", "STG", "/", "A"],
      ],
    });
    expect(res.status).toBe(201);
    expect(body.errors).toBeUndefined();
    expect(body.instances.map(({ id: _, ...rest }) => rest)).toEqual([
      { name: "HUB_NEW", folder: "/new", pattern: "HUB", release: null, status: "INSERTED" },
      { name: "STG_NEW", folder: "/", pattern: "STG", release: null, status: "INSERTED" },
    ]);
    const hub = await detail("HUB_NEW");
    expect(hub).toMatchObject({ version: 1, folder: "/new", errors: 0 });
    expect(hub?.rows).toEqual([
      { "@POS_NO": 1, COLUMN: "ID", TYPE: "INTEGER", BK: "X", PK: "X" },
      { "@POS_NO": 2, COLUMN: "NAME", TYPE: "TEXT", BK: null, PK: null },
    ]);
  });

  it("skips existing instances without overwrite and updates them with it", async () => {
    const line = ["HUB_CUSTOMER", "HUB", "DWH", "/raw/crm", 1, "KEY", "TEXT", "X", null];
    const first = await upload({ S: [HEAD, line] });
    expect(first.body.instances).toEqual([
      {
        id: cat.hubCustomer.id,
        name: "HUB_CUSTOMER",
        folder: "/raw/crm",
        pattern: "HUB",
        release: "R1",
        status: "SKIPPED",
        reason: "already exists",
      },
    ]);
    expect((await detail("HUB_CUSTOMER"))?.rows).toHaveLength(2);

    const second = await upload({ S: [HEAD, line] }, { overwrite: "true" });
    expect(second.body.instances[0]).toMatchObject({ status: "UPDATED", release: "R1" });
    const after = await detail("HUB_CUSTOMER");
    expect(after?.version).toBe(2);
    expect(after?.rows).toEqual([{ "@POS_NO": 1, COLUMN: "KEY", TYPE: "TEXT", BK: "X", PK: null }]);

    // The same content again: reported UPDATED, but no new version is made.
    const third = await upload({ S: [HEAD, line] }, { overwrite: "true" });
    expect(third.body.instances[0]).toMatchObject({ status: "UPDATED", reason: "unchanged" });
    expect((await detail("HUB_CUSTOMER"))?.version).toBe(2);
  });

  it("overwriting a soft-deleted instance restores it; without overwrite it stays deleted", async () => {
    const line = ["HUB_PRODUCT", "HUB", "DWH", "/raw", 1, "SKU", "TEXT", "X", null];
    const skipped = await upload({ S: [HEAD, line] });
    expect(skipped.body.instances[0]).toMatchObject({ status: "SKIPPED" });
    expect(await detail("HUB_PRODUCT")).toBeUndefined();

    const restored = await upload({ S: [HEAD, line] }, { overwrite: "true" });
    expect(restored.body.instances[0]).toMatchObject({
      id: cat.hubProduct.id,
      status: "UPDATED",
    });
    const listed = await detail("HUB_PRODUCT");
    expect(listed?.rows).toEqual([
      { "@POS_NO": 1, COLUMN: "SKU", TYPE: "TEXT", BK: "X", PK: null },
    ]);
  });

  it("lets the pattern, folder and release fields apply to every row", async () => {
    const { res, body } = await upload(
      {
        S: [
          ["INSTANCE", "PATTERN", "FOLDER", "COLUMN"],
          ["H1", "SAT", "/ignored", "C"],
        ],
      },
      { pattern: "HUB", folder: "/by/field", release: "R2" },
    );
    expect(res.status).toBe(201);
    expect(body.instances).toEqual([
      expect.objectContaining({ name: "H1", pattern: "HUB", folder: "/by/field", release: "R2" }),
    ]);
  });

  it("imports only the sheets named in sheets[]", async () => {
    const sheets = {
      One: [HEAD, ["H_ONE", "HUB", "DWH", "/", 0, "A", null, null, null]],
      Two: [HEAD, ["H_TWO", "HUB", "DWH", "/", 0, "B", null, null, null]],
      Three: [HEAD, ["H_THREE", "HUB", "DWH", "/", 0, "C", null, null, null]],
    };
    const { body } = await upload(sheets, { "sheets[]": ["Three", "one"] });
    expect(body.instances.map((i) => i.name)).toEqual(["H_THREE", "H_ONE"]);
    // The other spellings clients use for a list field.
    const plain = await upload(sheets, { sheets: "Two", "sheets[0]": "One" }, admin);
    expect(plain.body.instances.map((i) => [i.name, i.status])).toEqual([
      ["H_TWO", "INSERTED"],
      ["H_ONE", "SKIPPED"],
    ]);
    const missing = await upload(sheets, { "sheets[]": "Four" });
    expect(missing.res.status).toBe(400);
    expect(missing.body.message).toBe(
      "Sheet 'Four' does not exist in the workbook; its sheets are: 'One', 'Two', 'Three'",
    );
  });

  it("recomputes validation: a required property left empty makes the instance invalid", async () => {
    await upload({ S: [HEAD, ["HUB_BAD", "HUB", "DWH", "/", 0, null, "TEXT", null, null]] });
    expect((await detail("HUB_BAD"))?.errors).toBe(1);
    await upload(
      { S: [HEAD, ["HUB_BAD", "HUB", "DWH", "/", 0, "ID", "TEXT", null, null]] },
      {
        overwrite: "true",
      },
    );
    expect((await detail("HUB_BAD"))?.errors).toBe(0);
  });
});

describe("upload: column rules", () => {
  it("skips rows without INSTANCE, reads POS_NO as 0 when not a number, ignores other columns", async () => {
    const { body } = await upload({
      S: [
        ["instance", "@Pattern", "pos_no", "column", "bk", "NOTES"],
        ["H", "HUB", "x", "second", null, "n"],
        [null, "HUB", 5, "lost", "X", null],
        ["H", "HUB", -1, "first", "X", "n"],
      ],
    });
    expect(body.instances).toHaveLength(1);
    // Positions are kept as given: -1, and 0 for the one that is not a number.
    expect((await detail("H"))?.rows).toEqual([
      { "@POS_NO": -1, COLUMN: "first", TYPE: null, BK: "X", PK: null },
      { "@POS_NO": 0, COLUMN: "second", TYPE: null, BK: null, PK: null },
    ]);
  });

  it("fills rows of one instance from several sheets and keeps instances apart by folder", async () => {
    const { body } = await upload({
      A: [HEAD, ["H", "HUB", "", "/f1", 1, "a", null, null, null]],
      B: [HEAD, ["H", "HUB", "", "/f1", 2, "b", null, null, null], ["H", "HUB", "", "/f2", 1, "c"]],
    });
    expect(body.instances.map((i) => `${i.folder}/${i.name}`)).toEqual(["/f1/H", "/f2/H"]);
  });

  it("needs a PATTERN on every row unless the pattern field is given", async () => {
    const { res, body } = await upload({
      S: [
        ["INSTANCE", "COLUMN"],
        ["H", "a"],
      ],
    });
    expect(res.status).toBe(400);
    expect(body.message).toBe(
      "Sheet 'S' has no PATTERN column: add one or give the 'pattern' field",
    );
    const row = await upload({
      S: [
        ["INSTANCE", "PATTERN"],
        ["H", "HUB"],
        ["G", null],
      ],
    });
    expect(row.res.status).toBe(400);
    expect(row.body.message).toBe(
      "Row 3 of sheet 'S' has no PATTERN: fill it in or give the 'pattern' field",
    );
    expect(await detail("H")).toBeUndefined(); // nothing half-written
  });
});

describe("upload: processing rules", () => {
  it("reports an unknown pattern in errors while the other patterns import", async () => {
    const { res, body } = await upload({
      Good: [HEAD, ["H_OK", "HUB", "DWH", "/", 0, "A", null, null, null]],
      Bad: [HEAD, ["X1", "NOPE", "DWH", "/", 0, "A", null, null, null]],
    });
    expect(res.status).toBe(201);
    expect(body.instances.map((i) => i.name)).toEqual(["H_OK"]);
    expect(body.errors).toEqual(["A pattern with the name 'NOPE' does not exist!"]);
  });

  it("rolls back a failing pattern as a whole and keeps the ones imported", async () => {
    const { body } = await upload({
      S: [
        ["INSTANCE", "PATTERN", "FOLDER", "COLUMN"],
        ["H_KEEP", "HUB", "/", "a"],
        ["S_FIRST", "STG", "/ok", "a"],
        ["S_BROKEN", "STG", "/x/../y", "b"],
      ],
    });
    expect(body.instances.map((i) => i.name)).toEqual(["H_KEEP"]);
    expect(body.errors).toEqual([
      "Pattern 'STG': Folder path '/x/../y' must not contain '.' or '..'",
    ]);
    expect(await detail("S_FIRST", "STG")).toBeUndefined();
  });

  it("names each pattern whose release does not fit it", async () => {
    const { body } = await upload(
      {
        S: [
          ["INSTANCE", "PATTERN", "COLUMN"],
          ["H", "HUB", "a"],
          ["S", "STG", "a"],
        ],
      },
      { release: "R1" },
    );
    expect(body.instances.map((i) => [i.name, i.release])).toEqual([["H", "R1"]]);
    expect(body.errors).toEqual([
      "Pattern 'STG': Pattern 'STG' has no release group, so release 'R1' cannot be set",
    ]);
  });

  it("leaves upload-disabled instances and those checked out by someone else as they are", async () => {
    const sheet = [
      ["INSTANCE", "PATTERN", "FOLDER", "COLUMN"],
      ["STG_CUSTOMER", "STG", "/", "changed"],
      ["SAT_CUSTOMER", "SAT", "/raw/crm/sub", "changed"],
    ];
    const byAdmin = await upload({ S: sheet }, { overwrite: "true" }, admin);
    expect(byAdmin.body.instances.map((i) => [i.name, i.status, i.reason])).toEqual([
      ["STG_CUSTOMER", "SKIPPED", "upload disabled"],
      ["SAT_CUSTOMER", "SKIPPED", "checked out by ann@acme.test"],
    ]);
    // Ann holds the checkout, so her upload goes through.
    const byAnn = await upload({ S: sheet }, { overwrite: "true" });
    expect(byAnn.body.instances.map((i) => [i.name, i.status])).toEqual([
      ["STG_CUSTOMER", "SKIPPED"],
      ["SAT_CUSTOMER", "UPDATED"],
    ]);
    expect((await detail("SAT_CUSTOMER", "SAT"))?.version).toBe(2);
  });
});
