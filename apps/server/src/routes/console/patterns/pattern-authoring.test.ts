import type {
  PatternAuthoring,
  PatternSaveResult,
  PatternVersionDetail,
  PatternVersionList,
} from "@metabuild/contract";
import { schema } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { buildClient } from "../../../testing/build-client.ts";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { expectNotAuthenticated, messageOf } from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

const URL = "/api/console/patterns";

let h: Harness;
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
      fixture: cat,
      tokens: { ann, bob, admin, eve },
    } = app);
  },
);

const send = (method: string, path: string, token: string | undefined, body?: unknown) =>
  h.call(path, token, { method, body: body === undefined ? undefined : JSON.stringify(body) });

async function load(id = cat.hub.id, token = admin): Promise<PatternAuthoring> {
  const res = await h.call(`${URL}/${id}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PatternAuthoring;
}

/** The HUB definition with `change` applied, based on its current version. */
async function edited(change: (d: PatternAuthoring["definition"]) => void) {
  const { definition, version } = await load();
  change(definition);
  return { ...definition, base_version: version };
}

const NEW_PATTERN = {
  name: "LINK",
  description: "Links two hubs",
  properties: [{ name: "COLUMN_NAME", datatype: "string", required: true }],
  functional_roles: [{ name: "HUB_KEY", cardinality_min: "1", cardinality_max: "N" }],
  variables: [{ name: "SCHEMA", default: "dwh" }],
  templates: [{ path: "{{ instance.name }}.sql", body: "-- {% render 'header' %}" }],
  deployments: [{ name: "to-folder", kind: "directory", config: { target: "./out" } }],
  snippets: [{ name: "header", body: "{{ pattern.name }} v{{ pattern.vers_no }}" }],
};

const hubInstances = async () =>
  (await h.db.select().from(schema.instances)).filter((i) => i.patternId === cat.hub.id);
const validHubInstances = async () =>
  (await hubInstances()).filter((i) => !i.deleted && i.errors === 0).length;
const invalidHubInstances = async () => (await hubInstances()).filter((i) => i.errors > 0).length;

describe("pattern authoring: happy path", () => {
  it("creates a pattern at version 1 with every part, listed in its versions", async () => {
    const res = await send("POST", URL, admin, NEW_PATTERN);
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as PatternAuthoring;
    expect(created.version).toBe(1);
    expect(created.pattern).toMatchObject({ name: "LINK", vers_no: "1" });
    expect(created.definition).toMatchObject({
      name: "LINK",
      properties: [{ name: "COLUMN_NAME", required: true }],
      functional_roles: [{ name: "HUB_KEY", cardinality_min: "1" }],
      variables: [{ name: "SCHEMA", default: "dwh" }],
      templates: NEW_PATTERN.templates,
      deployments: [{ name: "to-folder", kind: "directory" }],
      snippets: NEW_PATTERN.snippets,
    });
    const versions = (await (
      await h.call(`${URL}/${created.pattern.id}/versions`, ann)
    ).json()) as PatternVersionList;
    expect(versions.data).toEqual([
      { version: 1, user: "admin@acme.test", created_at: expect.any(String) },
    ]);
  });

  it("saves an edit as the next version with who and when; the old one stays readable", async () => {
    const body = await edited((d) => {
      d.description = "Hubs, edited";
      d.templates.push({ path: "extra.txt", body: "{% render 'x' %}" });
      d.snippets = [{ name: "x", body: "snippet text" }];
    });
    expect(body.base_version).toBe(1);
    const res = await send("PUT", `${URL}/${cat.hub.id}`, admin, body);
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = (await res.json()) as PatternSaveResult;
    expect(saved).toMatchObject({ version: 2, dry_run: false, pattern: { vers_no: "2" } });
    const now = await load();
    expect(now.version).toBe(2);
    expect(now.definition.description).toBe("Hubs, edited");
    expect(now.definition.snippets).toEqual([{ name: "x", body: "snippet text" }]);

    const versions = (await (
      await h.call(`${URL}/${cat.hub.id}/versions`, bob)
    ).json()) as PatternVersionList;
    // The state before the first console save is version 1 (nobody saved it here).
    expect(versions.data.map((v) => [v.version, v.user])).toEqual([
      [1, null],
      [2, "admin@acme.test"],
    ]);
    const first = (await (
      await h.call(`${URL}/${cat.hub.id}/versions/1`, bob)
    ).json()) as PatternVersionDetail;
    expect(first.definition.description).not.toBe("Hubs, edited");
    expect(first.definition.snippets).toEqual([]);
  });

  it("re-validates the instances and counts those that became invalid; dry_run stores nothing", async () => {
    const validBefore = await validHubInstances();
    const invalidBefore = await invalidHubInstances();
    const body = await edited((d) => {
      d.properties.push({ name: "LENGTH", datatype: "integer", required: true });
    });
    const dry = await send("PUT", `${URL}/${cat.hub.id}?dry_run=true`, admin, body);
    expect(dry.status, await dry.clone().text()).toBe(200);
    expect(await dry.json()).toMatchObject({
      dry_run: true,
      version: 2,
      invalid_instances: validBefore,
    });
    // Nothing stored: same version, no LENGTH, same invalid instances, no versions.
    expect((await load()).version).toBe(1);
    expect((await load()).definition.properties.map((p) => p.name)).not.toContain("LENGTH");
    expect(await invalidHubInstances()).toBe(invalidBefore);
    expect(await h.db.select().from(schema.patternVersions)).toEqual([]);

    const real = await send("PUT", `${URL}/${cat.hub.id}`, admin, body);
    expect(await real.json()).toMatchObject({ dry_run: false, invalid_instances: validBefore });
    expect(await validHubInstances()).toBe(0);
  });

  it("a saved template and snippet reach the next build's archive", async () => {
    const body = await edited((d) => {
      d.templates = [{ path: "t/{{ instance.name }}.sql", body: "-- {% render 'stamp' %}" }];
      d.snippets = [{ name: "stamp", body: "edited {{ instance.name }} v{{ pattern.vers_no }}" }];
    });
    expect((await send("PUT", `${URL}/${cat.hub.id}`, admin, body)).status).toBe(200);
    const client = buildClient(h);
    const { build } = await client.build(ann, {
      instances: [{ pattern: "HUB", folder: "/sales", name: "CUSTOMER" }],
    });
    const files = await client.files(ann, build);
    expect(files.get("t/CUSTOMER.sql")).toBe("-- edited CUSTOMER v2");
  });

  it("accepts the base version as If-Match", async () => {
    const { base_version, ...body } = await edited((d) => {
      d.description = "via If-Match";
    });
    const res = await h.call(`${URL}/${cat.hub.id}`, admin, {
      method: "PUT",
      body: JSON.stringify(body),
      headers: { "If-Match": `"${base_version}"` },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it("renames a pattern and removes variables it no longer lists", async () => {
    const body = await edited((d) => {
      d.name = "HUB2";
      d.variables = d.variables.filter((v) => v.name !== "V_INSTANCE");
    });
    expect((await send("PUT", `${URL}/${cat.hub.id}`, admin, body)).status).toBe(200);
    const now = await load();
    expect(now.pattern.name).toBe("HUB2");
    expect(now.definition.variables.map((v) => v.name)).not.toContain("V_INSTANCE");
  });
});

describe("pattern authoring: errors", () => {
  it("409 on a stale save, naming the current version and who saved it", async () => {
    const body = await edited((d) => {
      d.description = "first";
    });
    expect((await send("PUT", `${URL}/${cat.hub.id}`, admin, body)).status).toBe(200);
    const stale = await send("PUT", `${URL}/${cat.hub.id}`, admin, { ...body, description: "x" });
    expect(stale.status).toBe(409);
    const err = (await stale.json()) as { message: string; data: unknown };
    expect(err.message).toMatch(/at version 2 \(saved by admin@acme.test\), not version 1/);
    expect(err.data).toMatchObject({ version: 2, user: "admin@acme.test" });
  });

  it("400 without a base version", async () => {
    const { base_version: _, ...body } = await edited(() => {});
    const res = await send("PUT", `${URL}/${cat.hub.id}`, admin, body);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/base_version/);
  });

  it("409 creating a pattern whose name exists, or renaming onto one", async () => {
    const res = await send("POST", URL, admin, { ...NEW_PATTERN, name: "HUB" });
    expect(res.status).toBe(409);
    const body = await edited((d) => {
      d.name = "SAT";
    });
    expect((await send("PUT", `${URL}/${cat.hub.id}`, admin, body)).status).toBe(409);
  });

  it("400 naming the field for bad input: long name, bad snippet, duplicate, unknown key", async () => {
    const bad = async (body: unknown, field: RegExp) => {
      const res = await send("POST", URL, admin, body);
      expect(res.status, await res.clone().text()).toBe(400);
      expect(await messageOf(res)).toMatch(field);
    };
    await bad({ ...NEW_PATTERN, name: "P".repeat(201) }, /'name': must be at most 200/);
    await bad({ ...NEW_PATTERN, snippets: [{ name: "../x", body: "" }] }, /snippets\[0\]\.name/);
    await bad(
      { ...NEW_PATTERN, variables: [{ name: "A" }, { name: "A" }] },
      /variables\[1\]: duplicate variable 'A'/,
    );
    await bad({ ...NEW_PATTERN, vers_no: "7" }, /vers_no/);
    await bad({ ...NEW_PATTERN, name: "" }, /name/);
  });

  it("404 for an unknown pattern or version", async () => {
    expect((await h.call(`${URL}/99999`, admin)).status).toBe(404);
    expect((await h.call(`${URL}/${cat.hub.id}/versions/9`, admin)).status).toBe(404);
    const body = await edited(() => {});
    expect((await send("PUT", `${URL}/99999`, admin, body)).status).toBe(404);
  });

  it("405 for methods the paths do not have", async () => {
    expect((await send("DELETE", `${URL}/${cat.hub.id}`, admin)).status).toBe(405);
    expect((await send("GET", URL, admin)).status).toBe(405);
    expect((await send("POST", `${URL}/${cat.hub.id}/versions`, admin, {})).status).toBe(405);
  });
});

describe("pattern authoring: security", () => {
  it("401 without a token", async () => {
    await expectNotAuthenticated(h, URL, { method: "POST", body: JSON.stringify(NEW_PATTERN) });
    await expectNotAuthenticated(h, `${URL}/${cat.hub.id}`);
    await expectNotAuthenticated(h, `${URL}/${cat.hub.id}/versions`);
  });

  it("403 without the develop_patterns grant, even with every grant on a project", async () => {
    for (const token of [ann, bob]) {
      const created = await send("POST", URL, token, NEW_PATTERN);
      expect(created.status).toBe(403);
      expect(await messageOf(created)).toBe(
        "You need the “Develop patterns” grant to create or edit patterns; an admin can give it",
      );
      const body = await edited(() => {});
      expect((await send("PUT", `${URL}/${cat.hub.id}`, token, body)).status).toBe(403);
      expect((await send("PUT", `${URL}/${cat.hub.id}?dry_run=true`, token, body)).status).toBe(
        403,
      );
    }
    expect((await load()).version).toBe(1);
  });

  it("404 for another customer's pattern, read or write", async () => {
    expect((await h.call(`${URL}/${cat.hub.id}`, eve)).status).toBe(404);
    expect((await h.call(`${URL}/${cat.hub.id}/versions`, eve)).status).toBe(404);
    const body = await edited(() => {});
    expect((await send("PUT", `${URL}/${cat.hub.id}`, eve, body)).status).toBe(404);
  });
});
