import type { Build, Download } from "@metabuild/contract";
import { readArchive } from "@metabuild/core";
import { beforeEach, describe, expect, it } from "vitest";
import { type BuildClient, buildClient } from "../../../testing/build-client.ts";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import {
  expectBadField,
  expectMethodsNotAllowed,
  expectNotAuthenticated,
  expectRecordNotFound,
} from "../../../testing/route-checks.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

let h: Harness;
let seed: Seed;
let cat: BuildCatalog;
let ann: string;
let bob: string;
let admin: string;
let eve: string;
let client: BuildClient;
let built: Build;
routeSuite(
  {
    users: ["ann", "bob", "admin", "eve"],
    fixture: async (h, seed) => await seedBuildCatalog(h.db, seed),
  },
  (app) => {
    ({
      h,
      seed,
      fixture: cat,
      tokens: { ann, bob, admin, eve },
    } = app);
    client = buildClient(h);
  },
);

beforeEach(async () => {
  built = (
    await client.build(ann, { instances: [{ id: cat.customer.id }, { id: cat.satCustomer.id }] })
  ).build;
});

describe("downloads: happy path", () => {
  it("serves the archive with its file name and counts each download", async () => {
    const hub = built.downloads.find((d) => d.pattern === "HUB") as Build["downloads"][0];
    const first = await client.download(ann, hub.id);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("Content-Type")).toBe("application/zip");
    expect(first.res.headers.get("Content-Disposition")).toContain('filename="HUB.zip"');
    expect([...(await readArchive(first.data)).keys()]).toEqual([
      "load/customer.sql",
      "manifest.json",
      "sales/CUSTOMER.sql",
    ]);
    await client.download(ann, hub.id);
    // A HEAD asks about the file without downloading it: not counted.
    const head = await h.call(`/api/v1/downloads/${hub.id}`, ann, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Disposition")).toContain('filename="HUB.zip"');
    const listed = (await (
      await h.call(`/api/v1/downloads?build_id=${built.id}&pattern=HUB`, ann)
    ).json()) as Download[];
    expect(listed).toEqual([
      {
        id: hub.id,
        customer_id: seed.acme.id,
        pattern_id: cat.hub.id,
        name: "HUB.zip",
        file_name: `builds/${built.id}/HUB.zip`,
        type: "SQLITE",
        build_id: built.id,
        project_id: seed.dwh.id,
        version: 1,
        // An integer per docs/reference/endpoints.md (not "may be null"): the upload a build deployment names, the archive itself.
        upload_id: hub.id,
        file_id: hub.file_id,
        downloaded: 2,
        instance_id: null,
      },
    ]);
  });

  it("lists downloads filtered by build and pattern, with the total count", async () => {
    const second = (await client.build(ann, { instances: [{ id: cat.order.id }] })).build;
    const all = await h.call("/api/v1/downloads", ann);
    expect(all.headers.get("X-Total-Count")).toBe("3");
    const ids = async (q: string) =>
      ((await (await h.call(`/api/v1/downloads${q}`, ann)).json()) as Download[]).map(
        (d) => d.build_id,
      );
    expect(await ids(`?build_id=${second.id}`)).toEqual([second.id]);
    expect(await ids(`?pattern_id=${cat.sat.id}`)).toEqual([built.id]);
    expect(await ids("?pattern=HUB")).toEqual([built.id, second.id]);
    expect(await ids("?pattern=NOPE")).toEqual([]);
  });
});

describe("downloads: errors", () => {
  it("answers 404 for an unknown download and 405 for unsupported methods", async () => {
    await expectRecordNotFound(h, "/api/v1/downloads/9999", ann, 9999);
    await expectMethodsNotAllowed(h, ann, [
      ["POST", "/api/v1/downloads"],
      ["DELETE", `/api/v1/downloads/${built.downloads[0].id}`],
    ]);
    await expectBadField(h, "/api/v1/downloads?build_id=x", ann, "build_id");
  });
});

describe("downloads: a data folder not shared between processes", () => {
  // Issue 27: a process whose METABUILD_DATA_DIR is not the one that stored the archive
  // answered 500; it must say what is wrong (docs/scale-out.md "Archives and files").
  it("answers 503 saying the archive is not in this process's data folder", async () => {
    const hub = built.downloads.find((d) => d.pattern === "HUB") as Build["downloads"][0];
    h.files.files.clear();
    const expected = {
      name: "ServiceUnavailable",
      code: 503,
      className: "service-unavailable",
      message:
        `The archive of download ${hub.id} is not in this process's data folder: ` +
        "every server process of one store must share METABUILD_DATA_DIR (docs/scale-out.md)",
    };
    for (const method of ["GET", "HEAD"]) {
      const res = await h.call(`/api/v1/downloads/${hub.id}`, ann, { method });
      expect(res.status).toBe(503);
      if (method === "GET") expect(await res.json()).toMatchObject(expected);
    }
    const files = await h.call(`/api/console/builds/${built.id}/files`, ann);
    expect(files.status).toBe(503);
    expect(await files.json()).toMatchObject({ code: 503, className: "service-unavailable" });
  });
});

describe("downloads: security", () => {
  it("needs read_builds to fetch the file", async () => {
    const res = await client.download(bob, built.downloads[0].id);
    expect(res.res.status).toBe(403);
    expect(JSON.parse(res.data.toString()).message).toBe(
      "You don't have permissions to download build results!",
    );
    // Listing them needs project access only.
    expect(((await (await h.call("/api/v1/downloads", bob)).json()) as Download[]).length).toBe(2);
  });

  it("hides other customers' downloads and projects without access", async () => {
    expect((await client.download(eve, built.downloads[0].id)).res.status).toBe(404);
    expect(await (await h.call("/api/v1/downloads", eve)).json()).toEqual([]);
    const lake = (
      await client.build(admin, { project: "LAKE", instances: [{ id: cat.lakeHub.id }] })
    ).build;
    // The endpoint's one 403 (docs/reference/endpoints.md): no read_builds, also when the project is not accessible at all.
    const refused = await client.download(ann, lake.downloads[0].id);
    expect(refused.res.status).toBe(403);
    expect(JSON.parse(refused.data.toString()).message).toBe(
      "You don't have permissions to download build results!",
    );
    const counted = await h.call(`/api/v1/downloads?build_id=${lake.id}`, admin);
    expect(((await counted.json()) as Download[])[0].downloaded).toBe(0);
    expect(
      ((await (await h.call("/api/v1/downloads", ann)).json()) as Download[]).map(
        (d) => d.build_id,
      ),
    ).not.toContain(lake.id);
    await expectNotAuthenticated(h, "/api/v1/downloads");
  });
});
