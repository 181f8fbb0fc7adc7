import { schema } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import type { Config } from "../../../config.ts";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";
import { minimalParts, uploadForm, workbook, zipArchive } from "../../../testing/workbooks.ts";

// What an upload may store (docs/limits.md): a small workbook must not expand
// into hundreds of megabytes of stored text through its shared strings.

let h: Harness;
let ann: string;

async function setup(overrides: Partial<Config> = {}) {
  h = createHarness(overrides);
  const seed = await seedBasic(h.db);
  await seedInstanceCatalog(h.db, seed, h.clock.now());
  ann = await h.token("ann@acme.test");
}

/** Every stored instance, metadata row and commit: a refused upload changes none of them. */
const stored = async () => ({
  instances: (await h.db.select().from(schema.instances)).length,
  rows: (await h.db.select().from(schema.instanceRows)).length,
  commits: (await h.db.select().from(schema.commits)).length,
  folders: (await h.db.select().from(schema.instanceFolders)).length,
});

async function post(file: Buffer, fields: Record<string, string> = {}) {
  const res = await h.call("/api/v1/instances", ann, {
    method: "POST",
    body: uploadForm(file, { project: "DWH", ...fields }),
  });
  return { status: res.status, body: (await res.json()) as { message?: string } };
}

/**
 * One instance whose `lines` rows each hold the same shared string of
 * `length` characters: the cells only name the string by its index, so the
 * file stays a few kilobytes however long the string and however many lines.
 */
function sharedStringBomb(length: number, lines: number): Buffer {
  const strings = ["INSTANCE", "PATTERN", "COLUMN", "HUB", "BIG", "x".repeat(length)];
  const sst = `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings.map((s) => `<si><t>${s}</t></si>`).join("")}</sst>`;
  const cell = (index: number) => `<c t="s"><v>${index}</v></c>`;
  const header = `<row>${cell(0)}${cell(1)}${cell(2)}</row>`;
  const line = `<row>${cell(4)}${cell(3)}${cell(5)}</row>`;
  return zipArchive(minimalParts(header + line.repeat(lines), { "xl/sharedStrings.xml": sst }));
}

describe("upload limits: amplification", () => {
  beforeEach(() => setup());

  it("refuses a 5 KB workbook whose one shared string fills thousands of cells (413), storing nothing", async () => {
    // 2,000 cells × 30,000 characters = 60 M characters, over the 50 M default.
    const file = sharedStringBomb(30_000, 2_000);
    expect(file.length).toBeLessThan(5 * 1024);
    const before = await stored();
    const { status, body } = await post(file);
    expect(status).toBe(413);
    expect(body.message).toBe(
      "The workbook holds more than 50000000 characters of cell text once its shared strings are expanded; split it into smaller uploads",
    );
    expect(await stored()).toEqual(before);
  });

  it("takes the same workbook while it stays within the limit", async () => {
    const { status } = await post(sharedStringBomb(30_000, 100));
    expect(status).toBe(201);
  });

  it("refuses a cell over the value limit (400), naming the sheet, row and column", async () => {
    const file = await workbook({
      Hubs: [
        ["INSTANCE", "PATTERN", "COLUMN"],
        ["FINE", "HUB", "a"],
        ["LONG", "HUB", "v".repeat(32_768)],
      ],
    });
    const before = await stored();
    expect(await post(file)).toEqual({
      status: 400,
      body: expect.objectContaining({
        message:
          "Row 3 of sheet 'Hubs': Invalid value for 'COLUMN': must be at most 32767 characters (it has 32768)",
      }),
    });
    expect(await stored()).toEqual(before);
  });

  it("refuses a folder field over the path limit (400 naming 'folder')", async () => {
    const file = await workbook({
      S: [
        ["INSTANCE", "PATTERN"],
        ["A", "HUB"],
      ],
    });
    const { status, body } = await post(file, { folder: `/${"f".repeat(1000)}` });
    expect(status).toBe(400);
    expect(body.message).toBe(
      "Invalid value for 'folder': must be at most 1000 characters (it has 1001)",
    );
  });
});

describe("upload limits: configured", () => {
  beforeEach(() =>
    setup({
      limits: { nameLength: 200, pathLength: 1000, valueLength: 100, uploadCharacters: 500 },
    }),
  );

  it("counts the characters the upload would hold against METABUILD_UPLOAD_MAX_CHARACTERS", async () => {
    expect((await post(sharedStringBomb(90, 5))).status).toBe(201);
    const { status, body } = await post(sharedStringBomb(90, 6), { overwrite: "true" });
    expect(status).toBe(413);
    expect(body.message).toContain("more than 500 characters");
  });
});
