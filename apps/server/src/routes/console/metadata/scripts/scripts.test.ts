import type { Script, ScriptFolderMoved, ScriptTree } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import type { Harness } from "../../../../testing/harness.ts";
import {
  expectNotAuthenticated,
  expectRecordNotFound,
  messageOf,
} from "../../../../testing/route-checks.ts";
import { type Seed, routeSuite } from "../../../../testing/route-suite.ts";

const URL = "/api/console/metadata/scripts";

let h: Harness;
let seed: Seed;
let ann: string;
let bob: string;
let eve: string;
routeSuite({ users: ["ann", "bob", "eve"] }, (app) => {
  ({
    h,
    seed,
    tokens: { ann, bob, eve },
  } = app);
});

const send = (method: string, path: string, token: string | undefined, body?: object) =>
  h.call(`${URL}${path}`, token, { method, body: body && JSON.stringify(body) });
const dwh = () => ({ project_id: seed.dwh.id });

async function create(body: object, token = ann): Promise<Script> {
  const res = await send("POST", "", token, { ...dwh(), ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Script;
}
async function tree(token = ann): Promise<ScriptTree> {
  const res = await h.call(`${URL}?project_id=${seed.dwh.id}`, token);
  expect(res.status).toBe(200);
  return (await res.json()) as ScriptTree;
}

describe("metadata scripts: happy path", () => {
  it("saves a script in a new folder and lists it with its folders", async () => {
    const script = await create({ folder: "staging/hubs/", name: " load hubs ", body: "SELECT 1" });
    expect(script).toMatchObject({
      folder: "/staging/hubs",
      name: "load hubs",
      body: "SELECT 1",
      vers_no: 1,
      updated_by: "ann@acme.test",
    });
    const t = await tree();
    expect(t.folders.map((f) => f.path)).toEqual(["/staging", "/staging/hubs"]);
    expect(t.scripts).toEqual([
      expect.objectContaining({ id: script.id, folder: "/staging/hubs", name: "load hubs" }),
    ]);
    expect(t.scripts[0]).not.toHaveProperty("body");
    const opened = await h.call(`${URL}/${script.id}`, bob);
    expect(((await opened.json()) as Script).body).toBe("SELECT 1");
  });

  it("keeps every save as a version with who and when, and opens an old one", async () => {
    const script = await create({ name: "s", body: "SELECT 1" });
    const saved = await send("PATCH", `/${script.id}`, ann, { body: "SELECT 2", base_version: 1 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ body: "SELECT 2", vers_no: 2 });
    const renamed = await send("PATCH", `/${script.id}`, ann, {
      name: "t",
      folder: "/x",
      base_version: 2,
    });
    expect(await renamed.json()).toMatchObject({ name: "t", folder: "/x", vers_no: 3 });
    const versions = await (await h.call(`${URL}/${script.id}/versions`, bob)).json();
    expect(versions).toEqual([
      expect.objectContaining({ vers_no: 3, name: "t", folder: "/x", user: "ann@acme.test" }),
      expect.objectContaining({ vers_no: 2, name: "s", folder: "/" }),
      expect.objectContaining({ vers_no: 1, name: "s" }),
    ]);
    const first = (await (await h.call(`${URL}/${script.id}/versions/1`, bob)).json()) as {
      at: string;
    };
    expect(first).toMatchObject({ vers_no: 1, body: "SELECT 1", user: "ann@acme.test" });
    expect(typeof first.at).toBe("string");
  });

  it("takes the base version from If-Match as well", async () => {
    const script = await create({ name: "s", body: "SELECT 1" });
    const res = await h.call(`${URL}/${script.id}`, ann, {
      method: "PATCH",
      headers: { "If-Match": '"1"' },
      body: JSON.stringify({ body: "SELECT 3" }),
    });
    expect(res.status).toBe(200);
  });

  it("renames a folder with its subfolders and scripts, and deletes an empty one", async () => {
    const script = await create({ folder: "/a/b", name: "s" });
    const res = await send("PATCH", "/folders", ann, { ...dwh(), path: "/a", new_path: "/z/a2" });
    expect(res.status).toBe(200);
    expect((await res.json()) as ScriptFolderMoved).toMatchObject({
      from: "/a",
      folder: { path: "/z/a2" },
      folders: 2,
      scripts: 1,
    });
    expect((await tree()).folders.map((f) => f.path)).toEqual(["/z", "/z/a2", "/z/a2/b"]);
    expect(((await (await h.call(`${URL}/${script.id}`, ann)).json()) as Script).folder).toBe(
      "/z/a2/b",
    );
    const made = await send("POST", "/folders", ann, { ...dwh(), path: "/empty" });
    expect(made.status).toBe(201);
    const q = new URLSearchParams({ project_id: String(seed.dwh.id), path: "/empty" });
    expect((await send("DELETE", `/folders?${q}`, ann)).status).toBe(200);
  });

  it("deletes a script with its versions", async () => {
    const script = await create({ name: "gone" });
    const res = await send("DELETE", `/${script.id}?base_version=1`, ann);
    expect(res.status).toBe(200);
    expect((await tree()).scripts).toEqual([]);
    expect((await h.call(`${URL}/${script.id}`, ann)).status).toBe(404);
  });

  it("records each change in the audit log", async () => {
    const script = await create({ name: "audited", body: "SELECT 1" });
    await send("PATCH", `/${script.id}`, ann, { body: "SELECT 2", base_version: 1 });
    const res = await h.call(
      `/api/console/audit?project_id=${seed.dwh.id}`,
      await h.token("admin@acme.test"),
    );
    const events = (await res.json()) as { action: string; after: unknown }[];
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(["script.create", "script.update"]),
    );
    expect(events.find((e) => e.action === "script.update")?.after).toEqual({ body: "SELECT 2" });
  });
});

describe("metadata scripts: errors", () => {
  it("answers 409 for a name taken in the folder, and for an existing folder", async () => {
    await create({ folder: "/f", name: "dup" });
    const res = await send("POST", "", ann, { ...dwh(), folder: "/f/", name: "dup" });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe("A script named 'dup' already exists in folder '/f'");
    const other = await create({ name: "dup" });
    const moved = await send("PATCH", `/${other.id}`, ann, { folder: "/f", base_version: 1 });
    expect(moved.status).toBe(409);
    const folder = await send("POST", "/folders", ann, { ...dwh(), path: "/f" });
    expect(folder.status).toBe(409);
    expect(await messageOf(folder)).toBe("Script folder '/f' already exists");
  });

  it("answers 409 naming the newer version when the save is based on an old one", async () => {
    const script = await create({ name: "s", body: "SELECT 1" });
    await send("PATCH", `/${script.id}`, ann, { body: "SELECT 2", base_version: 1 });
    const stale = await send("PATCH", `/${script.id}`, ann, { body: "SELECT 3", base_version: 1 });
    expect(stale.status).toBe(409);
    expect(await messageOf(stale)).toBe(
      "Script '/s' was saved as version 2 by ann@acme.test after version 1 that this change is based on",
    );
    const del = await send("DELETE", `/${script.id}?base_version=1`, ann);
    expect(del.status).toBe(409);
  });

  it("requires a base version to save or delete", async () => {
    const script = await create({ name: "s" });
    const res = await send("PATCH", `/${script.id}`, ann, { body: "x" });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toContain("'base_version' is required");
    expect((await send("DELETE", `/${script.id}`, ann)).status).toBe(400);
  });

  it("names the field of an invalid name or path", async () => {
    const empty = await send("POST", "", ann, { ...dwh(), name: "  " });
    expect(empty.status).toBe(400);
    expect(await messageOf(empty)).toBe("Invalid value for 'name': a script name is required");
    const slash = await send("POST", "", ann, { ...dwh(), name: "a/b" });
    expect(await messageOf(slash)).toContain("Invalid value for 'name'");
    const dots = await send("POST", "", ann, { ...dwh(), folder: "/a/../b", name: "s" });
    expect(dots.status).toBe(400);
    const unknown = await send("POST", "", ann, { ...dwh(), name: "s", colour: 1 });
    expect(unknown.status).toBe(400);
    const inside = await create({ folder: "/p", name: "s" });
    expect(inside.id).toBeGreaterThan(0);
    const into = await send("PATCH", "/folders", ann, { ...dwh(), path: "/p", new_path: "/p/q" });
    expect(into.status).toBe(400);
    expect(await messageOf(into)).toContain("Invalid value for 'new_path'");
  });

  it("refuses to delete a folder that is not empty, and answers 404 for unknown ones", async () => {
    await create({ folder: "/full", name: "s" });
    const q = new URLSearchParams({ project_id: String(seed.dwh.id), path: "/full" });
    const res = await send("DELETE", `/folders?${q}`, ann);
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe(
      "Script folder '/full' is not empty: it holds 1 script and 0 folders",
    );
    q.set("path", "/none");
    expect((await send("DELETE", `/folders?${q}`, ann)).status).toBe(404);
    expect((await h.call(`${URL}/999999`, ann)).status).toBe(404);
    const script = await create({ name: "v" });
    expect((await h.call(`${URL}/${script.id}/versions/7`, ann)).status).toBe(404);
  });

  it("answers 405 for methods the paths do not have", async () => {
    expect((await send("PUT", "", ann)).status).toBe(405);
    expect((await send("GET", "/folders", ann)).status).toBe(405);
    const script = await create({ name: "s" });
    expect((await send("PUT", `/${script.id}`, ann)).status).toBe(405);
    expect((await send("POST", `/${script.id}/versions`, ann)).status).toBe(405);
  });
});

describe("metadata scripts: security", () => {
  it("refuses requests without a token", async () => {
    await expectNotAuthenticated(h, `${URL}?project_id=${seed.dwh.id}`);
    await expectNotAuthenticated(h, URL, {
      method: "POST",
      body: JSON.stringify({ ...dwh(), name: "s" }),
      headers: { "Content-Type": "application/json" },
    });
  });

  it("lets a viewer list and open but not write (403)", async () => {
    const script = await create({ folder: "/f", name: "s" });
    expect((await tree(bob)).scripts).toHaveLength(1);
    const writes = [
      await send("POST", "", bob, { ...dwh(), name: "t" }),
      await send("PATCH", `/${script.id}`, bob, { body: "x", base_version: 1 }),
      await send("DELETE", `/${script.id}?base_version=1`, bob),
      await send("POST", "/folders", bob, { ...dwh(), path: "/g" }),
      await send("PATCH", "/folders", bob, { ...dwh(), path: "/f", new_path: "/g" }),
    ];
    for (const res of writes) {
      expect(res.status).toBe(403);
      expect(await messageOf(res)).toBe(
        "You don't have permissions to write instances in this project!",
      );
    }
    expect(((await (await h.call(`${URL}/${script.id}`, bob)).json()) as Script).vers_no).toBe(1);
  });

  it("refuses a project without the access grant, and hides another customer's scripts", async () => {
    const lake = await h.call(`${URL}?project_id=${seed.lake.id}`, bob);
    expect(lake.status).toBe(403);
    const script = await create({ name: "mine", body: "SELECT 'secret'" });
    for (const path of [
      `/${script.id}`,
      `/${script.id}/versions`,
      `/${script.id}/versions/1`,
      `/${script.id}/runs`,
    ])
      expect((await h.call(`${URL}${path}`, eve)).status).toBe(404);
    const patch = await send("PATCH", `/${script.id}`, eve, { body: "x", base_version: 1 });
    expect(patch.status).toBe(404);
    expect((await h.call(`${URL}?project_id=${seed.dwh.id}`, eve)).status).toBe(404);
  });

  it("answers another customer's script id exactly as a missing one, naming that id", async () => {
    // Ids apart from the project's, which the answer must not carry instead.
    for (const name of ["one", "two", "three"]) await create({ name });
    const script = await create({ name: "mine", body: "SELECT 'secret'" });
    expect(script.id).not.toBe(seed.dwh.id);
    const missing = script.id + 1000;
    for (const id of [script.id, missing])
      for (const path of [`/${id}`, `/${id}/versions`, `/${id}/versions/1`, `/${id}/runs`])
        await expectRecordNotFound(h, `${URL}${path}`, eve, id);
    for (const id of [script.id, missing]) {
      const patch = await send("PATCH", `/${id}`, eve, { body: "x", base_version: 1 });
      const remove = await send("DELETE", `/${id}?base_version=1`, eve);
      for (const res of [patch, remove]) {
        expect(res.status).toBe(404);
        expect(await messageOf(res)).toBe(`No record found for id '${id}'`);
      }
    }
  });
});
