import type { Project } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { expectNotAuthenticated, listOf, messageOf } from "../../../testing/route-checks.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

const URL = "/api/console/projects";

let h: Harness;
let seed: Seed;
let ann: string;
let bob: string;
let admin: string;
let eve: string;
routeSuite({ users: ["ann", "bob", "admin", "eve"] }, (app) => {
  ({
    h,
    seed,
    tokens: { ann, bob, admin, eve },
  } = app);
});

const create = (token: string | undefined, body: Record<string, unknown>) =>
  h.call(URL, token, { method: "POST", body: JSON.stringify(body) });
const patch = (token: string | undefined, id: number, body: Record<string, unknown>) =>
  h.call(`${URL}/${id}`, token, { method: "PATCH", body: JSON.stringify(body) });
const names = async (token: string) =>
  (await listOf<Project>(h, "/api/v1/projects", token)).map((p) => p.name).sort();

describe("projects: happy path", () => {
  it("creates a project that /api/v1/projects lists at once", async () => {
    const res = await create(admin, { name: " MART " });
    expect(res.status, await res.clone().text()).toBe(201);
    const project = (await res.json()) as Project;
    expect(project).toMatchObject({ name: "MART", disabled: false, deleted: false });
    expect(await names(admin)).toEqual(["DWH", "LAKE", "MART"]);
  });

  it("renames a project; lists and name lookups see the new name at once", async () => {
    const res = await patch(admin, seed.dwh.id, { name: "WAREHOUSE" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ id: seed.dwh.id, name: "WAREHOUSE" });
    expect(await names(ann)).toEqual(["WAREHOUSE"]);
    const byName = await h.call("/api/v1/instances?project=WAREHOUSE", ann);
    expect(byName.status).toBe(200);
  });

  it("disables a project: hidden from non-admins, writes refused, admins still read", async () => {
    const res = await patch(admin, seed.dwh.id, { disabled: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ disabled: true });

    expect(await names(ann)).toEqual([]);
    expect(await names(admin)).toEqual(["DWH", "LAKE"]);
    const read = await h.call("/api/v1/instances?project=DWH", ann);
    expect(read.status).toBe(403);
    expect(await messageOf(read)).toBe("Project 'DWH' is disabled");
    expect((await h.call("/api/v1/instances?project=DWH", admin)).status).toBe(200);

    const message =
      "Project 'DWH' is disabled: its instances and builds cannot change until an administrator enables it";
    for (const token of [ann, admin]) {
      const write = await h.call("/api/console/folders", token, {
        method: "POST",
        body: JSON.stringify({ project: "DWH", path: "/new" }),
      });
      expect(write.status).toBe(403);
      expect(await messageOf(write)).toBe(message);
      const build = await h.call("/api/v1/builds", token, {
        method: "POST",
        body: JSON.stringify({ project: "DWH", instances: [{ id: 1 }] }),
      });
      expect(build.status).toBe(403);
      expect(await messageOf(build)).toBe(message);
    }

    // Enabled again, everything is back.
    expect((await patch(admin, seed.dwh.id, { disabled: false })).status).toBe(200);
    expect(await names(ann)).toEqual(["DWH"]);
    const write = await h.call("/api/console/folders", ann, {
      method: "POST",
      body: JSON.stringify({ project: "DWH", path: "/new" }),
    });
    expect(write.status).toBe(201);
  });
});

describe("projects: errors", () => {
  it("refuses a name the customer uses already with 409", async () => {
    let res = await create(admin, { name: "LAKE" });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe("A project with the name 'LAKE' already exists");
    res = await patch(admin, seed.dwh.id, { name: "LAKE" });
    expect(res.status).toBe(409);
    // Its own name is no collision; another customer's names are no concern.
    expect((await patch(admin, seed.dwh.id, { name: "DWH" })).status).toBe(200);
    expect((await create(admin, { name: "GLOBEX_DWH" })).status).toBe(201);
  });

  it("answers 400 naming the field for an empty, missing or too long name", async () => {
    for (const body of [{ name: "  " }, {}, { name: "x".repeat(201) }, { name: "A", extra: 1 }]) {
      const res = await create(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res)).toMatch(/name|extra/);
    }
    const res = await patch(admin, seed.dwh.id, {});
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toContain("Give at least one of name, disabled");
  });

  it("answers 404 for an unknown project and 405 for other methods", async () => {
    const res = await patch(admin, 99999, { name: "X" });
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe("No record found for id '99999'");
    const get = await h.call(URL, admin);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });
});

describe("projects: security", () => {
  it("needs a sign-in", async () => {
    await expectNotAuthenticated(h, URL, { method: "POST", body: JSON.stringify({ name: "X" }) });
    await expectNotAuthenticated(h, `${URL}/${seed.dwh.id}`, {
      method: "PATCH",
      body: JSON.stringify({ name: "X" }),
    });
  });

  it("refuses non-admins with 403 and changes nothing", async () => {
    for (const token of [ann, bob]) {
      let res = await create(token, { name: "MINE" });
      expect(res.status).toBe(403);
      expect(await messageOf(res)).toBe("Only administrators may create and change projects!");
      res = await patch(token, seed.dwh.id, { disabled: true });
      expect(res.status).toBe(403);
    }
    expect(await names(admin)).toEqual(["DWH", "LAKE"]);
  });

  it("hides another customer's project as missing", async () => {
    const res = await patch(admin, seed.foreign.id, { name: "TAKEN" });
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe(`No record found for id '${seed.foreign.id}'`);
    // eve is no admin of her customer either.
    expect((await patch(eve, seed.foreign.id, { name: "TAKEN" })).status).toBe(403);
  });
});
