import { schema, setInstanceNamePattern } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";
import { uploadForm, workbook } from "../../../testing/workbooks.ts";

// New instance names follow their pattern's rule (docs/instance-names.md).

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let cat: Awaited<ReturnType<typeof seedInstanceCatalog>>;
let ann: string;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  cat = await seedInstanceCatalog(h.db, seed, h.clock.now());
  ann = await h.token("ann@acme.test");
});

function create(name: string, patternId = cat.hub.id) {
  return h.call("/api/console/instances", ann, {
    method: "POST",
    body: JSON.stringify({ project_id: seed.dwh.id, pattern_id: patternId, folder: "/x", name }),
  });
}

async function upload(name: string, fields: Record<string, string> = {}) {
  const file = await workbook({
    Hubs: [
      ["INSTANCE", "PATTERN", "COLUMN"],
      ["HUB_FINE", "HUB", "A"],
      [name, "HUB", "B"],
    ],
  });
  const res = await h.call("/api/v1/instances", ann, {
    method: "POST",
    body: uploadForm(file, { project: "DWH", ...fields }),
  });
  return { status: res.status, body: (await res.json()) as { message?: string } };
}

const instanceCount = async () => (await h.db.select().from(schema.instances)).length;

describe("instance names: the default rule", () => {
  it("refuses 'order line test' through the console API (400 naming 'name' and the rule)", async () => {
    const res = await create("order line test");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Invalid value for 'name': 'order line test' must match ^[A-Za-z_][A-Za-z0-9_]*$ (a letter or '_', then letters, digits or '_')",
    );
    expect((await create("ORDER_LINE_TEST")).status).toBe(201);
  });

  it("refuses an upload row with 'order line test' (400 naming the row), storing nothing", async () => {
    const before = await instanceCount();
    const { status, body } = await upload("order line test");
    expect(status).toBe(400);
    expect(body.message).toBe(
      "Row 3 of sheet 'Hubs': Invalid value for 'INSTANCE': 'order line test' must match ^[A-Za-z_][A-Za-z0-9_]*$ (a letter or '_', then letters, digits or '_')",
    );
    expect(await instanceCount()).toBe(before);
  });

  it("caps default names at 128 characters", async () => {
    expect((await create("A".repeat(128))).status).toBe(201);
    const res = await create("A".repeat(129));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("at most 128");
  });

  it("keeps an existing instance with a breaking name writable: upload overwrite and row save", async () => {
    const legacy = await cat.fx.instance({
      projectId: seed.dwh.id,
      patternId: cat.hub.id,
      folder: "/",
      name: "legacy name",
    });
    const { status } = await upload("legacy name", { overwrite: "true" });
    expect(status).toBe(201);
    const saved = await h.call(`/api/console/instances/${legacy.id}/rows`, ann, {
      method: "PUT",
      body: JSON.stringify({ base_version: 2, rows: [{ COLUMN: "C" }] }),
    });
    expect(saved.status).toBe(200);
  });
});

describe("instance names: a pattern's own rule", () => {
  it("follows the pattern's instance_name_pattern instead of the default", async () => {
    await setInstanceNamePattern(h.db, cat.hub.id, "^[a-z ]+$");
    expect((await create("order line test")).status).toBe(201);
    const res = await create("ORDER");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Invalid value for 'name': 'ORDER' must match the pattern's rule ^[a-z ]+$",
    );
  });
});
