import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";

let h: Harness;
let seed: ReturnType<typeof seedBasic>;
let ann: string;
let admin: string;
let eve: string;

beforeEach(async () => {
  h = createHarness();
  seed = seedBasic(h.db);
  seedInstanceCatalog(h.db, seed, h.clock.now());
  [ann, admin, eve] = await Promise.all([
    h.token("ann@acme.test"),
    h.token("admin@acme.test"),
    h.token("eve@globex.test"),
  ]);
});

interface Label {
  id: number;
  project_id: number;
  name: string;
}

async function list(query: string, token: string): Promise<Label[]> {
  const res = await h.call(`/api/v1/labels?${query}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  const items = (await res.json()) as Label[];
  expect(res.headers.get("X-Total-Count")).toBe(String(items.length));
  return items;
}

async function message(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message;
}

describe("labels: happy path", () => {
  it("lists a project's labels", async () => {
    const labels = await list("project=DWH", ann);
    expect(labels.map((l) => l.name)).toEqual(["crm", "gold", "erp"]);
    expect(labels[0]).toEqual({ id: labels[0]?.id, project_id: seed.dwh.id, name: "crm" });
  });

  it("filters by name and project id, sorts, and gets one by id", async () => {
    expect((await list("project=DWH&name=gold", ann)).map((l) => l.name)).toEqual(["gold"]);
    expect((await list(`project_id=${seed.lake.id}`, admin)).map((l) => l.name)).toEqual([
      "lake-label",
    ]);
    expect((await list("project=DWH&$sort[name]=1", ann)).map((l) => l.name)).toEqual([
      "crm",
      "erp",
      "gold",
    ]);
    const [gold] = await list("project=DWH&name=gold", ann);
    const res = await h.call(`/api/v1/labels/${gold?.id}`, ann);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(gold);
  });

  it("without a project lists the labels of every project the user may access", async () => {
    expect((await list("", ann)).map((l) => l.name)).toEqual(["crm", "gold", "erp"]);
    expect(await list("", admin)).toHaveLength(4);
  });
});

describe("labels: errors", () => {
  it("answers 404 for an unknown project name and an unknown id", async () => {
    const project = await h.call("/api/v1/labels?project=NOPE", ann);
    expect(project.status).toBe(404);
    expect(await message(project)).toBe("A project with the name 'NOPE' does not exist!");
    const one = await h.call("/api/v1/labels/424242", admin);
    expect(one.status).toBe(404);
    expect(await message(one)).toBe("No record found for id '424242'");
  });

  it("answers 400 for a non-integer id or project_id", async () => {
    const id = await h.call("/api/v1/labels/one", admin);
    expect(id.status).toBe(400);
    expect(await message(id)).toContain("'id'");
    const project = await h.call("/api/v1/labels?project_id=DWH", admin);
    expect(project.status).toBe(400);
    expect(await message(project)).toContain("project_id");
  });

  it("answers 405 for every write method", async () => {
    for (const [method, path] of [
      ["POST", "/api/v1/labels"],
      ["PUT", "/api/v1/labels/1"],
      ["PATCH", "/api/v1/labels/1"],
      ["DELETE", "/api/v1/labels/1"],
    ] as const) {
      const res = await h.call(path, admin, { method, body: "{}" });
      expect(res.status, `${method} ${path}`).toBe(405);
    }
  });
});

describe("labels: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    expect((await h.call("/api/v1/labels")).status).toBe(401);
    h.clock.advance(3601 * 1000);
    expect((await h.call("/api/v1/labels", ann)).status).toBe(401);
  });

  it("hides another customer's labels", async () => {
    const [foreign] = await list("", eve);
    expect(foreign?.name).toBe("crm");
    expect((await h.call(`/api/v1/labels/${foreign?.id}`, admin)).status).toBe(404);
    expect((await list("", admin)).some((l) => l.id === foreign?.id)).toBe(false);
  });

  it("refuses a project without the access grant", async () => {
    const res = await h.call("/api/v1/labels?project=LAKE", ann);
    expect(res.status).toBe(403);
    expect(await message(res)).toBe("You don't have permissions to access this project!");
    const [lake] = await list("project=LAKE", admin);
    expect((await h.call(`/api/v1/labels/${lake?.id}`, ann)).status).toBe(403);
  });
});
