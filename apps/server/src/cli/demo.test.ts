import { readFileSync } from "node:fs";
import { type Bundle, bundleCustomers } from "@metabuild/contract";
import { type Db, closeDatabase, openDatabase, tablesOf } from "@metabuild/db";
import { createLiquid } from "@metabuild/core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseBundle } from "../services/bundle/parse.ts";
import { buildClient } from "../testing/build-client.ts";
import { type Harness, createHarness } from "../testing/harness.ts";
import { DEMO_BUNDLE, loadDemoIfEmpty } from "./demo.ts";

let bundle: Bundle;
let h: Harness;
let first: Awaited<ReturnType<typeof loadDemoIfEmpty>>;
let target: Db | undefined;

// One store for the whole file: the import hashes the demo passwords (bcrypt cost 10, slow on purpose).
beforeAll(async () => {
  bundle = parseBundle(readFileSync(DEMO_BUNDLE, "utf8"), DEMO_BUNDLE);
  h = createHarness();
  first = await load();
}, 120_000);
afterEach(() => {
  if (target) closeDatabase(target);
  target = undefined;
});

const load = async () =>
  await loadDemoIfEmpty({ db: h.db, clock: h.clock, writer: h.services.instanceWriter });

describe("demo bundle", () => {
  it("imports cleanly into an empty store, with invalid instances, and not again into a used one", async () => {
    expect(first.loaded).toBe(true);
    expect(first.signIns.map((s) => s.email)).toEqual([
      "admin@demo.test",
      "dev@demo.test",
      "analyst@demo.test",
      "viewer@demo.test",
    ]);
    const instances = await h.db.select().from(tablesOf(h.db).instances);
    expect(instances.length).toBeGreaterThanOrEqual(40);
    const invalid = instances.filter((i) => i.errors > 0).map((i) => i.name);
    expect(invalid.sort()).toEqual([
      "CAMPAIGN",
      "CAMPAIGN_DETAILS",
      "CRM_CAMPAIGN",
      "SHOP_ORDER_RETURN",
    ]);
    expect((await h.db.select().from(tablesOf(h.db).projects)).map((p) => p.name)).toEqual([
      "DWH",
      "SHOP",
    ]);
    expect((await load()).loaded).toBe(false);
    expect(await h.db.select().from(tablesOf(h.db).commits)).toHaveLength(instances.length);
  }, 60_000);

  it("its hubs, links and satellites reference their staging instances, links and satellites their hubs (docs/lineage.md)", async () => {
    const t = tablesOf(h.db);
    const edges = await h.db.select().from(t.instanceReferences);
    const instances = await h.db.select().from(t.instances);
    const named = (id: number) => instances.find((i) => i.id === id)?.name;
    // 28 to staging instances; 11 link key rows and 13 satellite parent keys to hubs.
    expect(edges).toHaveLength(52);
    const triples = edges.map((e) => [
      named(e.sourceInstanceId),
      e.property,
      named(e.targetInstanceId),
    ]);
    expect(triples).toContainEqual(["CUSTOMER", "STAGING", "CRM_CUSTOMER"]);
    expect(triples).toContainEqual(["ORDER_CUSTOMER", "HUB", "CUSTOMER"]);
    expect(triples).toContainEqual(["ORDER_HEADER", "HUB", "ORDER"]);
  });

  it("every template parses with LiquidJS as builds configure it (limits, strict filters)", () => {
    const liquid = createLiquid({});
    const templates = bundleCustomers(bundle).flatMap(({ customer }) =>
      customer.patterns.flatMap((p) => p.templates),
    );
    expect(templates.length).toBe(8);
    for (const t of templates) {
      expect(() => liquid.parse(t.path)).not.toThrow();
      expect(() => liquid.parse(t.body)).not.toThrow();
    }
  });

  it("builds every valid instance into SQLite scripts that run and load data in STG → HUB → LNK → SAT order", async () => {
    const client = buildClient(h);
    const admin = await h.token("admin@demo.test", "admin-pass");
    target = openDatabase(":memory:", { migrate: false });
    const sqlite = target.$client;
    for (const project of bundle.projects) {
      const entries = [
        ...new Set(
          project.instances.map((i) =>
            JSON.stringify({ pattern: i.pattern, folder: i.folder, name: "*" }),
          ),
        ),
      ].map((e) => JSON.parse(e));
      const { build } = await client.build(admin, { project: project.name, instances: entries });
      expect(build.status, `${project.name}: ${build.message}`).toBe("FINISHED");
      for (const pattern of ["STG", "HUB", "LNK", "SAT"]) {
        const files = await client.files(admin, build, pattern);
        const scripts = [...files.keys()].filter((p) => p.endsWith(".sql")).sort();
        expect(scripts.length).toBeGreaterThan(0);
        for (const path of scripts) {
          sqlite.exec(files.get(path) as string);
          // Sample extracts, so the loads below have something to move.
          if (path === "1_ddl/crm/customers/crm_customer.sql")
            sqlite.exec(`INSERT INTO landing_crm_customer (CUSTOMER_NO, FIRST_NAME, LAST_NAME, EMAIL, BIRTH_DATE, SEGMENT, CHANGED_AT)
              VALUES ('C-1', 'Ann', 'Lee', 'ann@example.test', '1990-02-03', 'B2C', '2026-01-01'),
                     ('C-2', 'Bo', 'Ek', 'bo@example.test', NULL, 'B2B', '2026-01-02')`);
          if (path === "1_ddl/erp/orders/erp_order.sql")
            sqlite.exec(`INSERT INTO landing_erp_order (ORDER_NO, CUSTOMER_NO, ORDER_DATE, STATUS, TOTAL_AMOUNT)
              VALUES ('O-1', 'C-1', '2026-01-05', 'OPEN', '19.90')`);
        }
      }
    }
    const count = (table: string) =>
      (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(count("stg_crm_customer")).toBe(2);
    expect(count("dv_hub_customer")).toBe(2);
    expect(count("dv_sat_customer_details")).toBe(2);
    expect(count("dv_restricted_sat_customer_pii")).toBe(2);
    expect(count("dv_lnk_order_customer")).toBe(1);
    expect(count("shop_dv_hub_shop_customer")).toBe(0);
    // The link's customer key is the hub's key: the vault joins up.
    const joined = sqlite
      .prepare(
        "SELECT h.CUSTOMER_NO AS no, s.SEGMENT AS segment, r.RECORD_SOURCE AS source FROM dv_lnk_order_customer l JOIN dv_hub_customer h ON h.HK_CUSTOMER = l.HK_CUSTOMER JOIN dv_sat_customer_details s ON s.HK_CUSTOMER = h.HK_CUSTOMER JOIN stg_crm_customer r ON r.CUSTOMER_NO = h.CUSTOMER_NO",
      )
      .all();
    expect(joined).toEqual([{ no: "C-1", segment: "B2C", source: "CRM" }]);
  }, 120_000);
});
