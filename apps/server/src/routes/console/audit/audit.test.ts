import type { AuditEvent } from "@metabuild/contract";
import { insertAuditEvent, runStatement } from "@metabuild/db";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { expectTokenRequired, messageOf } from "../../../testing/route-checks.ts";
import { type Seed, routeSuite, seededApp } from "../../../testing/route-suite.ts";

const URL = "/api/console/audit";

let h: Harness;
let seed: Seed;
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
      seed,
      tokens: { ann, admin, eve },
    } = app);
  },
);

const setValue = (token: string, value: string) =>
  h.call("/api/console/variable_values", token, {
    method: "PUT",
    body: JSON.stringify({
      project: "DWH",
      pattern: "HUB",
      variable: "V_FOLDER",
      value,
      folder: "/sales",
    }),
  });

async function events(token: string, query = ""): Promise<{ items: AuditEvent[]; total: number }> {
  const res = await h.call(`${URL}${query}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return {
    items: (await res.json()) as AuditEvent[],
    total: Number(res.headers.get("X-Total-Count")),
  };
}

describe("GET /api/console/audit: happy path", () => {
  it("lists the customer's events newest first, with who, target and before → after", async () => {
    expect((await setValue(ann, "first")).status).toBe(200);
    const res = await setValue(ann, "second");
    const requestId = res.headers.get("X-Request-Id");
    const { items } = await events(admin, "?action=variable_value.");
    // Each save also records what it changed downstream (docs/lineage.md "Impact").
    const impact = { changed: 5, invalid: 0, deployments: [] };
    expect(items.map((e) => e.after)).toEqual([
      { value: "second", impact },
      { value: "first", impact },
    ]);
    expect(items[0]).toMatchObject({
      action: "variable_value.set",
      user_id: seed.ann.id,
      user_email: "ann@acme.test",
      project_id: seed.dwh.id,
      target_kind: "pattern_variable",
      target_label: "HUB.V_FOLDER at folder '/sales'",
      before: { value: "first" },
      after: { value: "second", impact },
      request_id: requestId,
    });
    expect(items[1]?.before).toBeNull();
    expect(items[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("pages with $limit/$skip and counts the whole match in X-Total-Count", async () => {
    for (const v of ["a", "b", "c"]) expect((await setValue(ann, v)).status).toBe(200);
    const first = await events(admin, "?action=variable_value.set&$limit=2");
    expect(first.total).toBe(3);
    expect(first.items.map((e) => (e.after as { value: string }).value)).toEqual(["c", "b"]);
    const rest = await events(admin, "?action=variable_value.set&$limit=2&$skip=2");
    expect(rest.items.map((e) => (e.after as { value: string }).value)).toEqual(["a"]);
  });

  it("filters by user, action prefix, project, target, dates and text", async () => {
    expect((await setValue(ann, "needle-value")).status).toBe(200);
    expect((await setValue(admin, "other")).status).toBe(200);
    const variableId = (await events(admin, "?action=variable_value")).items[0]?.target_id;
    const target = `&target_kind=pattern_variable&target_id=${variableId}`;
    expect((await events(admin, `?user_id=${seed.ann.id}&action=variable_value`)).total).toBe(1);
    expect((await events(admin, `?project_id=${seed.dwh.id}${target}`)).total).toBe(2);
    expect((await events(admin, `?project_id=${seed.lake.id}`)).total).toBe(0);
    // The text is found in ann's "after" and in admin's "before".
    expect((await events(admin, "?q=needle")).items.map((e) => e.user_email)).toEqual([
      "admin@acme.test",
      "ann@acme.test",
    ]);
    expect((await events(admin, "?q=ann@acme")).items.every((e) => e.user_id === seed.ann.id)).toBe(
      true,
    );
    // A date alone covers its whole day; the events happened today.
    const today = new Date().toISOString().slice(0, 10);
    expect((await events(admin, `?action=variable_value&from=${today}&to=${today}`)).total).toBe(2);
    expect((await events(admin, "?action=variable_value&to=2000-01-01")).total).toBe(0);
    // `%` and `_` match themselves, not any text.
    expect((await events(admin, "?q=%25")).total).toBe(0);
  });
});

describe("GET /api/console/audit: errors", () => {
  it("names the bad field", async () => {
    for (const [query, field] of [
      ["?from=yesterday", "from"],
      ["?$limit=-1", "$limit"],
      ["?user_id=x", "user_id"],
      ["?$sort[secret]=1", "$sort"],
    ] as const) {
      const res = await h.call(`${URL}${query}`, admin);
      expect(res.status, query).toBe(400);
      expect(await messageOf(res)).toContain(field);
    }
  });

  it("is read-only: writes answer 405", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await h.call(URL, admin, { method, body: "{}" });
      expect(res.status, method).toBe(405);
    }
  });
});

describe("GET /api/console/audit: security", () => {
  it("needs a valid token", async () => {
    await expectTokenRequired(h, URL, admin);
  });

  it("refuses non-admins with 403, even for their own events", async () => {
    expect((await setValue(ann, "mine")).status).toBe(200);
    const res = await h.call(URL, ann);
    expect(res.status).toBe(403);
  });

  it("never shows another customer's events, whatever the filter", async () => {
    expect((await setValue(ann, "acme-only")).status).toBe(200);
    // Eve is Globex's only user and no admin: make her one to read Globex's log.
    await runStatement(h.db, sql`UPDATE users SET admin = 1 WHERE id = ${seed.eve.id}`);
    const { items } = await events(eve, "");
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((e) => e.user_email === "eve@globex.test")).toBe(true);
    expect((await events(eve, `?project_id=${seed.dwh.id}`)).total).toBe(0);
    expect((await events(eve, "?q=acme-only")).total).toBe(0);
    expect((await events(eve, `?user_id=${seed.ann.id}`)).total).toBe(0);
  });

  it("is in the OpenAPI document and works with a bearer token", async () => {
    const doc = (await (await h.call("/api/v1/openapi.json")).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toContain(URL);
  });
});

describe("audit retention", () => {
  it("drops events older than METABUILD_AUDIT_RETENTION_DAYS, keeps all at 0", async () => {
    const old = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    for (const at of [old(40), old(10)])
      await insertAuditEvent(h.db, { customerId: seed.acme.id, at, action: "test.old" });
    expect((await events(admin, "?action=test.old")).total).toBe(2);
    const kept = await seededApp({ users: ["admin"], config: { auditRetentionDays: 30 } });
    for (const at of [old(40), old(10)])
      await insertAuditEvent(kept.h.db, { customerId: kept.seed.acme.id, at, action: "test.old" });
    const res = await kept.h.call(`${URL}?action=test.old`, kept.tokens.admin);
    const kept10 = (await res.json()) as AuditEvent[];
    expect(kept10.map((e) => e.at.slice(0, 10))).toEqual([old(10).slice(0, 10)]);
  });
});
