import type { LineageGraph } from "@metabuild/contract";
import { schema } from "@metabuild/db";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { type LineageFixture, seedLineage } from "../../../testing/lineage-fixture.ts";
import {
  expectBadField,
  expectMethodsNotAllowed,
  expectNoProjectAccess,
  expectNotFound,
  expectRecordNotFound,
  expectTokenRequired,
} from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

let h: Harness;
let g: LineageFixture;
let ann: string;
let bob: string;
let eve: string;
routeSuite(
  { users: ["ann", "bob", "eve"], fixture: async (h, seed) => await seedLineage(h.db, seed) },
  (app) => {
    ({
      h,
      fixture: g,
      tokens: { ann, bob, eve },
    } = app);
  },
);

async function graph(query: string, token = ann): Promise<LineageGraph> {
  const res = await h.call(`/api/v1/lineage?${query}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as LineageGraph;
}

/** Node names and `FROM→TO` edges by name, sorted: what a reader of the graph sees. */
function named(answer: LineageGraph) {
  const name = new Map(answer.nodes.map((n) => [n.id, n.name]));
  return {
    nodes: answer.nodes.map((n) => n.name).sort(),
    edges: answer.edges.map((e) => `${name.get(e.from)}→${name.get(e.to)}`).sort(),
  };
}

describe("lineage: happy path", () => {
  it("answers the whole project without an instance", async () => {
    const answer = await graph("project=DWH");
    expect(named(answer)).toEqual({
      nodes: [
        "CUSTOMER",
        "H_CUSTOMER",
        "H_ORDER",
        "L_ORDER_CUSTOMER",
        "ORDER",
        "SPARE",
        "S_CUSTOMER",
      ],
      edges: [
        "CUSTOMER→H_CUSTOMER",
        "H_CUSTOMER→L_ORDER_CUSTOMER",
        "H_CUSTOMER→S_CUSTOMER",
        "H_ORDER→L_ORDER_CUSTOMER",
        "ORDER→H_ORDER",
      ],
    });
    expect(answer.nodes.find((n) => n.id === g.hCustomer.id)).toEqual({
      id: g.hCustomer.id,
      pattern: "HUB",
      folder: "/dv",
      name: "H_CUSTOMER",
      valid: false,
      deleted: false,
      build_disabled: false,
    });
  });

  it("lists a deleted instance only while a reference still reaches it", async () => {
    await h.db
      .update(schema.instances)
      .set({ deleted: 1 })
      .where(inArray(schema.instances.id, [g.stgSpare.id, g.stgOrder.id]));
    const answer = await graph("project=DWH");
    expect(answer.nodes.some((n) => n.id === g.stgSpare.id)).toBe(false);
    expect(answer.nodes.find((n) => n.id === g.stgOrder.id)?.deleted).toBe(true);
  });

  it("walks upstream: what an instance reads, transitively", async () => {
    const answer = await graph(`project=DWH&instance_id=${g.lOrderCustomer.id}&direction=upstream`);
    expect(named(answer)).toEqual({
      nodes: ["CUSTOMER", "H_CUSTOMER", "H_ORDER", "L_ORDER_CUSTOMER", "ORDER"],
      edges: [
        "CUSTOMER→H_CUSTOMER",
        "H_CUSTOMER→L_ORDER_CUSTOMER",
        "H_ORDER→L_ORDER_CUSTOMER",
        "ORDER→H_ORDER",
      ],
    });
  });

  it("walks downstream: what reads an instance, transitively", async () => {
    const answer = await graph(`project=DWH&instance_id=${g.stgCustomer.id}&direction=downstream`);
    expect(named(answer).nodes).toEqual([
      "CUSTOMER",
      "H_CUSTOMER",
      "L_ORDER_CUSTOMER",
      "S_CUSTOMER",
    ]);
  });

  it("stops at the depth asked, in both directions by default", async () => {
    const answer = await graph(
      `project_id=${g.hCustomer.projectId}&instance_id=${g.hCustomer.id}&depth=1`,
    );
    expect(named(answer)).toEqual({
      nodes: ["CUSTOMER", "H_CUSTOMER", "L_ORDER_CUSTOMER", "S_CUSTOMER"],
      edges: ["CUSTOMER→H_CUSTOMER", "H_CUSTOMER→L_ORDER_CUSTOMER", "H_CUSTOMER→S_CUSTOMER"],
    });
  });

  it("gives a column-level reference its target row and the referencing row", async () => {
    const answer = await graph(
      `project=DWH&instance_id=${g.sCustomer.id}&direction=upstream&depth=1`,
    );
    expect(answer.edges).toEqual([
      {
        from: g.hCustomer.id,
        to: g.sCustomer.id,
        property: "SOURCE",
        to_pos_no: 1,
        from_row: "CUSTOMER_ID",
      },
    ]);
    expect(answer.nodes.find((n) => n.id === g.sCustomer.id)?.build_disabled).toBe(true);
  });

  it("answers an instance without references alone", async () => {
    expect(named(await graph(`project=DWH&instance_id=${g.stgSpare.id}`))).toEqual({
      nodes: ["SPARE"],
      edges: [],
    });
  });

  it("lets a user with only the access grant read the graph", async () => {
    expect((await graph("project=DWH", bob)).nodes).toHaveLength(7);
  });
});

describe("lineage: errors", () => {
  it("requires a project", async () => {
    const res = await h.call("/api/v1/lineage", ann);
    expect(res.status).toBe(400);
  });

  it("names a bad direction, depth or instance id", async () => {
    await expectBadField(
      h,
      "/api/v1/lineage?project=DWH&instance_id=1&direction=sideways",
      ann,
      "direction",
    );
    await expectBadField(h, "/api/v1/lineage?project=DWH&instance_id=1&depth=0", ann, "depth");
    await expectBadField(h, "/api/v1/lineage?project=DWH&instance_id=1&depth=-2", ann, "depth");
    await expectBadField(h, "/api/v1/lineage?project=DWH&instance_id=x", ann, "instance_id");
  });

  it("answers 404 for an unknown project or instance", async () => {
    await expectNotFound(h, "/api/v1/lineage?project=NOPE", ann);
    await expectRecordNotFound(h, "/api/v1/lineage?project=DWH&instance_id=424242", ann, 424242);
  });

  it("answers 405 for writes", async () => {
    await expectMethodsNotAllowed(h, ann, [
      ["POST", "/api/v1/lineage"],
      ["PUT", "/api/v1/lineage"],
      ["DELETE", "/api/v1/lineage"],
    ]);
  });
});

describe("lineage: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    await expectTokenRequired(h, "/api/v1/lineage?project=DWH", ann);
  });

  it("refuses a project without the access grant", async () => {
    await expectNoProjectAccess(h, "/api/v1/lineage?project=LAKE", ann);
  });

  it("hides another customer's project and instances like missing ones", async () => {
    await expectNotFound(h, `/api/v1/lineage?project_id=${g.foreign.projectId}`, ann);
    await expectRecordNotFound(
      h,
      `/api/v1/lineage?project=DWH&instance_id=${g.foreign.id}`,
      ann,
      g.foreign.id,
    );
    await expectRecordNotFound(
      h,
      `/api/v1/lineage?project=GLOBEX_DWH&instance_id=${g.hOrder.id}`,
      eve,
      g.hOrder.id,
    );
  });

  it("answers an instance of another project of the same customer as missing", async () => {
    await expectRecordNotFound(
      h,
      `/api/v1/lineage?project=DWH&instance_id=${g.lakeStg.id}`,
      ann,
      g.lakeStg.id,
    );
  });
});
