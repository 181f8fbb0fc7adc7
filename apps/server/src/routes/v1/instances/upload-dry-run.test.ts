import { schema } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";
import { type SheetCell, uploadForm, workbook } from "../../../testing/workbooks.ts";

// `dry_run=true` answers what an upload would do, and stores nothing (docs/spreadsheets.md).

let h: Harness;
let ann: string;

beforeEach(async () => {
  h = createHarness();
  const seed = await seedBasic(h.db);
  await seedInstanceCatalog(h.db, seed, h.clock.now());
  ann = await h.token("ann@acme.test");
});

/** Everything an upload may write: instances, their rows, commits, folders and labels. */
const store = async () => ({
  instances: await h.db.select().from(schema.instances),
  rows: await h.db.select().from(schema.instanceRows),
  commits: (await h.db.select().from(schema.commits)).length,
  folders: await h.db.select().from(schema.instanceFolders),
});

async function upload(sheets: Record<string, SheetCell[][]>, fields: Record<string, string> = {}) {
  const body = uploadForm(await workbook(sheets), { project: "DWH", ...fields });
  const res = await h.call("/api/v1/instances", ann, { method: "POST", body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const HEAD = ["INSTANCE", "PATTERN", "FOLDER", "COLUMN"];
const SHEETS = {
  S: [
    HEAD,
    ["HUB_NEW", "HUB", "/brand/new/folder", "ID"],
    ["HUB_CUSTOMER", "HUB", "/raw/crm", "CUSTOMER_ID"],
    ["STG_CUSTOMER", "STG", "/", "X"],
    ["NOPE_1", "NOPE", "/", "X"],
  ],
};

describe("upload: dry run", () => {
  it("answers the plan (INSERTED / UPDATED / SKIPPED, pattern errors) and stores nothing", async () => {
    const before = await store();
    const { status, body } = await upload(SHEETS, { dry_run: "true", overwrite: "true" });
    expect(status).toBe(200);
    expect(body).toEqual({
      instances: [
        {
          id: null,
          name: "HUB_NEW",
          folder: "/brand/new/folder",
          pattern: "HUB",
          release: null,
          status: "INSERTED",
        },
        expect.objectContaining({
          id: expect.any(Number),
          name: "HUB_CUSTOMER",
          folder: "/raw/crm",
          release: "R1",
          status: "UPDATED",
        }),
        expect.objectContaining({
          name: "STG_CUSTOMER",
          status: "SKIPPED",
          reason: "upload disabled",
        }),
      ],
      errors: ["A pattern with the name 'NOPE' does not exist!"],
    });
    // Not even the folders the upload would create.
    expect(await store()).toEqual(before);
  });

  it("says what the real upload then does, which may differ only by the new ids", async () => {
    const plan = await upload(SHEETS, { dry_run: "true" });
    const real = await upload(SHEETS);
    expect(real.status).toBe(201);
    const strip = (b: Record<string, unknown>) => ({
      ...b,
      instances: (b.instances as { id: unknown }[]).map(({ id: _id, ...rest }) => rest),
    });
    expect(strip(plan.body)).toEqual(strip(real.body));
    // The upload did store them; another dry run now finds them there (without overwrite: SKIPPED).
    const again = await upload(SHEETS, { dry_run: "true" });
    expect((again.body.instances as { status: string }[]).map((i) => i.status)).toEqual([
      "SKIPPED",
      "SKIPPED",
      "SKIPPED",
    ]);
  });

  it("refuses a dry_run that is not a boolean, naming the field", async () => {
    const { status, body } = await upload(SHEETS, { dry_run: "maybe" });
    expect(status).toBe(400);
    expect(body.message).toMatch(/'dry_run'/);
  });
});
