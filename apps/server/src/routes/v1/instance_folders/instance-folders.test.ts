import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";

let h: Harness;
let seed: ReturnType<typeof seedBasic>;
let cat: ReturnType<typeof seedInstanceCatalog>;
let ann: string;
let bob: string;
let admin: string;

beforeEach(async () => {
  h = createHarness();
  seed = seedBasic(h.db);
  cat = seedInstanceCatalog(h.db, seed, h.clock.now());
  [ann, bob, admin] = await Promise.all([
    h.token("ann@acme.test"),
    h.token("bob@acme.test"),
    h.token("admin@acme.test"),
  ]);
});

interface Folder {
  id: number;
  project_id: number;
  parent_id: number | null;
  name: string;
  path: string;
}

async function list(query: string, token: string): Promise<Folder[]> {
  const res = await h.call(`/api/v1/instance_folders?${query}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  const items = (await res.json()) as Folder[];
  expect(res.headers.get("X-Total-Count")).toBe(String(items.length));
  return items;
}

async function message(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message;
}

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
    const project = await h.call("/api/v1/instance_folders?project=NOPE", ann);
    expect(project.status).toBe(404);
    expect(await message(project)).toBe("A project with the name 'NOPE' does not exist!");
    const one = await h.call("/api/v1/instance_folders/424242", admin);
    expect(one.status).toBe(404);
    expect(await message(one)).toBe("No record found for id '424242'");
  });

  it("answers 400 naming the field for bad input", async () => {
    const id = await h.call("/api/v1/instance_folders/x1", admin);
    expect(id.status).toBe(400);
    expect(await message(id)).toContain("'id'");
    const sort = await h.call("/api/v1/instance_folders?$sort[nope]=1", admin);
    expect(sort.status).toBe(400);
    expect(await message(sort)).toContain("$sort");
    const parent = await h.call("/api/v1/instance_folders?parent_id=root", admin);
    expect(parent.status).toBe(400);
    expect(await message(parent)).toContain("parent_id");
  });

  it("answers 405 for every write method", async () => {
    for (const [method, path] of [
      ["POST", "/api/v1/instance_folders"],
      ["PUT", "/api/v1/instance_folders/1"],
      ["PATCH", "/api/v1/instance_folders/1"],
      ["DELETE", "/api/v1/instance_folders/1"],
    ] as const) {
      const res = await h.call(path, admin, { method, body: "{}" });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET");
    }
  });
});

describe("instance_folders: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    expect((await h.call("/api/v1/instance_folders")).status).toBe(401);
    h.clock.advance(3601 * 1000);
    const res = await h.call("/api/v1/instance_folders", ann);
    expect(res.status).toBe(401);
    expect(await message(res)).toBe("Not authenticated");
  });

  it("hides another customer's folders as 404", async () => {
    const [foreignFolder] = await list("project=GLOBEX_DWH", await h.token("eve@globex.test"));
    const res = await h.call(`/api/v1/instance_folders/${foreignFolder?.id}`, admin);
    expect(res.status).toBe(404);
    const byProject = await h.call(`/api/v1/instance_folders?project_id=${seed.foreign.id}`, admin);
    expect(byProject.status).toBe(404);
  });

  it("refuses a project without the access grant", async () => {
    const res = await h.call("/api/v1/instance_folders?project=LAKE", bob);
    expect(res.status).toBe(403);
    expect(await message(res)).toBe("You don't have permissions to access this project!");
    const [lakeRoot] = await list("project=LAKE", admin);
    const one = await h.call(`/api/v1/instance_folders/${lakeRoot?.id}`, bob);
    expect(one.status).toBe(403);
  });
});
