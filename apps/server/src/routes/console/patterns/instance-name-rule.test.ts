import type { PatternAuthoring } from "@metabuild/contract";
import { schema } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { exportCustomer } from "../../../services/bundle/export.ts";
import { importBundle } from "../../../services/bundle/import.ts";
import { parseBundle } from "../../../services/bundle/parse.ts";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { messageOf } from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

// A pattern's instance_name_pattern in the editor and in bundles (docs/instance-names.md).

let h: Harness;
let cat: BuildCatalog;
let admin: string;
routeSuite(
  { users: ["admin"], fixture: async (h, seed) => await seedBuildCatalog(h.db, seed) },
  (app) => {
    ({
      h,
      fixture: cat,
      tokens: { admin },
    } = app);
  },
);

const url = () => `/api/console/patterns/${cat.hub.id}`;

async function load(): Promise<PatternAuthoring> {
  return (await (await h.call(url(), admin)).json()) as PatternAuthoring;
}

async function save(rule: string | null) {
  const { definition, version } = await load();
  return h.call(url(), admin, {
    method: "PUT",
    body: JSON.stringify({ ...definition, instance_name_pattern: rule, base_version: version }),
  });
}

async function importText(bundle: object) {
  try {
    await importBundle(
      { db: h.db, clock: h.clock, writer: h.services.instanceWriter },
      parseBundle(JSON.stringify({ version: 1, customer: "Solo", ...bundle }), "bundle.json"),
    );
    return { status: 200, message: undefined };
  } catch (err) {
    return { status: (err as { code?: number }).code, message: (err as Error).message };
  }
}

describe("instance name rule in the pattern editor", () => {
  it("saves, loads and clears the rule; blank is the default", async () => {
    expect((await load()).definition.instance_name_pattern).toBeUndefined();
    expect((await save("^[a-z_]+$")).status).toBe(200);
    expect((await load()).definition.instance_name_pattern).toBe("^[a-z_]+$");
    expect((await save("")).status).toBe(200);
    expect((await load()).definition.instance_name_pattern).toBeUndefined();
  });

  it("400 naming instance_name_pattern for an invalid regular expression, nothing saved", async () => {
    const res = await save("^[a-");
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(
      /^Invalid value for 'instance_name_pattern': not a valid regular expression/,
    );
    expect((await load()).version).toBe(1);
  });
});

describe("instance name rule in bundles", () => {
  const pattern = { name: "P", instance_name_pattern: "^[a-z ]+$", properties: [] };

  it("imports and exports the pattern key; a bundle without it keeps the stored rule", async () => {
    expect((await importText({ patterns: [pattern] })).status).toBe(200);
    const exported = (await exportCustomer(h.db, "Solo")).patterns?.find((p) => p.name === "P");
    expect(exported?.instance_name_pattern).toBe("^[a-z ]+$");
    expect((await importText({ patterns: [{ name: "P", properties: [] }] })).status).toBe(200);
    const again = (await exportCustomer(h.db, "Solo")).patterns?.find((p) => p.name === "P");
    expect(again?.instance_name_pattern).toBe("^[a-z ]+$");
  });

  it("refuses an invalid regular expression naming the entry", async () => {
    expect(await importText({ patterns: [{ ...pattern, instance_name_pattern: "(" }] })).toEqual({
      status: 400,
      message: expect.stringMatching(
        /^patterns\[0\]\.instance_name_pattern: not a valid regular expression/,
      ),
    });
  });

  it("restores stored names that break the default rule: imports load declared state", async () => {
    const bundle = {
      patterns: [{ name: "P", properties: [{ name: "COLUMN" }] }],
      projects: [{ name: "S", instances: [{ pattern: "P", folder: "/", name: "legacy name" }] }],
    };
    expect((await importText(bundle)).status).toBe(200);
    const names = (await h.db.select().from(schema.instances)).map((i) => i.name);
    expect(names).toContain("legacy name");
  });
});
