import { schema } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { importBundle } from "../../services/bundle/import.ts";
import { parseBundle } from "../../services/bundle/parse.ts";
import type { Harness } from "../../testing/harness.ts";
import { HIDDEN_REFUSAL, hostileNames } from "../../testing/hostile-names.ts";
import { messageOf } from "../../testing/route-checks.ts";
import { routeSuite } from "../../testing/route-suite.ts";

/**
 * Issue 28 item 5: names with NUL, CR/LF, bidi overrides or zero-width
 * characters were accepted for folders and projects. One rule (packages/core
 * name-characters.ts) refuses them in every name, every way in.
 */
let h: Harness;
let admin: string;
let dwhId: number;
let hubId: number;
routeSuite({ users: ["admin"] }, async (app) => {
  ({ h } = app);
  ({ admin } = app.tokens);
  dwhId = app.seed.dwh.id;
  const deps = { db: h.db, clock: h.clock, writer: h.services.instanceWriter };
  await importBundle(
    deps,
    parseBundle(
      "version: 1\ncustomer: Acme\npatterns:\n  - name: HUB\n    properties:\n      - { name: COLUMN_NAME }\n",
    ),
  );
  const hub = (await h.db.select().from(schema.patterns)).find((p) => p.name === "HUB");
  hubId = (hub as { id: number }).id;
});

const send = (method: string, path: string, body: unknown, type = "application/json") =>
  h.call(path, admin, {
    method,
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": type },
  });

async function expectRefused(res: Response, field: RegExp) {
  expect(res.status, await res.clone().text()).toBe(400);
  const message = await messageOf(res);
  expect(message).toMatch(HIDDEN_REFUSAL);
  expect(message).toMatch(field);
}

/** A bundle with `name` put in one place, as YAML flow text (JSON is YAML). */
function bundleWith(
  place: "project" | "folder" | "instance" | "column" | "label" | "release",
  name: string,
) {
  const instance = {
    pattern: "HUB",
    folder: place === "folder" ? `/a/${name}` : "/a",
    name: place === "instance" ? name : "I1",
    labels: place === "label" ? [name] : [],
    rows: [place === "column" ? { [name]: "x" } : { COLUMN_NAME: "x" }],
  };
  return JSON.stringify({
    version: 1,
    customer: "Acme",
    release_groups: place === "release" ? [{ name: "G", releases: [name] }] : [],
    projects: [{ name: place === "project" ? name : "DWH", instances: [instance] }],
  });
}

describe.each(hostileNames)("a name with %s", (_what, name) => {
  it("is refused for projects, created or renamed", async () => {
    await expectRefused(await send("POST", "/api/console/projects", { name }), /'name'/);
    await expectRefused(await send("PATCH", `/api/console/projects/${dwhId}`, { name }), /'name'/);
  });

  it("is refused for folders, created or moved", async () => {
    await expectRefused(
      await send("POST", "/api/console/folders", { project_id: dwhId, path: `/x/${name}` }),
      /'path'/,
    );
  });

  it("is refused for instances", async () => {
    const body = { project_id: dwhId, pattern_id: hubId, folder: "/", name };
    await expectRefused(await send("POST", "/api/console/instances", body), /'name'/);
    const inFolder = { ...body, name: "OK", folder: `/f/${name}` };
    await expectRefused(await send("POST", "/api/console/instances", inFolder), /'folder'/);
  });

  it("is refused for patterns, their properties and variables (pattern editor)", async () => {
    const pattern = { name: "NEW", properties: [{ name: "COLUMN_NAME" }], variables: [] };
    await expectRefused(await send("POST", "/api/console/patterns", { ...pattern, name }), /name/);
    await expectRefused(
      await send("POST", "/api/console/patterns", { ...pattern, properties: [{ name }] }),
      // The pattern editor's path, or the input layer's for a NUL (docs/http-edge.md).
      /^properties\[0\]\.name|'properties\.0\.name'/,
    );
    await expectRefused(
      await send("POST", "/api/console/patterns", { ...pattern, variables: [{ name }] }),
      /^variables\[0\]\.name|'variables\.0\.name'/,
    );
  });

  it("is refused for users' display names and saved scripts", async () => {
    await expectRefused(
      await send("POST", "/api/console/admin/users", { email: "n@acme.test", name }),
      /'name'/,
    );
    await expectRefused(
      await send("POST", "/api/console/metadata/scripts", { project_id: dwhId, name }),
      /'name'/,
    );
  });

  it.each([
    ["project", /^projects\[0\]\.name/],
    ["folder", /^projects\[0\]\.instances\[0\]\.folder/],
    ["instance", /^projects\[0\]\.instances\[0\]\.name/],
    ["column", /^projects\[0\]\.instances\[0\]\.rows\[0\]\./],
    ["label", /^projects\[0\]\.instances\[0\]\.labels\[0\]/],
    ["release", /^release_groups\[0\]\.releases\[0\]/],
  ] as const)("is refused in a bundle as a %s", async (place, field) => {
    const res = await send("POST", "/api/console/bundles?dry_run=true", bundleWith(place, name));
    await expectRefused(res, field);
  });
});

describe("names plain objects inherit", () => {
  it("are taken as they are", async () => {
    for (const name of ["constructor", "toString", "hasOwnProperty"]) {
      const res = await send("POST", "/api/console/folders", {
        project_id: dwhId,
        path: `/${name}`,
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
  });
});
