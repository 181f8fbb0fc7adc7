import type { AuditEvent } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

// The authoring writes of issue 13 (folders, projects, patterns, bundles) record
// one event each, inside their transaction (docs/audit-log.md).

let h: Harness;
let seed: Seed;
let cat: BuildCatalog;
let ann: string;
let admin: string;
routeSuite(
  { users: ["ann", "admin"], fixture: async (h, seed) => await seedBuildCatalog(h.db, seed) },
  (app) => {
    ({
      h,
      seed,
      fixture: cat,
      tokens: { ann, admin },
    } = app);
  },
);

const send = (method: string, path: string, token: string, body?: unknown, type?: string) =>
  h.call(path, token, {
    method,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    headers: type ? { "Content-Type": type } : undefined,
  });

async function ok(res: Response | Promise<Response>) {
  const r = await res;
  expect(r.status, await r.clone().text()).toBeLessThan(300);
  return r;
}

async function events(query: string): Promise<AuditEvent[]> {
  const res = await h.call(`/api/console/audit?${query}`, admin);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AuditEvent[];
}

describe("audit: folders and projects", () => {
  it("records a folder's creation, one move event for its subtree, and its deletion", async () => {
    await ok(send("POST", "/api/console/folders", ann, { project: "DWH", path: "/audit/new" }));
    await ok(
      send("PATCH", "/api/console/folders", ann, {
        project: "DWH",
        path: "/sales",
        new_path: "/archive/sales",
      }),
    );
    await ok(send("DELETE", "/api/console/folders?project=DWH&path=%2Faudit%2Fnew", ann));
    const folderEvents = await events("action=folder.");
    expect(folderEvents.map((e) => e.action)).toEqual([
      "folder.delete",
      "folder.move",
      "folder.create",
    ]);
    const move = folderEvents[1] as AuditEvent;
    expect(move).toMatchObject({
      project_id: seed.dwh.id,
      before: { path: "/sales" },
      after: { path: "/archive/sales", folders: 1 },
    });
    expect((move.after as { instances: number }).instances).toBeGreaterThan(1);
    // The move stands for its instances: no instance.update per moved instance.
    expect(await events("action=instance.update")).toEqual([]);
  });

  it("records a project's creation, rename and disabling", async () => {
    const made = await ok(send("POST", "/api/console/projects", admin, { name: "AUDITED" }));
    const { id } = (await made.json()) as { id: number };
    await ok(send("PATCH", `/api/console/projects/${id}`, admin, { name: "AUDITED_2" }));
    await ok(send("PATCH", `/api/console/projects/${id}`, admin, { disabled: true }));
    // Nothing changed: nothing recorded.
    await ok(send("PATCH", `/api/console/projects/${id}`, admin, { disabled: true }));
    const projectEvents = await events("action=project.");
    expect(projectEvents.map((e) => [e.action, e.before, e.after])).toEqual([
      ["project.disable", { disabled: false }, { disabled: true }],
      ["project.rename", { name: "AUDITED" }, { name: "AUDITED_2" }],
      ["project.create", null, { name: "AUDITED" }],
    ]);
  });
});

describe("audit: patterns and bundles", () => {
  it("records a pattern save with its new version; a dry run records nothing", async () => {
    const loaded = (await (
      await ok(h.call(`/api/console/patterns/${cat.hub.id}`, admin))
    ).json()) as {
      definition: { description: string | null };
      version: number;
    };
    const body = {
      ...loaded.definition,
      description: "audited",
      base_version: loaded.version,
    };
    await ok(send("PUT", `/api/console/patterns/${cat.hub.id}?dry_run=true`, admin, body));
    expect(await events("action=pattern.")).toEqual([]);
    await ok(send("PUT", `/api/console/patterns/${cat.hub.id}`, admin, body));
    const [saved] = await events("action=pattern.");
    expect(saved).toMatchObject({
      action: "pattern.update",
      target_kind: "pattern",
      before: { version: loaded.version },
      after: { version: loaded.version + 1, invalid_instances: 0 },
    });
  });

  it("records an applied bundle import once, and a dry run not at all", async () => {
    const exported = await ok(h.call("/api/console/bundles/export?project=DWH", admin));
    const yaml = await exported.text();
    await ok(send("POST", "/api/console/bundles?dry_run=true", admin, yaml, "application/yaml"));
    expect(await events("action=bundle.")).toEqual([]);
    await ok(send("POST", "/api/console/bundles", admin, yaml, "application/yaml"));
    const applied = await events("action=bundle.");
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ action: "bundle.apply", target_label: "Acme" });
  });
});
