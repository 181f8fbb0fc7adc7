import type { BundlePlan, Script, ScriptTree } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import type { Harness } from "../../../testing/harness.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

const URL = "/api/console/bundles";
const SCRIPTS = "/api/console/metadata/scripts";

let h: Harness;
let seed: Seed;
let admin: string;
let ann: string;
routeSuite({ users: ["admin", "ann"] }, (app) => {
  ({ h, seed } = app);
  ({ admin, ann } = app.tokens);
});

async function saveScript(folder: string, name: string, body: string): Promise<Script> {
  const res = await h.call(SCRIPTS, ann, {
    method: "POST",
    body: JSON.stringify({ project_id: seed.dwh.id, folder, name, body }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Script;
}

async function exportDwh(): Promise<string> {
  const res = await h.call(`${URL}/export?project=DWH`, ann);
  expect(res.status).toBe(200);
  return res.text();
}

async function importText(text: string, dryRun: boolean): Promise<BundlePlan> {
  const res = await h.call(`${URL}${dryRun ? "?dry_run=true" : ""}`, admin, {
    method: "POST",
    body: text,
    headers: { "Content-Type": "application/yaml" },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as BundlePlan;
}

describe("bundles: saved SQL scripts", () => {
  it("exports a project's scripts, which import back without a change", async () => {
    await saveScript("/staging", "load hubs", "SELECT 1;\nSELECT 2");
    await saveScript("/", "top", "SELECT 'top'");
    const text = await exportDwh();
    const dwh = YAML.parse(text).projects[0];
    expect(dwh.scripts).toEqual([
      { folder: "/", name: "top", body: "SELECT 'top'" },
      { folder: "/staging", name: "load hubs", body: "SELECT 1;\nSELECT 2" },
    ]);
    const plan = await importText(text, true);
    expect(plan.customers[0]?.items).toEqual([]);
    expect(plan.customers[0]?.counts.find((c) => c.kind === "script")?.unchanged).toBe(2);
  });

  it("leaves the key out for a project without scripts", async () => {
    expect(YAML.parse(await exportDwh()).projects[0]).not.toHaveProperty("scripts");
  });

  it("creates missing scripts and saves a changed text as a new version", async () => {
    const kept = await saveScript("/staging", "load hubs", "SELECT 1");
    const bundle = YAML.parse(await exportDwh());
    bundle.projects[0].scripts = [
      { folder: "/staging", name: "load hubs", body: "SELECT 1 + 1" },
      { folder: "/new/deep", name: "fresh", body: "SELECT 'fresh'" },
    ];
    const text = YAML.stringify(bundle);
    const plan = await importText(text, true);
    expect(plan.customers[0]?.items).toEqual([
      expect.objectContaining({ kind: "script", name: "/new/deep/fresh", action: "created" }),
      expect.objectContaining({
        kind: "script",
        name: "/staging/load hubs",
        action: "changed",
        changes: [{ field: "body", before: "SELECT 1", after: "SELECT 1 + 1" }],
      }),
    ]);
    await importText(text, false);
    const changed = (await (await h.call(`${SCRIPTS}/${kept.id}`, ann)).json()) as Script;
    expect(changed).toMatchObject({ body: "SELECT 1 + 1", vers_no: 2, updated_by: null });
    const tree = (await (
      await h.call(`${SCRIPTS}?project_id=${seed.dwh.id}`, ann)
    ).json()) as ScriptTree;
    expect(tree.folders.map((f) => f.path)).toEqual(["/new", "/new/deep", "/staging"]);
    // Applied once, the same file plans nothing more.
    expect((await importText(text, true)).customers[0]?.items).toEqual([]);
  });

  it("names the entry of a bad script name", async () => {
    const bundle = YAML.parse(await exportDwh());
    bundle.projects[0].scripts = [{ folder: "/", name: "a/b", body: "" }];
    const res = await h.call(URL, admin, {
      method: "POST",
      body: YAML.stringify(bundle),
      headers: { "Content-Type": "application/yaml" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(
      "projects[0].scripts[0].name",
    );
  });
});
