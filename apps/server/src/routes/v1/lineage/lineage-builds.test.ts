import type { Build, BuildSelection } from "@metabuild/contract";
import { schema } from "@metabuild/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type BuildClient, buildClient } from "../../../testing/build-client.ts";
import type { Harness } from "../../../testing/harness.ts";
import { type LineageFixture, seedLineage } from "../../../testing/lineage-fixture.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

// Builds grown through the lineage graph (docs/lineage.md "Builds").
let h: Harness;
let g: LineageFixture;
let ann: string;
let bob: string;
let client: BuildClient;
routeSuite(
  { users: ["ann", "bob"], fixture: async (h, seed) => await seedLineage(h.db, seed) },
  (app) => {
    ({
      h,
      fixture: g,
      tokens: { ann, bob },
    } = app);
    client = buildClient(h);
  },
);

async function selection(build: Build): Promise<BuildSelection> {
  const res = await h.call(`/api/console/builds/${build.id}/selection`, ann);
  expect(res.status).toBe(200);
  return (await res.json()) as BuildSelection;
}

const names = (items: { name: string }[]) => items.map((i) => i.name).sort();

describe("builds with the lineage graph: happy path", () => {
  it("builds an instance with its upstream, leaving out an invalid one with a warning", async () => {
    const { build, warnings } = await client.build(ann, {
      instances: [{ id: g.lOrderCustomer.id, upstream: true }],
    });
    expect(build.status).toBe("FINISHED");
    const chosen = await selection(build);
    // H_CUSTOMER is invalid: left out, and what it reads is still reached.
    expect(names(chosen.instances)).toEqual(["CUSTOMER", "H_ORDER", "L_ORDER_CUSTOMER", "ORDER"]);
    expect(chosen.left_out).toEqual([
      { id: g.hCustomer.id, pattern: "HUB", folder: "/dv", name: "H_CUSTOMER", reason: "invalid" },
    ]);
    expect(warnings).toEqual([
      "HUB:/dv/H_CUSTOMER (upstream in the graph) is invalid and was left out",
    ]);
    expect(build.downloads.map((d) => d.pattern).sort()).toEqual(["HUB", "LNK", "STG"]);
  });

  it("builds an instance with its downstream, by name", async () => {
    const { build, warnings } = await client.build(ann, {
      instances: [{ pattern: "STG", folder: "/stg", name: "ORDER", downstream: true }],
    });
    expect(names((await selection(build)).instances)).toEqual([
      "H_ORDER",
      "L_ORDER_CUSTOMER",
      "ORDER",
    ]);
    // The LNK also reads H_CUSTOMER, which this build leaves out as invalid.
    expect(warnings).toEqual([
      "LNK:/dv/L_ORDER_CUSTOMER references HUB:/dv/H_CUSTOMER, which is invalid and not built",
    ]);
  });

  it("grows an entry both ways and names a build-disabled instance it reaches", async () => {
    const { build, warnings } = await client.build(ann, {
      instances: [
        { pattern: "STG", folder: "/stg", name: "CUSTOMER", upstream: true, downstream: true },
      ],
    });
    const chosen = await selection(build);
    expect(names(chosen.instances)).toEqual(["CUSTOMER", "L_ORDER_CUSTOMER"]);
    expect(names(chosen.left_out)).toEqual(["H_CUSTOMER", "S_CUSTOMER"]);
    expect(warnings).toEqual([
      "HUB:/dv/H_CUSTOMER (downstream in the graph) is invalid and was left out",
      "SAT:/dv/sat/S_CUSTOMER (downstream in the graph) is build-disabled and was left out",
    ]);
  });

  it("warns about a reference to a deleted instance without any flag on the entry", async () => {
    await h.db
      .update(schema.instances)
      .set({ deleted: 1 })
      .where(eq(schema.instances.id, g.stgOrder.id));
    const { warnings } = await client.build(ann, { instances: [{ id: g.hOrder.id }] });
    expect(warnings).toEqual([
      "HUB:/dv/H_ORDER references STG:/stg/ORDER, which is deleted and not built",
    ]);
  });

  it("grows every instance a wildcard matches", async () => {
    const { build } = await client.build(ann, {
      instances: [{ pattern: "STG", folder: "/stg", name: "*", downstream: true }],
    });
    expect(names((await selection(build)).instances)).toEqual([
      "CUSTOMER",
      "H_ORDER",
      "L_ORDER_CUSTOMER",
      "ORDER",
      "SPARE",
    ]);
  });

  it("builds only what was asked without the flags", async () => {
    const { build, warnings } = await client.build(ann, { instances: [{ id: g.hOrder.id }] });
    expect(build.instances).toBe(1);
    expect(warnings).toEqual([]);
  });
});

describe("builds with the lineage graph: errors and security", () => {
  it("names a non-boolean flag", async () => {
    const res = await client.start(ann, {
      project: "DWH",
      instances: [{ id: g.hOrder.id, upstream: "yes" }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("instances.0.upstream");
  });

  it("still needs write_builds", async () => {
    const res = await client.start(bob, {
      project: "DWH",
      instances: [{ id: g.hOrder.id, upstream: true }],
    });
    expect(res.status).toBe(403);
  });

  it("never grows into another project", async () => {
    const res = await client.start(ann, {
      project: "DWH",
      instances: [{ id: g.lakeStg.id, downstream: true }],
    });
    expect(res.status).toBe(404);
  });
});
