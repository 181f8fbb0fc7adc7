import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";
import {
  expectBadField,
  expectWritesNotAllowed,
  expectNoProjectAccess,
  expectNotFound,
  expectRecordNotFound,
  expectTokenRequired,
  listOf,
} from "../../../testing/route-checks.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

let h: Harness;
let seed: Seed;
let cat: Awaited<ReturnType<typeof seedInstanceCatalog>>;
let ann: string;
let bob: string;
let admin: string;
routeSuite(
  {
    users: ["ann", "bob", "admin"],
    fixture: async (h, seed) => await seedInstanceCatalog(h.db, seed, h.clock.now()),
  },
  (app) => {
    ({
      h,
      seed,
      fixture: cat,
      tokens: { ann, bob, admin },
    } = app);
  },
);

interface Folder {
  id: number;
  project_id: number;
  parent_id: number | null;
  name: string;
  path: string;
}

const list = (query: string, token: string) =>
  listOf<Folder>(h, `/api/v1/instance_folders?${query}`, token);

describe("instance_folders: happy path", () => {
  it("lists a project's folder tree with parents and paths", async () => {
    const folders = await list("project=DWH", ann);
    expect(folders.map((f) => f.path)).toEqual(["/", "/raw", "/raw/crm", "/raw/crm/sub"]);
    const [root, raw, crm] = folders;
    expect(root).toEqual({
      id: root?.id,
      project_id: seed.dwh.id,
      parent_id: null,
      name: "",
      path: "/",
    });
    expect(crm).toEqual({
      id: cat.hubCustomer.instanceFolderId,
      project_id: seed.dwh.id,
      parent_id: raw?.id,
      name: "crm",
      path: "/raw/crm",
    });
  });

  it("filters by path (normalised), by project id, and gets one by id", async () => {
    const [crm] = await list("project=DWH&path=raw/crm/", ann);
    expect(crm?.path).toBe("/raw/crm");
    expect(await list(`project_id=${seed.lake.id}`, admin)).toHaveLength(1);
    const res = await h.call(`/api/v1/instance_folders/${crm?.id}`, bob);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(crm);
  });

  it("without a project lists the folders of every project the user may access", async () => {
    const mine = await list("", ann);
    expect(new Set(mine.map((f) => f.project_id))).toEqual(new Set([seed.dwh.id]));
    expect(await list("", admin)).toHaveLength(5);
    const res = await h.call("/api/v1/instance_folders?$sort[path]=-1&$limit=2", admin);
    expect(((await res.json()) as Folder[]).map((f) => f.path)).toEqual([
      "/raw/crm/sub",
      "/raw/crm",
    ]);
    expect(res.headers.get("X-Total-Count")).toBe("5");
  });
});

describe("instance_folders: errors", () => {
  it("answers 404 for an unknown project name and an unknown id", async () => {
    await expectNotFound(
      h,
      "/api/v1/instance_folders?project=NOPE",
      ann,
      "A project with the name 'NOPE' does not exist!",
    );
    await expectRecordNotFound(h, "/api/v1/instance_folders/424242", admin, 424242);
  });

  it("answers 400 naming the field for bad input", async () => {
    await expectBadField(h, "/api/v1/instance_folders/x1", admin, "'id'");
    await expectBadField(h, "/api/v1/instance_folders?$sort[nope]=1", admin, "$sort");
    await expectBadField(h, "/api/v1/instance_folders?parent_id=root", admin, "parent_id");
  });

  it("answers 405 for every write method", async () => {
    await expectWritesNotAllowed(h, admin, "/api/v1/instance_folders", 1);
  });
});

describe("instance_folders: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    await expectTokenRequired(h, "/api/v1/instance_folders", ann);
  });

  it("hides another customer's folders as 404", async () => {
    const [foreignFolder] = await list("project=GLOBEX_DWH", await h.token("eve@globex.test"));
    await expectNotFound(h, `/api/v1/instance_folders/${foreignFolder?.id}`, admin);
    await expectNotFound(h, `/api/v1/instance_folders?project_id=${seed.foreign.id}`, admin);
  });

  it("refuses a project without the access grant", async () => {
    await expectNoProjectAccess(h, "/api/v1/instance_folders?project=LAKE", bob);
    const [lakeRoot] = await list("project=LAKE", admin);
    await expectNoProjectAccess(h, `/api/v1/instance_folders/${lakeRoot?.id}`, bob);
  });
});
