import { type schema, tablesOf } from "@metabuild/db";

import { beforeEach, describe, expect, it } from "vitest";
import YAML from "yaml";
import { type Harness, createHarness } from "../../testing/harness.ts";
import { BOSS_HASH, BUNDLE } from "../../testing/sample-bundle.ts";
import { exportBundleText } from "./export.ts";
import { importBundle } from "./import.ts";
import { parseBundle } from "./parse.ts";

let h: Harness;
const load = async (text: string) =>
  await importBundle(
    { db: h.db, clock: h.clock, writer: h.services.instanceWriter },
    parseBundle(text),
  );
const all = async <T extends keyof typeof schema>(table: T) =>
  (await h.db.select().from(tablesOf(h.db)[table] as typeof schema.users)) as Record<
    string,
    unknown
  >[];
/** Row counts of every table the import writes: "nothing changed" compares these. */
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(
      (
        [
          "customers",
          "users",
          "grants",
          "projects",
          "patterns",
          "instances",
          "commits",
          "instanceRows",
          "labels",
          "variableOverrides",
          "templates",
          "agents",
          "customTableRows",
        ] as const
      ).map(async (t) => [t, (await all(t)).length]),
    ),
  );
// In id order: a select without ORDER BY answers PostgreSQL's physical order (an updated row moves).
const versions = async () =>
  (await all("instances"))
    .sort((a, b) => (a.id as number) - (b.id as number))
    .map((i) => [i.name, i.version]);

beforeEach(() => {
  h = createHarness();
});

describe("bundle import: happy path", () => {
  it("loads customers, users, patterns, projects and instances", async () => {
    const summary = await load(BUNDLE);
    expect(summary.customers).toEqual(["Acme"]);
    expect(summary.instances).toMatchObject({ INSERTED: 2, UPDATED: 0 });
    expect(summary.generatedAgents).toEqual([
      expect.objectContaining({
        name: "runner-1",
        group: "local",
        agent_id: expect.any(String),
        secret: expect.any(String),
      }),
    ]);
    // Passwords are hashed, and the user can sign in with the plain one.
    expect((await all("users")).every((u) => String(u.passwordHash).startsWith("$2"))).toBe(true);
    const token = await h.token("ann@acme.test", "s3cret-ann");
    expect(token).toBeTruthy();
    const hub = (await all("instances")).find((i) => i.name === "CUSTOMER");
    expect(hub).toMatchObject({
      version: 1,
      errors: 0,
      buildDisabled: 1,
      description: "Customer hub",
    });
    expect(hub?.checkedOutByUserId).toBe(
      (await all("users")).find((u) => u.email === "ann@acme.test")?.id,
    );
    const order = (await all("instances")).find((i) => i.name === "ORDER");
    expect(order?.errors).toBe(2); // LENGTH not an integer, no BUSINESS_KEY
    expect((await all("variableOverrides")).map((o) => o.value).sort()).toEqual([
      "crm",
      "dwh_prod",
      "sales",
    ]);
    expect((await all("instanceFolders")).map((f) => f.path).sort()).toEqual([
      "/",
      "/empty",
      "/empty/leaf",
      "/sales",
      "/sales/orders",
    ]);
    expect((await all("agents"))[0]?.secretHash).toMatch(/^\$2/);
  });

  it("importing the same file twice changes nothing", async () => {
    await load(BUNDLE);
    const before = {
      counts: await snapshot(),
      versions: await versions(),
      users: await all("users"),
      agents: await all("agents"),
    };
    const again = await load(BUNDLE);
    expect(again.instances).toMatchObject({ INSERTED: 0, UPDATED: 0, UNCHANGED: 2 });
    expect(again.generatedAgents).toEqual([]);
    expect({
      counts: await snapshot(),
      versions: await versions(),
      users: await all("users"),
      agents: await all("agents"),
    }).toEqual(before);
  });

  it("a changed file updates what changed, as a new version of the changed instance only", async () => {
    await load(BUNDLE);
    const changed = BUNDLE.replace("{ COLUMN_NAME: NAME }", "{ COLUMN_NAME: FULL_NAME }").replace(
      "value: dwh_prod",
      "value: dwh_test",
    );
    const summary = await load(changed);
    expect(summary.instances).toMatchObject({ UPDATED: 1, UNCHANGED: 1 });
    expect(await versions()).toEqual([
      ["CUSTOMER", 2],
      ["ORDER", 1],
    ]);
    expect((await all("variableOverrides")).map((o) => o.value).sort()).toEqual([
      "crm",
      "dwh_test",
      "sales",
    ]);
    const commits = (await all("commits")).filter((c) => c.version === 2);
    expect(commits).toHaveLength(1);
    expect(commits[0]?.source).toBe("import");
  });

  it("accepts JSON and the single-customer form", async () => {
    const single = { version: 1, customer: "Solo", projects: [{ name: "P" }] };
    const summary = await importBundle(
      { db: h.db, clock: h.clock, writer: h.services.instanceWriter },
      parseBundle(JSON.stringify(single), "solo.json"),
    );
    expect(summary.customers).toEqual(["Solo"]);
    expect((await all("projects")).map((p) => p.name)).toEqual(["P"]);
  });
});

describe("bundle import: errors change nothing and name the entry", () => {
  const attempt = async (text: string) => {
    const before = await snapshot();
    let message = "";
    try {
      await load(text);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(await snapshot()).toEqual(before);
    return message;
  };

  it("an unknown column in one row", async () => {
    expect(
      await attempt(
        BUNDLE.replace(
          "{ COLUMN_NAME: ORDER_ID, LENGTH: ten }",
          "{ COLUMN_NAME: ORDER_ID, FOO: x }",
        ),
      ),
    ).toBe("customers[0].projects[0].instances[1].rows[0].FOO: unknown column");
  });

  it("a misspelt key, a bad enum value and a missing field", async () => {
    expect(
      await attempt(BUNDLE.replace("description: Customer hub", "descripton: Customer hub")),
    ).toBe("customers[0].projects[0].instances[0].descripton: unknown key");
    expect(await attempt(BUNDLE.replace("kind: directory", "kind: ftp"))).toMatch(
      /^customers\[0\]\.patterns\[0\]\.deployments\[0\]\.kind: /,
    );
    expect(await attempt(BUNDLE.replace("version: 1", "version: 2"))).toBe("version: must be 1");
    expect(
      await attempt(
        BUNDLE.replace(
          `- { email: boss@acme.test, password_hash: "${BOSS_HASH}", admin: true }`,
          "- { admin: true }",
        ),
      ),
    ).toBe("customers[0].users[1].email: is required");
  });

  it("references to things that do not exist", async () => {
    expect(await attempt(BUNDLE.replace("release: R1", "release: R9"))).toBe(
      "customers[0].projects[0].instances[0]: Release 'R9' does not exist in release group 'core'",
    );
    expect(
      await attempt(
        BUNDLE.replace(
          "pattern: HUB\n            folder: /sales/orders",
          "pattern: HUBB\n            folder: /sales/orders",
        ),
      ),
    ).toBe("customers[0].projects[0].instances[1].pattern: unknown pattern 'HUBB'");
    expect(await attempt(BUNDLE.replace("project: DWH", "project: NOPE"))).toBe(
      "customers[0].users[0].grants[0].project: unknown project 'NOPE'",
    );
    expect(
      await attempt(
        BUNDLE.replace("checked_out_by: ann@acme.test", "checked_out_by: nobody@acme.test"),
      ),
    ).toBe("customers[0].projects[0].instances[0].checked_out_by: unknown user 'nobody@acme.test'");
  });

  it("a cell that is a list or an object says what a cell may be", async () => {
    expect(await attempt(BUNDLE.replace("{ COLUMN_NAME: NAME }", "{ COLUMN_NAME: [A, B] }"))).toBe(
      "customers[0].projects[0].instances[0].rows[1].COLUMN_NAME: must be text, a number, true/false or null (not a list or an object)",
    );
  });

  it("a NUL character in any text or key names its entry (issue 27)", async () => {
    expect(
      await attempt(BUNDLE.replace("description: Customer hub", 'description: "Customer\\0hub"')),
    ).toBe(
      "customers[0].projects[0].instances[0].description: must not contain the NUL character (U+0000)",
    );
    expect(
      await attempt(BUNDLE.replace("{ COLUMN_NAME: NAME }", '{ "COLUMN\\0NAME": NAME }')),
    ).toBe(
      "customers[0].projects[0].instances[0].rows[1].COLUMN\\0NAME: must not contain the NUL character (U+0000)",
    );
  });

  it("a customer given twice is an error naming the second entry", async () => {
    expect(await attempt("version: 1\ncustomers:\n  - customer: Acme\n  - customer: Acme\n")).toBe(
      "customers[1]: duplicate customer 'Acme' (first given at [0])",
    );
    expect(await attempt("version: 1\ncustomer: Acme\ncustomers:\n  - customer: Acme\n")).toBe(
      "customers[0]: duplicate customer 'Acme' (first given at customer)",
    );
  });

  it("a duplicate agent names its own entry inside its group, also across groups", async () => {
    expect(
      await attempt(
        BUNDLE.replace(
          "- { name: runner-1 }",
          "- { name: runner-1 }\n          - { name: runner-1 }",
        ),
      ),
    ).toBe(
      "customers[0].agent_groups[0].agents[1]: duplicate agent 'runner-1' (first given at agent_groups[0].agents[0])",
    );
    expect(
      await attempt(
        BUNDLE.replace(
          "- { name: runner-1 }",
          "- { name: runner-1 }\n      - name: remote\n        agents:\n          - { name: runner-2 }\n          - { name: runner-1 }",
        ),
      ),
    ).toBe(
      "customers[0].agent_groups[1].agents[1]: duplicate agent 'runner-1' (first given at agent_groups[0].agents[0])",
    );
  });

  it("a bad entry after good ones rolls the whole import back, also over existing data", async () => {
    await load(BUNDLE);
    const message = await attempt(
      BUNDLE.replace("{ COLUMN_NAME: NAME }", "{ COLUMN_NAME: OTHER }").replace(
        "name: TARGET_SCHEMA, value: crm",
        "name: NOPE, value: crm",
      ),
    );
    expect(message).toBe(
      "customers[0].projects[0].instances[0].variables[0].name: pattern HUB has no variable 'NOPE'",
    );
    expect(await versions()).toEqual([
      ["CUSTOMER", 1],
      ["ORDER", 1],
    ]);
  });

  it("broken YAML names the file", () => {
    expect(() => parseBundle("version: [1", "demo.yaml")).toThrow(/^demo\.yaml is not valid YAML/);
  });
});

describe("bundle export", () => {
  it("round-trips: export, import into an empty store, export again gives the same bundle", async () => {
    await load(BUNDLE);
    const first = await exportBundleText(h.db, "Acme");
    const parsed = YAML.parse(first);
    expect(parsed.users[0].password_hash).toMatch(/^\$2/);
    expect(parsed.users[0].password).toBeUndefined();
    expect(parsed.agent_groups[0].agents[0].secret_hash).toMatch(/^\$2/);
    const source = await snapshot();
    h = createHarness();
    await load(first);
    expect(await snapshot()).toEqual(source);
    expect(await exportBundleText(h.db, "Acme")).toBe(first);
    // The exported file imports into its own store without any change.
    const summary = await load(first);
    expect(summary.instances).toMatchObject({ UPDATED: 0, UNCHANGED: 2 });
  });

  it("keeps rows' given positions through export and import", async () => {
    const positioned = BUNDLE.replace(
      "- { COLUMN_NAME: ORDER_ID, LENGTH: ten }",
      '- { "@POS_NO": 10, COLUMN_NAME: ORDER_ID, LENGTH: ten }',
    );
    expect(positioned).not.toBe(BUNDLE);
    await load(positioned);
    const positions = async () => (await all("instanceRows")).map((r) => r.posNo);
    const before = await positions();
    expect(before).toContain(10);
    const first = await exportBundleText(h.db, "Acme");
    expect(first).toContain('"@POS_NO": "10"');
    h = createHarness();
    await load(first);
    expect(await positions()).toEqual(before);
    expect(await exportBundleText(h.db, "Acme")).toBe(first);
  });

  it("answers not found for an unknown customer", async () => {
    await expect(async () => await exportBundleText(h.db, "Nobody")).rejects.toThrow(
      "A customer with the name 'Nobody' does not exist!",
    );
  });
});
