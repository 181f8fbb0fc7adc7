import type { AdminGrantMatrix, Me, PatternAuthoring } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { messageOf } from "../../../testing/route-checks.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

// Issue 25 item 3: the customer-wide `develop_patterns` grant (docs/identity.md).
const URL = "/api/console/patterns";
const GRANT = "/api/console/admin/customer-grants";

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

const send = (method: string, path: string, token: string | undefined, body?: unknown) =>
  h.call(path, token, { method, body: body === undefined ? undefined : JSON.stringify(body) });

const grant = (as: string, userId: number, granted = true) =>
  send("PUT", GRANT, as, { user_id: userId, permission: "develop_patterns", granted });

async function me(token: string): Promise<Me> {
  return (await (await h.call("/api/console/me", token)).json()) as Me;
}

async function hubEdit(token: string) {
  const loaded = (await (await h.call(`${URL}/${cat.hub.id}`, token)).json()) as PatternAuthoring;
  const definition = { ...loaded.definition, description: "edited by a developer" };
  return send("PUT", `${URL}/${cat.hub.id}`, token, {
    ...definition,
    base_version: loaded.version,
  });
}

const editedPreview = (token: string) =>
  send("POST", `${URL}/${cat.hub.id}/preview`, token, {
    instance_id: cat.customer.id,
    templates: [{ path: "x.sql", body: "-- {{ instance.name }}" }],
  });

describe("develop_patterns", () => {
  it("lets a non-admin create and edit patterns and preview edited templates", async () => {
    expect((await hubEdit(bob)).status).toBe(403);
    expect((await editedPreview(bob)).status).toBe(403);
    expect((await me(bob)).develop_patterns).toBe(false);
    expect((await grant(admin, seed.bob.id)).status).toBe(200);
    expect((await me(bob)).develop_patterns).toBe(true);
    expect((await hubEdit(bob)).status).toBe(200);
    expect((await editedPreview(bob)).status).toBe(200);
    const created = await send("POST", URL, bob, {
      name: "LINK",
      properties: [{ name: "COLUMN_NAME", datatype: "string", required: true }],
      templates: [{ path: "{{ instance.name }}.sql", body: "-- link" }],
      deployments: [{ name: "to-folder", kind: "directory", config: { target: "./out" } }],
      snippets: [{ name: "header", body: "x" }],
    });
    expect(created.status, await created.clone().text()).toBe(201);
  });

  it("is taken back at once", async () => {
    await grant(admin, seed.bob.id);
    expect((await hubEdit(bob)).status).toBe(200);
    expect((await grant(admin, seed.bob.id, false)).status).toBe(200);
    const refused = await hubEdit(bob);
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toContain("Develop patterns");
  });

  it("is listed in the grants matrix and recorded in the audit log", async () => {
    await grant(admin, seed.ann.id);
    const matrix = (await (
      await h.call("/api/console/admin/grants", admin)
    ).json()) as AdminGrantMatrix;
    expect(matrix.customer_grants).toEqual([
      { user_id: seed.ann.id, permission: "develop_patterns" },
    ]);
    const audit = (await (await h.call("/api/console/audit", admin)).json()) as {
      action: string;
      after: unknown;
    }[];
    expect(audit.find((e) => e.action === "grant.change")?.after).toEqual({
      develop_patterns: true,
    });
  });

  it("reading and previewing the stored templates needs only access to the instance", async () => {
    expect((await h.call(`${URL}/${cat.hub.id}/templates`, bob)).status).toBe(200);
    const stored = await send("POST", `${URL}/${cat.hub.id}/preview`, bob, {
      instance_id: cat.customer.id,
    });
    expect(stored.status).toBe(200);
  });

  it("only admins give it; another customer's user is 404", async () => {
    expect((await grant(ann, seed.bob.id)).status).toBe(403);
    expect((await grant(admin, seed.eve.id)).status).toBe(404);
    const bad = await send("PUT", GRANT, admin, {
      user_id: seed.bob.id,
      permission: "root",
      granted: true,
    });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toContain("permission");
    expect((await me(eve)).develop_patterns).toBe(false);
    expect((await me(admin)).develop_patterns).toBe(true);
  });

  it("an API token carries it only when named and held by its owner", async () => {
    const token = (body: Record<string, unknown>, as = bob) =>
      send("POST", "/api/console/tokens", as, {
        name: "patterns-ci",
        project: "DWH",
        expires_in_days: 1,
        ...body,
      });
    expect((await token({ permissions: ["access", "develop_patterns"] })).status).toBe(403);
    await grant(admin, seed.bob.id);
    const named = await token({ permissions: ["access", "develop_patterns"] });
    expect(named.status).toBe(201);
    expect((await hubEdit(((await named.json()) as { token: string }).token)).status).toBe(200);
    const unnamed = await token({ permissions: ["access"] });
    expect((await hubEdit(((await unnamed.json()) as { token: string }).token)).status).toBe(403);
  });
});
