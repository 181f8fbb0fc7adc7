import type {
  InstanceEditing,
  PatternAuthoring,
  PatternConstraint,
  PatternSaveResult,
} from "@metabuild/contract";
import { schema, first } from "@metabuild/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { exportBundleText } from "../../../services/bundle/export.ts";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { expectNotAuthenticated, messageOf } from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

const URL = "/api/console/patterns";

let h: Harness;
let cat: BuildCatalog;
let ann: string;
let admin: string;
let eve: string;
routeSuite(
  {
    users: ["ann", "admin", "eve"],
    fixture: async (h, seed) => await seedBuildCatalog(h.db, seed),
  },
  (app) => {
    ({
      h,
      fixture: cat,
      tokens: { ann, admin, eve },
    } = app);
  },
);

const send = (method: string, path: string, token: string | undefined, body?: unknown) =>
  h.call(path, token, { method, body: body === undefined ? undefined : JSON.stringify(body) });

/** HUB (COLUMN_NAME required, DATA_TYPE; role BUSINESS_KEY) with these constraints. */
async function saveHub(constraints: unknown, token = admin, query = "") {
  const res = await h.call(`${URL}/${cat.hub.id}`, admin);
  const { definition, version } = (await res.json()) as PatternAuthoring;
  return send("PUT", `${URL}/${cat.hub.id}${query}`, token, {
    ...definition,
    constraints,
    base_version: version,
  });
}

const BK_NEEDS_DATA_TYPE: PatternConstraint = {
  kind: "condition",
  when: { column: "BUSINESS_KEY", test: "not_empty" },
  require: { column: "DATA_TYPE", test: "one_of", values: ["INTEGER", "BIGINT"] },
};
const ALL: PatternConstraint[] = [
  { kind: "unique", column: "COLUMN_NAME", message: "column names are unique" },
  { kind: "one_of", column: "DATA_TYPE", values: ["INTEGER", "TEXT", "BIGINT"] },
  { kind: "regex", column: "COLUMN_NAME", pattern: "[A-Z][A-Z0-9_]*" },
  BK_NEEDS_DATA_TYPE,
];

const validate = async (rows: unknown[]) => {
  const res = await send("POST", `/api/console/instances/${cat.customer.id}/validate`, ann, {
    rows,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { issues: unknown[] }).issues;
};

describe("pattern constraints: happy path", () => {
  it("are stored in the definition and mark the cells of the rows that break them", async () => {
    const saved = await saveHub(ALL);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const loaded = (await (await h.call(`${URL}/${cat.hub.id}`, ann)).json()) as PatternAuthoring;
    expect(loaded.definition.constraints).toEqual(ALL);

    expect(
      await validate([
        { COLUMN_NAME: "ID", DATA_TYPE: "TEXT", BUSINESS_KEY: "X" },
        { COLUMN_NAME: "ID", DATA_TYPE: "BLOB" },
        { COLUMN_NAME: "name", DATA_TYPE: "TEXT" },
      ]),
    ).toEqual([
      {
        row: 1,
        column: "COLUMN_NAME",
        message: "Row 2: column names are unique",
      },
      {
        row: 1,
        column: "DATA_TYPE",
        message: "Row 2: DATA_TYPE must be one of 'INTEGER', 'TEXT', 'BIGINT', not 'BLOB'",
      },
      {
        row: 2,
        column: "COLUMN_NAME",
        message: "Row 3: COLUMN_NAME must match /[A-Z][A-Z0-9_]*/, not 'name'",
      },
      {
        row: 0,
        column: "DATA_TYPE",
        message:
          "Row 1: DATA_TYPE must be one of 'INTEGER', 'BIGINT' when BUSINESS_KEY is not empty",
      },
    ]);
  });

  it("re-validate the stored instances; a save stores the issue at its cell", async () => {
    // Every valid HUB instance has a BUSINESS_KEY row with DATA_TYPE INTEGER: make TEXT required.
    const rule: PatternConstraint = {
      ...BK_NEEDS_DATA_TYPE,
      require: { column: "DATA_TYPE", test: "equals", value: "TEXT" },
    };
    const dry = await saveHub([rule], admin, "?dry_run=true");
    const plan = (await dry.json()) as PatternSaveResult;
    expect(plan.invalid_total).toBeGreaterThan(0);
    const res = await saveHub([rule]);
    expect(res.status).toBe(200);
    const customer = first(
      await h.db.select().from(schema.instances).where(eq(schema.instances.id, cat.customer.id)),
    );
    expect(customer?.errors).toBe(1);
    const editing = (await (
      await h.call(`/api/console/instances/${cat.customer.id}/editing`, ann)
    ).json()) as InstanceEditing;
    expect(editing.issues).toEqual([
      {
        row: 0,
        column: "DATA_TYPE",
        message: "Row 1: DATA_TYPE must be 'TEXT' when BUSINESS_KEY is not empty",
      },
    ]);
  });

  it("apply to instances written by a metadata INSERT, issue at row and column", async () => {
    expect((await saveHub([{ kind: "unique", column: "COLUMN_NAME" }])).status).toBe(200);
    const res = await send("POST", "/api/v1/metadata", ann, {
      project: "DWH",
      statement:
        "INSERT INTO @INSTANCES.HUB (@FOLDER, @INSTANCE, COLUMN_NAME, BUSINESS_KEY) VALUES ('/sql', 'TWICE', 'ID', 'X'), ('/sql', 'TWICE', 'ID', NULL)",
    });
    expect(((await res.json()) as { status: string }).status).toBe("FINISHED");
    const written = first(
      await h.db.select().from(schema.instances).where(eq(schema.instances.name, "TWICE")),
    );
    expect(written?.errors).toBe(1);
    expect(JSON.parse(written?.validation ?? "[]")).toEqual([
      {
        row: 1,
        column: "COLUMN_NAME",
        message: "Row 2: COLUMN_NAME 'ID' is already used in row 1; values must be unique",
      },
    ]);
  });

  it("round-trip through the bundle format; an empty list clears them", async () => {
    expect((await saveHub(ALL)).status).toBe(200);
    const bundle = YAML.parse(await exportBundleText(h.db, "Acme")) as {
      patterns: { name: string; constraints?: unknown }[];
    };
    expect(bundle.patterns.find((p) => p.name === "HUB")?.constraints).toEqual(ALL);
    // Left out keeps them (like instance_name_pattern); [] removes them.
    const { constraints: _, ...withoutConstraints } = (
      (await (await h.call(`${URL}/${cat.hub.id}`, admin)).json()) as PatternAuthoring
    ).definition;
    const version = (
      (await (await h.call(`${URL}/${cat.hub.id}`, admin)).json()) as PatternAuthoring
    ).version;
    const kept = await send("PUT", `${URL}/${cat.hub.id}`, admin, {
      ...withoutConstraints,
      base_version: version,
    });
    expect(kept.status).toBe(200);
    expect(
      ((await (await h.call(`${URL}/${cat.hub.id}`, admin)).json()) as PatternAuthoring).definition
        .constraints,
    ).toEqual(ALL);
    expect((await saveHub([])).status).toBe(200);
    const after = YAML.parse(await exportBundleText(h.db, "Acme")) as typeof bundle;
    expect(after.patterns.find((p) => p.name === "HUB")).not.toHaveProperty("constraints");
  });
});

describe("pattern constraints in a bundle import's plan", () => {
  it("shows added constraints as a change of the pattern", async () => {
    const bundle = YAML.parse(await exportBundleText(h.db, "Acme")) as {
      patterns: { name: string; constraints?: unknown }[];
    };
    const hub = bundle.patterns.find((p) => p.name === "HUB") as { constraints?: unknown };
    hub.constraints = [{ kind: "unique", column: "COLUMN_NAME" }];
    const res = await h.call("/api/console/bundles?dry_run=true", admin, {
      method: "POST",
      body: YAML.stringify(bundle),
      headers: { "Content-Type": "application/yaml" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const plan = (await res.json()) as {
      customers: { items: { kind: string; name: string; changes: unknown[] }[] }[];
    };
    const item = plan.customers[0]?.items.find((i) => i.kind === "pattern" && i.name === "HUB");
    expect(item?.changes).toContainEqual({
      field: "constraints",
      before: null,
      after: JSON.stringify([{ kind: "unique", column: "COLUMN_NAME" }]),
    });
  });
});

describe("pattern constraints: errors", () => {
  it("400 naming the constraint's field for an unknown column", async () => {
    const res = await saveHub([{ kind: "unique", column: "NOPE" }]);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe("constraints[0].column: unknown column 'NOPE'");
  });

  it("400 for an expression that needs backtracking, is invalid or too long", async () => {
    const backref = await saveHub([{ kind: "regex", column: "COLUMN_NAME", pattern: "(a)\\1" }]);
    expect(backref.status).toBe(400);
    expect(await messageOf(backref)).toMatch(/^constraints\[0\]\.pattern: .*needs backtracking/);
    const broken = await saveHub([
      BK_NEEDS_DATA_TYPE,
      {
        kind: "condition",
        when: { column: "BUSINESS_KEY", test: "matches", value: "(x" },
        require: { column: "COLUMN_NAME", test: "not_empty" },
      },
    ]);
    expect(await messageOf(broken)).toMatch(
      /^constraints\[1\]\.when\.value: '\(x' is not a valid regular expression/,
    );
    const long = await saveHub([
      { kind: "regex", column: "COLUMN_NAME", pattern: "a".repeat(501) },
    ]);
    expect(long.status).toBe(400);
    expect(await messageOf(long)).toMatch(/constraints/);
  });

  it("400 for an unknown kind or a misspelt key, nothing stored", async () => {
    expect((await saveHub([{ kind: "eval", code: "1" }])).status).toBe(400);
    expect((await saveHub([{ kind: "unique", colum: "COLUMN_NAME" }])).status).toBe(400);
    const loaded = (await (await h.call(`${URL}/${cat.hub.id}`, admin)).json()) as PatternAuthoring;
    expect(loaded.definition.constraints).toBeUndefined();
  });
});

describe("pattern constraints: security", () => {
  it("401 without a token", async () => {
    await expectNotAuthenticated(h, `${URL}/${cat.hub.id}`, {
      method: "PUT",
      body: JSON.stringify({ name: "HUB", constraints: ALL, base_version: 1 }),
    });
  });

  it("403 for a user who is not an admin; nothing stored", async () => {
    expect((await saveHub(ALL, ann)).status).toBe(403);
    const loaded = (await (await h.call(`${URL}/${cat.hub.id}`, admin)).json()) as PatternAuthoring;
    expect(loaded.definition.constraints).toBeUndefined();
  });

  it("404 for another customer's pattern", async () => {
    const res = await send("PUT", `${URL}/${cat.hub.id}`, eve, {
      name: "HUB",
      constraints: ALL,
      base_version: 1,
    });
    expect(res.status).toBe(404);
  });
});
