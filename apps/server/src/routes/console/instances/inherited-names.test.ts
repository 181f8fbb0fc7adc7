import { schema } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { importBundle } from "../../../services/bundle/import.ts";
import { parseBundle } from "../../../services/bundle/parse.ts";
import type { Harness } from "../../../testing/harness.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

/**
 * Issue 28 item 5: columns and variables named like what plain objects
 * inherit (`hasOwnProperty`, `toString`, `constructor`) vanished or failed
 * (`value2.trim is not a function`). They are ordinary names
 * (docs/limits.md "Characters of names").
 */
const NAMES = ["constructor", "toString", "hasOwnProperty", "valueOf"];

const BUNDLE = `
version: 1
customer: Acme
patterns:
  - name: OBJ
    properties:
${NAMES.map((n) => `      - { name: ${n}, datatype: string, required: true }`).join("\n")}
    variables:
${NAMES.map((n) => `      - { name: ${n}, default: d_${n} }`).join("\n")}
    templates:
      - { path: "{{ instance.name }}.txt", body: "x" }
projects:
  - name: DWH
    instances:
      - pattern: OBJ
        folder: /o
        name: FROM_BUNDLE
        rows:
          - { ${NAMES.map((n) => `${n}: b_${n}`).join(", ")} }
        variables:
          - { name: toString, value: v_toString }
`;

let h: Harness;
let admin: string;
let dwhId: number;
let patternId: number;
routeSuite({ users: ["admin"] }, async (app) => {
  ({ h } = app);
  ({ admin } = app.tokens);
  dwhId = app.seed.dwh.id;
  await importBundle(
    { db: h.db, clock: h.clock, writer: h.services.instanceWriter },
    parseBundle(BUNDLE),
  );
  patternId = (
    (await h.db.select().from(schema.patterns)).find((p) => p.name === "OBJ") as {
      id: number;
    }
  ).id;
});

const send = (method: string, path: string, body: unknown) =>
  h.call(path, admin, { method, body: JSON.stringify(body) });

async function created(name: string): Promise<{ instance_id: number; version: number }> {
  const res = await send("POST", "/api/console/instances", {
    project_id: dwhId,
    pattern_id: patternId,
    folder: "/o",
    name,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { instance_id: number; version: number };
}

const full = Object.fromEntries(NAMES.map((n) => [n, `v_${n}`]));

describe("columns named like what plain objects inherit", () => {
  it("validate: a filled row has no issues, an empty one misses each", async () => {
    const { instance_id } = await created("VALIDATED");
    const ok = await send("POST", `/api/console/instances/${instance_id}/validate`, {
      rows: [full],
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(((await ok.json()) as { issues: unknown[] }).issues).toEqual([]);
    const empty = await send("POST", `/api/console/instances/${instance_id}/validate`, {
      rows: [{}],
    });
    expect(empty.status, await empty.clone().text()).toBe(200);
    const issues = ((await empty.json()) as { issues: { column: string }[] }).issues;
    expect(issues.map((i) => i.column).sort()).toEqual([...NAMES].sort());
  });

  it("save: the cells are stored and read back", async () => {
    const { instance_id, version } = await created("SAVED");
    const res = await send("PUT", `/api/console/instances/${instance_id}/rows`, {
      rows: [full, { valueOf: "only" }],
      base_version: version,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const details = (await (
      await h.call(`/api/console/instances/${instance_id}/editing`, admin)
    ).json()) as { rows: Record<string, unknown>[]; issues: unknown[] };
    const empty = Object.fromEntries(NAMES.map((n) => [n, null]));
    expect(details.rows).toEqual([
      { "@POS_NO": 1, ...full },
      { "@POS_NO": 2, ...empty, valueOf: "only" },
    ]);
    expect(details.issues).toHaveLength(3);
  });

  it("bundle: rows and variables come back whole in the export", async () => {
    const res = await h.call("/api/console/bundles/export?project=DWH", admin);
    expect(res.status).toBe(200);
    const bundle = YAML.parse(await res.text());
    const pattern = bundle.patterns.find((p: { name: string }) => p.name === "OBJ");
    expect(pattern.properties.map((p: { name: string }) => p.name)).toEqual(NAMES);
    expect(pattern.variables).toEqual(
      NAMES.map((n) => expect.objectContaining({ name: n, default: `d_${n}` })),
    );
    const instance = bundle.projects[0].instances.find(
      (i: { name: string }) => i.name === "FROM_BUNDLE",
    );
    expect(instance.rows).toEqual([Object.fromEntries(NAMES.map((n) => [n, `b_${n}`]))]);
    expect(instance.variables).toEqual([{ name: "toString", value: "v_toString" }]);
  });
});
