import type {
  FolderMoved,
  InstanceDetail,
  InstanceListItem,
  InstanceFolder,
  InstanceVersionList,
  PatternVariable,
} from "@metabuild/contract";
import { runStatement, tablesOf } from "@metabuild/db";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { expectNotAuthenticated, listOf, messageOf } from "../../../testing/route-checks.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

const URL = "/api/console/folders";

let h: Harness;
let seed: Seed;
let cat: BuildCatalog;
let ann: string;
let bob: string;
let admin: string;
let eve: string;
routeSuite(
  {
    users: ["ann", "bob", "admin", "eve"],
    fixture: async (h, seed) => await seedBuildCatalog(h.db, seed),
    config: {
      limits: { nameLength: 200, pathLength: 40, valueLength: 32767, uploadCharacters: 1e6 },
    },
  },
  (app) => {
    ({
      h,
      seed,
      fixture: cat,
      tokens: { ann, bob, admin, eve },
    } = app);
  },
);

const send = (method: string, token: string | undefined, body: Record<string, unknown>) =>
  h.call(URL, token, { method, body: JSON.stringify(body) });
const create = (token: string | undefined, body: Record<string, unknown>) =>
  send("POST", token, body);
const move = (token: string | undefined, body: Record<string, unknown>) =>
  send("PATCH", token, body);
const remove = (token: string | undefined, q: Record<string, string>) =>
  h.call(`${URL}?${new URLSearchParams(q)}`, token, { method: "DELETE" });

const paths = async () =>
  (await h.db.select().from(tablesOf(h.db).instanceFolders))
    .filter((f) => f.projectId === seed.dwh.id)
    .map((f) => f.path)
    .sort();

async function instance(id: number): Promise<InstanceDetail> {
  const res = await h.call(`/api/v1/instances/${id}`, ann);
  expect(res.status).toBe(200);
  return (await res.json()) as InstanceDetail;
}

async function versionsOf(id: number) {
  const res = await h.call(`/api/console/instances/${id}/versions`, ann);
  expect(res.status).toBe(200);
  return ((await res.json()) as InstanceVersionList).data;
}

async function resolved(scope: Record<string, string | number>, name: string) {
  const q = new URLSearchParams(
    Object.entries({ ...scope, name }).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const items = await listOf<PatternVariable>(h, `/api/v1/pattern_variables?${q}`, ann);
  return items[0];
}

describe("folders: happy path", () => {
  it("creates an empty folder with its parents; the tree lists it", async () => {
    const res = await create(ann, { project: "DWH", path: "staging/new/" });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({
      project_id: seed.dwh.id,
      name: "new",
      path: "/staging/new",
      parent_id: expect.any(Number),
    });
    const listed = await listOf<InstanceFolder>(
      h,
      `/api/v1/instance_folders?project=DWH&path=/staging/new`,
      ann,
    );
    expect(listed).toHaveLength(1);
    expect(await paths()).toContain("/staging");
  });

  it("moves a subtree with its instances, versions and folder-level values", async () => {
    const versionOf = async (id: number) =>
      (await h.db.select().from(tablesOf(h.db).instances)).find((i) => i.id === id)?.version ?? 0;
    const before = await versionOf(cat.ledger.id);
    const res = await move(ann, {
      project: "DWH",
      path: "/finance",
      new_path: "/archive/2025/finance",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as FolderMoved).toMatchObject({
      folder: { path: "/archive/2025/finance", name: "finance" },
      from: "/finance",
      folders: 2,
      instances: 2,
    });
    expect(await paths()).not.toContain("/finance");
    expect(await paths()).toEqual(expect.arrayContaining(["/archive", "/archive/2025/finance/gl"]));

    // The instances are at the new path, with a new version saying who moved them.
    const ledger = await instance(cat.ledger.id);
    expect(ledger.folder).toBe("/archive/2025/finance/gl");
    expect(await versionOf(cat.ledger.id)).toBe(before + 1);
    const last = (await versionsOf(cat.ledger.id)).at(-1);
    expect(last).toMatchObject({
      version: before + 1,
      user: "ann@acme.test",
      source: "console",
      message: "Moved from '/finance/gl' to '/archive/2025/finance/gl'",
    });
    const found = await listOf<InstanceListItem>(
      h,
      "/api/v1/instances?project=DWH&folder=/archive/2025/finance/gl",
      ann,
    );
    expect(found.map((i) => i.name).sort()).toEqual(["HELD", "LEDGER"]);

    // The folder-level value moved with its folder; the instance's own stayed with it.
    expect(await resolved({ instance_id: cat.ledger.id }, "V_FOLDER")).toMatchObject({
      value: "from_finance",
      level: "instance_folder",
      instance_folder: "/archive/2025/finance",
    });
    expect(await resolved({ instance_id: cat.ledger.id }, "V_INSTANCE")).toMatchObject({
      value: "only_ledger",
      level: "instance",
    });
  });

  it("renames a folder in place", async () => {
    const res = await move(ann, { project_id: seed.dwh.id, path: "/sales", new_path: "/crm" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ folder: { path: "/crm", name: "crm" } });
    expect((await instance(cat.customer.id)).folder).toBe("/crm");
    // The parent stays the root.
    const crm = (await h.db.select().from(tablesOf(h.db).instanceFolders)).find(
      (f) => f.path === "/crm",
    );
    const root = (await h.db.select().from(tablesOf(h.db).instanceFolders)).find(
      (f) => f.path === "/" && f.projectId === seed.dwh.id,
    );
    expect(crm?.parentId).toBe(root?.id);
  });

  it("deletes an empty folder with the values set at it", async () => {
    expect((await create(ann, { project: "DWH", path: "/empty" })).status).toBe(201);
    const put = await h.call("/api/console/variable_values", ann, {
      method: "PUT",
      body: JSON.stringify({
        project: "DWH",
        pattern: "HUB",
        variable: "V_FOLDER",
        value: "x",
        folder: "/empty",
      }),
    });
    expect(put.status).toBe(200);
    const res = await remove(ann, { project: "DWH", path: "/empty" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ path: "/empty" });
    expect(await paths()).not.toContain("/empty");
    expect(
      (await h.db.select().from(tablesOf(h.db).variableOverrides)).filter((o) => o.value === "x"),
    ).toHaveLength(0);
  });
});

describe("folders: errors", () => {
  it("refuses a move onto an existing folder with 409 naming the path", async () => {
    const res = await move(ann, { project: "DWH", path: "/finance/gl", new_path: "/sales" });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe(
      "Cannot move '/finance/gl' to '/sales': folder '/sales' already exists",
    );
    expect((await instance(cat.ledger.id)).folder).toBe("/finance/gl");
  });

  it("refuses a move into the folder's own subtree with 400 naming new_path", async () => {
    for (const new_path of ["/finance/gl/deeper", "/finance/x"]) {
      const res = await move(ann, { project: "DWH", path: "/finance", new_path });
      expect(res.status, new_path).toBe(400);
      expect(await messageOf(res)).toBe(
        `Invalid value for 'new_path': '${new_path}' lies inside the folder being moved ('/finance')`,
      );
    }
    const same = await move(ann, { project: "DWH", path: "/finance/", new_path: "finance" });
    expect(same.status).toBe(400);
    expect(await messageOf(same)).toContain("new_path");
  });

  it("refuses the root, '..' and paths over the limit, naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ path: "/", new_path: "/x" }, "path"],
      [{ path: "/sales", new_path: "/" }, "new_path"],
      [{ path: "/sales", new_path: "/a/../b" }, "'.' or '..'"],
      [{ path: "/sales", new_path: `/${"x".repeat(40)}` }, "new_path"],
      // The subfolder /finance/gl would pass the 40-character limit at the new place.
      [{ path: "/finance", new_path: `/${"y".repeat(37)}` }, "Folder '/finance/gl' would become"],
      [{ path: "/sales" }, "new_path"],
    ];
    for (const [body, text] of cases) {
      const res = await move(ann, { project: "DWH", ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res)).toContain(text);
    }
    expect(await paths()).toContain("/finance/gl");
    const root = await create(ann, { project: "DWH", path: "/" });
    expect(root.status).toBe(400);
    expect(await messageOf(root)).toContain("'path'");
  });

  it("answers 404 for an unknown folder or project and 409 for an existing one", async () => {
    let res = await move(ann, { project: "DWH", path: "/nope", new_path: "/x" });
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe("A folder with the path '/nope' does not exist!");
    res = await remove(ann, { project: "DWH", path: "/nope" });
    expect(res.status).toBe(404);
    res = await create(ann, { project: "NOPE", path: "/x" });
    expect(res.status).toBe(404);
    res = await create(ann, { project: "DWH", path: "/sales" });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe("Folder '/sales' already exists");
  });

  it("refuses to delete a folder holding instances or folders", async () => {
    let res = await remove(ann, { project: "DWH", path: "/finance" });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe(
      "Folder '/finance' is not empty: it holds 0 instances and 1 folder",
    );
    res = await remove(ann, { project: "DWH", path: "/sales" });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toContain("Folder '/sales' is not empty");
  });

  it("refuses the whole move when an instance inside is checked out by someone else", async () => {
    // HELD in /finance/gl is checked out by ann.
    const res = await move(admin, { project: "DWH", path: "/finance", new_path: "/moved" });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toContain("ann@acme.test");
    expect(await paths()).toContain("/finance/gl");
    expect(await paths()).not.toContain("/moved");
    expect((await instance(cat.ledger.id)).folder).toBe("/finance/gl");
  });

  it("refuses the whole move when an instance's stored name is no longer allowed ('*')", async () => {
    // Names holding '*' from before issue 14 stay stored; the writer refuses them.
    await runStatement(h.db, sql`UPDATE instances SET name = 'ORD*ER' WHERE id = ${cat.order.id}`);
    const res = await move(ann, { project: "DWH", path: "/sales", new_path: "/crm" });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toContain("'*' is not allowed in an instance name");
    expect(await paths()).toContain("/sales");
    expect((await instance(cat.customer.id)).folder).toBe("/sales");
  });

  it("answers 405 for other methods", async () => {
    for (const method of ["GET", "PUT"]) {
      const res = await h.call(URL, ann, { method, body: method === "GET" ? undefined : "{}" });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("Allow")).toBe("POST, PATCH, DELETE");
    }
  });
});

describe("folders: security", () => {
  it("needs a sign-in", async () => {
    await expectNotAuthenticated(h, URL, {
      method: "POST",
      body: JSON.stringify({ project: "DWH", path: "/x" }),
    });
    await expectNotAuthenticated(h, URL, {
      method: "PATCH",
      body: JSON.stringify({ project: "DWH", path: "/sales", new_path: "/x" }),
    });
    await expectNotAuthenticated(h, `${URL}?project=DWH&path=/sales`, { method: "DELETE" });
  });

  it("refuses a viewer with 403 and changes nothing", async () => {
    const before = await paths();
    for (const res of [
      await create(bob, { project: "DWH", path: "/x" }),
      await move(bob, { project: "DWH", path: "/sales", new_path: "/x" }),
      await remove(bob, { project: "DWH", path: "/finance/gl" }),
    ]) {
      expect(res.status).toBe(403);
      expect(await messageOf(res)).toBe(
        "You don't have permissions to write instances in this project!",
      );
    }
    expect(await paths()).toEqual(before);
  });

  it("hides another customer's project", async () => {
    const res = await create(eve, { project_id: seed.dwh.id, path: "/x" });
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe(`No record found for id '${seed.dwh.id}'`);
    const moved = await move(eve, { project: "DWH", path: "/sales", new_path: "/x" });
    expect(moved.status).toBe(404);
  });

  it("lets a bearer token (an API client) move folders", async () => {
    const res = await h.app.request(URL, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${ann}`, "Content-Type": "application/json" },
      body: JSON.stringify({ project: "DWH", path: "/sales", new_path: "/crm" }),
    });
    expect(res.status).toBe(200);
  });
});
