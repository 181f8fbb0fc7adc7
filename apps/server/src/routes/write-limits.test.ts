import { schema, setInstanceNamePattern } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { importBundle } from "../services/bundle/import.ts";
import { parseBundle } from "../services/bundle/parse.ts";
import type { Config } from "../config.ts";
import { type Harness, createHarness, seedBasic } from "../testing/harness.ts";
import { seedInstanceCatalog } from "../testing/instances-fixture.ts";
import { uploadForm, workbook } from "../testing/workbooks.ts";

// One set of limits for names, paths and values, the same through every way
// in (docs/limits.md): console, upload, metadata SQL INSERT, bundle import.

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let cat: Awaited<ReturnType<typeof seedInstanceCatalog>>;
let ann: string;

async function setup(overrides: Partial<Config> = {}) {
  h = createHarness(overrides);
  seed = await seedBasic(h.db);
  cat = await seedInstanceCatalog(h.db, seed, h.clock.now());
  ann = await h.token("ann@acme.test");
}

const instanceNames = async () => (await h.db.select().from(schema.instances)).map((i) => i.name);

/** The four ways in, each answering the status and message (SQL: 200, its status and error). */
const ways = {
  async console(name: string, folder = "/") {
    const res = await h.call("/api/console/instances", ann, {
      method: "POST",
      body: JSON.stringify({
        project_id: seed.dwh.id,
        pattern_id: cat.hub.id,
        folder,
        name,
      }),
    });
    return { status: res.status, message: ((await res.json()) as { message?: string }).message };
  },
  async upload(name: string, folder = "/") {
    const file = await workbook({
      S: [
        ["INSTANCE", "PATTERN", "FOLDER", "COLUMN"],
        [name, "HUB", folder, "a"],
      ],
    });
    const res = await h.call("/api/v1/instances", ann, {
      method: "POST",
      body: uploadForm(file, { project: "DWH" }),
    });
    return { status: res.status, message: ((await res.json()) as { message?: string }).message };
  },
  async sql(name: string, folder = "/") {
    const res = await h.call("/api/v1/metadata", ann, {
      method: "POST",
      body: JSON.stringify({
        project: "DWH",
        statement: `INSERT INTO @INSTANCES.HUB ("@INSTANCE", "@FOLDER", COLUMN) VALUES ('${name}', '${folder}', 'a')`,
      }),
    });
    const body = (await res.json()) as { status: string; error?: string };
    return { status: res.status, sqlStatus: body.status, message: body.error };
  },
  async bundle(name: string, folder = "/") {
    const bundle = {
      version: 1,
      customer: "Solo",
      patterns: [{ name: "P", properties: [{ name: "COLUMN" }] }],
      projects: [
        { name: "S", instances: [{ pattern: "P", folder, name, rows: [{ COLUMN: "a" }] }] },
      ],
    };
    try {
      await importBundle(
        { db: h.db, clock: h.clock, writer: h.services.instanceWriter },
        parseBundle(JSON.stringify(bundle), "bundle.json"),
      );
      return { status: 200, message: undefined };
    } catch (err) {
      return { status: (err as { code?: number }).code, message: (err as Error).message };
    }
  },
};

describe("write limits: instance names", () => {
  beforeEach(() => setup());

  it("refuses a name over 200 characters the same way through every way in, storing nothing", async () => {
    const long = "N".repeat(201);
    const before = await instanceNames();
    const tooLong = "Invalid value for 'name': must be at most 200 characters (it has 201)";
    expect(await ways.console(long)).toEqual({ status: 400, message: tooLong });
    expect(await ways.upload(long)).toEqual({
      status: 400,
      message:
        "Row 2 of sheet 'S': Invalid value for 'INSTANCE': must be at most 200 characters (it has 201)",
    });
    expect(await ways.sql(long)).toEqual({
      status: 200,
      sqlStatus: "ERROR",
      message: "Row 1: Invalid value for '@INSTANCE': must be at most 200 characters (it has 201)",
    });
    expect(await ways.bundle(long)).toEqual({
      status: 400,
      message: `projects[0].instances[0].name: ${tooLong}`,
    });
    expect(await instanceNames()).toEqual(before);
  });

  it("takes a name of exactly 200 characters through every way in", async () => {
    // The default name rule caps names at 128 (docs/instance-names.md); a
    // pattern's own rule leaves METABUILD_MAX_NAME_LENGTH as the only cap.
    await setInstanceNamePattern(h.db, cat.hub.id, "^[A-Z]+$");
    const names = ["A", "B", "C", "D"].map((c) => c.repeat(200));
    expect((await ways.console(names[0] as string)).status).toBe(201);
    expect((await ways.upload(names[1] as string)).status).toBe(201);
    expect((await ways.sql(names[2] as string)).sqlStatus).toBe("FINISHED");
    expect((await ways.bundle(names[3] as string)).status).toBe(200);
    expect(await instanceNames()).toEqual(expect.arrayContaining(names));
  });

  it("refuses a folder path over 1000 characters, or a folder name over 200, everywhere", async () => {
    const longPath = `/${Array.from({ length: 6 }, () => "f".repeat(180)).join("/")}`;
    const longSegment = `/a/${"s".repeat(201)}`;
    for (const way of [ways.console, ways.upload, ways.sql]) {
      const path = await way("OK_NAME", longPath);
      expect(path.message).toContain("must be at most 1000 characters (it has 1086)");
      const segment = await way("OK_NAME", longSegment);
      expect(segment.message).toContain(
        "each folder name must be at most 200 characters (one has 201)",
      );
    }
    expect((await ways.bundle("OK_NAME", longPath)).message).toBe(
      "projects[0].instances[0].folder: Invalid value for 'folder': must be at most 1000 characters (it has 1086)",
    );
    expect(await instanceNames()).not.toContain("OK_NAME");
  });
});

describe("write limits: configured", () => {
  beforeEach(() =>
    setup({ limits: { nameLength: 10, pathLength: 30, valueLength: 5, uploadCharacters: 1000 } }),
  );

  it("takes its numbers from the configuration (METABUILD_MAX_NAME_LENGTH, …)", async () => {
    expect(await ways.console("ELEVEN_CHAR")).toEqual({
      status: 400,
      message: "Invalid value for 'name': must be at most 10 characters (it has 11)",
    });
    expect((await ways.upload("ELEVEN_CHAR")).message).toContain("must be at most 10 characters");
    expect((await ways.sql("ELEVEN_CHAR")).message).toContain("must be at most 10 characters");
    expect((await ways.bundle("ELEVEN_CHAR")).message).toContain("must be at most 10 characters");
    expect((await ways.console("TEN_CHARS_")).status).toBe(201);
  });

  it("refuses a value over the value limit through SQL, naming the column and the row", async () => {
    const res = await h.call("/api/v1/metadata", ann, {
      method: "POST",
      body: JSON.stringify({
        project: "DWH",
        statement: `INSERT INTO @INSTANCES.HUB ("@INSTANCE", COLUMN) VALUES ('V', 'abcde'), ('V', 'abcdef')`,
      }),
    });
    expect(((await res.json()) as { error?: string }).error).toBe(
      "Instance '/V', row 2: Invalid value for 'COLUMN': must be at most 5 characters (it has 6)",
    );
    const table = async (statement: string) => {
      const r = await h.call("/api/v1/metadata", ann, {
        method: "POST",
        body: JSON.stringify({ project: "DWH", statement }),
      });
      return (await r.json()) as { status: string; error?: string };
    };
    await table("CREATE TABLE @TABLES.CODES (CODE TEXT)");
    expect(await table("INSERT INTO @TABLES.CODES VALUES ('abcdef')")).toMatchObject({
      status: "ERROR",
      error: "Row 1: Invalid value for 'CODE': must be at most 5 characters (it has 6)",
    });
    expect(await instanceNames()).not.toContain("V");
  });
});
