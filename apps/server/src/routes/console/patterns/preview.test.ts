import type { PatternPreview } from "@metabuild/contract";
import { schema } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { instanceFixture } from "../../../testing/instances-fixture.ts";
import { expectNotAuthenticated, messageOf } from "../../../testing/route-checks.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

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

const url = (id = cat.hub.id) => `/api/console/patterns/${id}/preview`;
const preview = (token: string | undefined, body: unknown, id?: number) =>
  h.call(url(id), token, { method: "POST", body: JSON.stringify(body) });

async function ok(res: Response): Promise<PatternPreview> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PatternPreview;
}

describe("pattern preview: happy path", () => {
  it("renders the stored templates for an instance, with its variables", async () => {
    const out = await ok(await preview(bob, { instance_id: cat.customer.id }));
    expect(out.errors).toEqual([]);
    expect(out.files.map((f) => f.path)).toEqual(["sales/CUSTOMER.sql", "load/customer.sql"]);
    expect(out.files[0]?.content).toContain("CREATE TABLE dwh_prod.CUSTOMER (");
    expect(out.files[0]?.content).toContain("CUSTOMER_ID INTEGER");
  });

  it("renders edited templates and snippets and stores nothing", async () => {
    const before = JSON.stringify(await h.db.select().from(schema.templates));
    const out = await ok(
      await preview(admin, {
        instance_id: cat.ledger.id,
        templates: [{ path: "x/{{ instance.name }}.sql", body: "-- {% render 'who' %}" }],
        snippets: [{ name: "who", body: "{{ instance.folder }} {{ vars.V_INSTANCE }}" }],
      }),
    );
    expect(out).toEqual({
      files: [{ path: "x/LEDGER.sql", content: "-- /finance/gl only_ledger" }],
      errors: [],
    });
    expect(JSON.stringify(await h.db.select().from(schema.templates))).toBe(before);
    expect(await h.db.select().from(schema.patternSnippets)).toEqual([]);
  });

  it("answers a render error with template, line and column; the other files still render", async () => {
    const out = await ok(
      await preview(admin, {
        instance_id: cat.customer.id,
        templates: [
          { path: "good.sql", body: "fine" },
          { path: "bad.sql", body: "line one\nline two {{ instance.name | nope }}" },
        ],
      }),
    );
    expect(out.files).toEqual([{ path: "good.sql", content: "fine" }]);
    expect(out.errors).toEqual([
      { template: "bad.sql", line: 2, column: 10, message: expect.stringMatching(/nope/) },
    ]);
  });

  it("keeps the file system out of reach: a path in render is an error entry", async () => {
    for (const name of ["../../etc/passwd", "/etc/passwd"]) {
      const out = await ok(
        await preview(admin, {
          instance_id: cat.customer.id,
          templates: [{ path: "a.sql", body: `{% render '${name}' %}` }],
        }),
      );
      expect(out.files).toEqual([]);
      expect(out.errors).toHaveLength(1);
      expect(out.errors[0]?.message).not.toMatch(/root:/);
    }
  });
});

describe("pattern preview: errors", () => {
  it("404 for an unknown instance", async () => {
    const res = await preview(admin, { instance_id: 999999 });
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe("No record found for id '999999'");
  });

  it("400 naming the field: an instance of another pattern, no instance, a bad snippet", async () => {
    const other = await preview(admin, { instance_id: cat.satCustomer.id });
    expect(other.status).toBe(400);
    expect(await messageOf(other)).toMatch(/instance_id/);
    const none = await preview(admin, {});
    expect(none.status).toBe(400);
    expect(await messageOf(none)).toMatch(/instance_id/);
    const snippet = await preview(admin, {
      instance_id: cat.customer.id,
      snippets: [{ name: "../../etc/passwd", body: "" }],
    });
    expect(snippet.status).toBe(400);
    expect(await messageOf(snippet)).toMatch(/snippets\[0\]\.name/);
  });

  it("404 for an unknown pattern, 405 for other methods", async () => {
    expect((await preview(admin, { instance_id: cat.customer.id }, 99999)).status).toBe(404);
    expect((await h.call(url(), admin)).status).toBe(405);
  });
});

describe("pattern preview: security", () => {
  it("401 without a token", async () => {
    await expectNotAuthenticated(h, url(), {
      method: "POST",
      body: JSON.stringify({ instance_id: cat.customer.id }),
    });
  });

  it("403 for edited templates without authoring rights, or without access to the instance", async () => {
    const edited = await preview(ann, {
      instance_id: cat.customer.id,
      templates: [{ path: "a", body: "b" }],
    });
    expect(edited.status).toBe(403);
    // bob reads DWH only; LAKE_HUB lives in LAKE.
    expect((await preview(bob, { instance_id: cat.lakeHub.id })).status).toBe(403);
  });

  it("404 for another customer's pattern or instance", async () => {
    expect((await preview(eve, { instance_id: cat.customer.id })).status).toBe(404);
    const fx = instanceFixture(h.db, seed.other.id);
    const theirs = await fx.pattern("HUB", { properties: [{ name: "COLUMN_NAME" }] });
    const instance = await fx.instance({
      projectId: seed.foreign.id,
      patternId: theirs.id,
      name: "THEIRS",
      rows: [{ COLUMN_NAME: "A" }],
    });
    expect((await preview(admin, { instance_id: instance.id })).status).toBe(404);
    expect((await preview(eve, { instance_id: instance.id }, theirs.id)).status).toBe(200);
  });
});
