import type { MetadataExecution, Script, ScriptRun } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import type { Harness } from "../../../../testing/harness.ts";
import { expectNotAuthenticated, messageOf } from "../../../../testing/route-checks.ts";
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

async function script(body: string, projectId = seed.dwh.id, token = ann): Promise<Script> {
  const res = await h.call(URL, token, {
    method: "POST",
    body: JSON.stringify({ project_id: projectId, folder: "/checks", name: "count", body }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Script;
}

/** POST /api/console/metadata/run from a script (the editor's Run script or Run statement). */
const run = (statement: string, scriptId: unknown, token = ann, projectId = seed.dwh.id) =>
  h.call("/api/console/metadata/run", token, {
    method: "POST",
    body: JSON.stringify({ project_id: projectId, statement, script_id: scriptId }),
  });

const runs = async (id: number, token = ann) => {
  const res = await h.call(`${URL}/${id}/runs`, token);
  expect(res.status).toBe(200);
  return (await res.json()) as ScriptRun[];
};

describe("script runs: happy path", () => {
  it("records runs against the script and its version, every user's, newest first", async () => {
    const s = await script("SELECT 1 AS one; SELECT 2 AS two");
    expect((await run("SELECT 1 AS one; SELECT 2 AS two", s.id)).status).toBe(200);
    await h.call(`${URL}/${s.id}`, ann, {
      method: "PATCH",
      body: JSON.stringify({ body: "SELECT 2 AS two", base_version: 1 }),
    });
    // The statement at the cursor, by a viewer: reading runs need only access.
    expect((await run("SELECT 2 AS two", s.id, bob)).status).toBe(200);
    const list = await runs(s.id);
    expect(list).toEqual([
      expect.objectContaining({
        statement: "SELECT 2 AS two",
        status: "FINISHED",
        script_id: s.id,
        script_version: 2,
        user: "bob@acme.test",
        row_count: 1,
      }),
      expect.objectContaining({
        statement: "SELECT 1 AS one; SELECT 2 AS two",
        script_id: s.id,
        script_version: 1,
        user: "ann@acme.test",
      }),
    ]);
  });

  it("shows the script in the caller's own history; a run without a script has none", async () => {
    const s = await script("SELECT 1");
    await run("SELECT 1", s.id);
    await run("SELECT 'loose'", undefined);
    const res = await h.call(`/api/console/metadata/history?project_id=${seed.dwh.id}`, ann);
    const [loose, fromScript] = (await res.json()) as MetadataExecution[];
    expect(loose).toMatchObject({
      statement: "SELECT 'loose'",
      script_id: null,
      script_version: null,
    });
    expect(fromScript).toMatchObject({ script_id: s.id, script_version: 1 });
    expect(await runs(s.id)).toHaveLength(1);
  });

  it("keeps failed runs too, and limits the list with $limit", async () => {
    const s = await script("SELECT nope FROM @TABLES.MISSING");
    await run("SELECT nope FROM @TABLES.MISSING", s.id);
    await run("SELECT 1", s.id);
    const [last, failed] = await runs(s.id);
    expect(last?.status).toBe("FINISHED");
    expect(failed).toMatchObject({ status: "ERROR", script_id: s.id });
    const one = await h.call(`${URL}/${s.id}/runs?$limit=1`, ann);
    expect(((await one.json()) as ScriptRun[]).length).toBe(1);
  });
});

describe("script runs: errors", () => {
  it("refuses a script id that is not in the run's project, before running", async () => {
    const res = await run("SELECT 1", 999999);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(
      "Invalid value for 'script_id': no script 999999 in this project",
    );
    const bad = await run("SELECT 1", "one");
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toContain("script_id");
  });

  it("keeps the v1 body as the reference defines it (script_id is the console's)", async () => {
    const s = await script("SELECT 1");
    const res = await h.call("/api/v1/metadata", ann, {
      method: "POST",
      body: JSON.stringify({ project_id: seed.dwh.id, statement: "SELECT 1", script_id: s.id }),
    });
    expect(res.status).toBe(400);
  });
});

describe("script runs: security", () => {
  it("needs a token", async () => {
    const s = await script("SELECT 1");
    await expectNotAuthenticated(h, `${URL}/${s.id}/runs`);
  });

  it("cannot record a run against another customer's script, nor read its runs", async () => {
    const mine = await script("SELECT 'acme only'");
    await run("SELECT 'acme only'", mine.id);
    const res = await run("SELECT 1", mine.id, eve, seed.foreign.id);
    expect(res.status).toBe(400);
    expect((await h.call(`${URL}/${mine.id}/runs`, eve)).status).toBe(404);
  });

  it("cannot record a run against a script of another project of the same customer", async () => {
    const admin = await h.token("admin@acme.test");
    const lakeScript = await script("SELECT 1", seed.lake.id, admin);
    const res = await run("SELECT 1", lakeScript.id, ann, seed.dwh.id);
    expect(res.status).toBe(400);
    expect((await h.call(`${URL}/${lakeScript.id}/runs`, bob)).status).toBe(403);
  });
});
