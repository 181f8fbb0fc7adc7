import { schema } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";
import { uploadForm, workbook } from "../../../testing/workbooks.ts";

const KiB = 1024;
let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let ann: string;
let bob: string;
let admin: string;
let valid: Buffer;

function setup(limits: { uploadMaxBytes?: number; uploadMaxUnpackedBytes?: number } = {}) {
  return async () => {
    h = createHarness(limits);
    seed = await seedBasic(h.db);
    await seedInstanceCatalog(h.db, seed, h.clock.now());
    [ann, bob, admin] = await Promise.all([
      h.token("ann@acme.test"),
      h.token("bob@acme.test"),
      h.token("admin@acme.test"),
    ]);
    valid = await workbook({
      S: [
        ["INSTANCE", "PATTERN", "COLUMN"],
        ["NEW_ONE", "HUB", "a"],
      ],
    });
  };
}

function post(body: FormData | string, token: string | null = ann, headers = {}) {
  return h.call("/api/v1/instances", token ?? undefined, { method: "POST", body, headers });
}

async function failure(res: Response) {
  const body = (await res.json()) as { name: string; message: string; code: number };
  return { status: res.status, message: body.message, name: body.name };
}

/** Instances in the store: nothing may be half-written by a refused upload. */
const instanceCount = async () => (await h.db.select().from(schema.instances)).length;

describe("upload: errors", () => {
  beforeEach(setup());

  it("needs a project, naming it or by id, and answers 404 for an unknown name", async () => {
    expect(await failure(await post(uploadForm(valid)))).toEqual({
      status: 400,
      name: "BadRequest",
      message: "A project id or name is required!",
    });
    expect(await failure(await post(uploadForm(valid, { project: "NOPE" })))).toMatchObject({
      status: 404,
      message: "A project with the name 'NOPE' does not exist!",
    });
    const byId = await post(uploadForm(valid, { project_id: String(seed.dwh.id) }));
    expect(byId.status).toBe(201);
  });

  it("needs the file, as multipart/form-data", async () => {
    expect(await failure(await post(uploadForm(null, { project: "DWH" })))).toMatchObject({
      status: 400,
      message: "'file' is required",
    });
    expect(await failure(await post(JSON.stringify({ project: "DWH" })))).toMatchObject({
      status: 400,
      message:
        "The upload must be sent as multipart/form-data with the workbook in the 'file' field",
    });
    const two = uploadForm(valid, { project: "DWH" });
    two.append("file", new Blob([new Uint8Array(valid)]), "again.xlsx");
    expect(await failure(await post(two))).toMatchObject({
      status: 400,
      message: "Send exactly one file, in the 'file' field",
    });
  });

  it("answers 400 naming the field for a bad boolean, an unknown field or a repeated one", async () => {
    const bad = await failure(await post(uploadForm(valid, { project: "DWH", overwrite: "yes" })));
    expect(bad.status).toBe(400);
    expect(bad.message).toContain("'overwrite'");
    expect(
      await failure(await post(uploadForm(valid, { project: "DWH", overwirte: "true" }))),
    ).toMatchObject({ status: 400, message: "Unknown field 'overwirte'" });
    expect(
      await failure(await post(uploadForm(valid, { project: "DWH", pattern: ["A", "B"] }))),
    ).toMatchObject({ status: 400, message: "The field 'pattern' may be given only once" });
  });

  it("answers 400 naming 'folder' for a folder field with '.' or '..' and writes nothing", async () => {
    const before = await instanceCount();
    for (const folder of ["/a/../b", "./a", "/a/."]) {
      expect(
        await failure(await post(uploadForm(valid, { project: "DWH", folder }))),
      ).toMatchObject({
        status: 400,
        message: `Invalid value for 'folder': folder path '${folder}' must not contain '.' or '..'`,
      });
    }
    expect(await instanceCount()).toBe(before);
  });

  it("refuses a file that is not an .xlsx workbook, or a truncated one, with 400", async () => {
    const csv = Buffer.from("INSTANCE,PATTERN\nA,HUB\n");
    expect(await failure(await post(uploadForm(csv, { project: "DWH" }, "a.csv")))).toEqual({
      status: 400,
      name: "BadRequest",
      message:
        "The file is not an .xlsx workbook. Save it as an Excel workbook (.xlsx) and upload it again.",
    });
    const cut = valid.subarray(0, Math.floor(valid.length * 0.7));
    expect(await failure(await post(uploadForm(cut, { project: "DWH" })))).toEqual({
      status: 400,
      name: "BadRequest",
      message:
        "The file is not a complete .xlsx workbook: it seems truncated or damaged. Upload the original file again.",
    });
    expect(await instanceCount()).toBe(7);
  });

  it("answers 400 for a workbook without any INSTANCE column and writes nothing", async () => {
    const none = await workbook({
      S: [
        ["NAME", "PATTERN"],
        ["A", "HUB"],
      ],
    });
    expect(await failure(await post(uploadForm(none, { project: "DWH" })))).toMatchObject({
      status: 400,
      message: "The workbook has no sheet with an INSTANCE column",
    });
    expect(await instanceCount()).toBe(7);
  });
});

describe("upload: size limits", () => {
  beforeEach(setup({ uploadMaxBytes: 64 * KiB, uploadMaxUnpackedBytes: 256 * KiB }));

  it("answers 413 for a file over the upload limit and writes nothing", async () => {
    const lines = [["INSTANCE", "PATTERN", "COLUMN"]];
    // Random text compresses badly, so the file itself is large.
    for (let i = 0; i < 3000; i++)
      lines.push([`I${i}`, "HUB", Math.random().toString(36).repeat(3)]);
    const big = await workbook({ S: lines });
    expect(big.length).toBeGreaterThan(64 * KiB);
    expect(await failure(await post(uploadForm(big, { project: "DWH" })))).toEqual({
      status: 413,
      name: "PayloadTooLarge",
      message: "The file is larger than the upload limit of 64 KiB.",
    });
    expect(await instanceCount()).toBe(7);
  });

  it("answers 413 at once when Content-Length already says the body is too large", async () => {
    const res = await post(uploadForm(valid, { project: "DWH" }), ann, {
      "Content-Length": String(100 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
  });

  it("answers 413 for a small file that unpacks past the unpacked-size limit (zip bomb)", async () => {
    const lines = [["INSTANCE", "PATTERN", "COLUMN"]];
    for (let i = 0; i < 2000; i++) lines.push([`I${i}`, "HUB", "x".repeat(200)]);
    const bomb = await workbook({ S: lines });
    expect(bomb.length).toBeLessThan(64 * KiB);
    expect(await failure(await post(uploadForm(bomb, { project: "DWH" })))).toEqual({
      status: 413,
      name: "PayloadTooLarge",
      message: "The workbook unpacks to more than the limit of 256 KiB.",
    });
    expect(await instanceCount()).toBe(7);
  });
});

describe("upload: security", () => {
  beforeEach(setup());

  it("refuses a request without a token", async () => {
    expect(await failure(await post(uploadForm(valid, { project: "DWH" }), null))).toEqual({
      status: 401,
      name: "NotAuthenticated",
      message: "Not authenticated",
    });
  });

  it("needs write_instances on the project", async () => {
    expect(await failure(await post(uploadForm(valid, { project: "DWH" }), bob))).toEqual({
      status: 403,
      name: "Forbidden",
      message: "You don't have permissions to write instances in this project!",
    });
    expect(await instanceCount()).toBe(7);
  });

  it("needs access to the project, and hides another customer's project", async () => {
    expect(await failure(await post(uploadForm(valid, { project: "LAKE" }), ann))).toMatchObject({
      status: 403,
      message: "You don't have permissions to access this project!",
    });
    const foreign = uploadForm(valid, { project_id: String(seed.foreign.id) });
    expect(await failure(await post(foreign, admin))).toMatchObject({
      status: 404,
      message: `No record found for id '${seed.foreign.id}'`,
    });
    expect(
      await failure(await post(uploadForm(valid, { project: "GLOBEX_DWH" }), admin)),
    ).toMatchObject({
      status: 404,
      message: "A project with the name 'GLOBEX_DWH' does not exist!",
    });
  });

  it("answers 405 for methods instances do not have", async () => {
    const res = await h.call("/api/v1/instances/1", admin, { method: "PUT", body: "{}" });
    expect(res.status).toBe(405);
  });
});
