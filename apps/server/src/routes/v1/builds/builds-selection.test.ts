import type { Build, InstanceListItem } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import { type BuildClient, buildClient } from "../../../testing/build-client.ts";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

let h: Harness;
let cat: BuildCatalog;
let ann: string;
let admin: string;
let client: BuildClient;
routeSuite(
  { users: ["ann", "admin"], fixture: async (h, seed) => await seedBuildCatalog(h.db, seed) },
  (app) => {
    ({
      h,
      fixture: cat,
      tokens: { ann, admin },
    } = app);
    client = buildClient(h);
  },
);

/** The instances an archive was rendered from, by its manifest. */
const idsOf = async (b: Build) => {
  const files = await client.files(ann, b);
  const manifest = JSON.parse(files.get("manifest.json") as string) as {
    instances: { id: number }[];
  };
  return manifest.instances.map((i) => i.id);
};

describe("builds: instance selection", () => {
  it("expands a wildcard exactly as GET /api/v1/instances lists, never invalid or build-disabled (rules 3, 4, 5)", async () => {
    const { build, warnings } = await client.build(ann, {
      instances: [{ pattern: "HUB", folder: "/sales", name: "*" }],
    });
    expect(warnings).toEqual([]);
    const listed = (await (
      await h.call(
        "/api/v1/instances?project=DWH&pattern=HUB&folder=/sales&invalid=false&build_disabled=false",
        ann,
      )
    ).json()) as InstanceListItem[];
    expect(listed.map((i) => i.name).sort()).toEqual(["CUSTOMER", "NEXT", "ORDER"]);
    expect((await idsOf(build)).sort()).toEqual(listed.map((i) => i.id).sort());
    expect(build.instances).toBe(3);
  });

  it("ignores an entry's attempt to override rules 3 and 4, with a warning", async () => {
    const { build, warnings } = await client.build(ann, {
      instances: [
        { pattern: "HUB", folder: "/sales", name: "*", invalid: true, build_disabled: true },
      ],
    });
    expect(warnings).toEqual([
      "Instances entry 1: 'invalid' is ignored; invalid instances are never built",
      "Instances entry 1: 'build_disabled' is ignored; build-disabled instances are always skipped",
    ]);
    expect(build.instances).toBe(3);
  });

  it("restricts wildcards to the top-level releases and the build's project (rules 1, 2)", async () => {
    const r2 = await client.build(ann, {
      releases: { core: "R2" },
      instances: [{ pattern: "HUB", folder: "/sales", name: "*" }],
    });
    expect(await idsOf(r2.build)).toEqual([cat.nextRelease.id]);
    expect(r2.build.releases).toEqual([cat.r2.id]);
    // LAKE_HUB sits in LAKE's root folder; a DWH build never sees it.
    const root = await client.build(admin, {
      instances: [{ pattern: "HUB", folder: "/", name: "*" }, { id: cat.order.id }],
    });
    expect(root.warnings).toEqual([
      "Wildcard entry 1 (pattern 'HUB', folder '/') matched no instances",
    ]);
    expect(root.build.instances).toBe(1);
  });

  it("forwards a wildcard's filters to the search and mixes wildcards with by-id and by-name entries (rule 6)", async () => {
    const byLabel = await client.build(ann, {
      instances: [
        { pattern: "HUB", folder: "/finance/gl", name: "*", labels: ["wip"] },
        { pattern: "HUB", folder: "/sales", name: "CUSTOMER" },
        { id: cat.satCustomer.id },
      ],
    });
    expect(byLabel.build.instances).toBe(3);
    expect(byLabel.build.patterns).toEqual([cat.hub.id, cat.sat.id].sort((a, b) => a - b));
    expect(byLabel.build.downloads.map((d) => d.name).sort()).toEqual(["HUB.zip", "SAT.zip"]);
    expect((await idsOf(byLabel.build)).sort()).toEqual(
      [cat.customer.id, cat.held.id].sort((a, b) => a - b),
    );
    expect((await client.files(ann, byLabel.build, "SAT")).get("sat/SAT_CUSTOMER.txt")).toBe(
      "SAT_CUSTOMER crm,pii\n",
    );
    const checkedIn = await client.build(ann, {
      instances: [{ pattern: "HUB", folder: "/finance/gl", name: "*", checked_out: false }],
    });
    expect(await idsOf(checkedIn.build)).toEqual([cat.ledger.id]);
    const heldByAnn = await client.build(ann, {
      instances: [
        {
          pattern: "HUB",
          folder: "/finance/gl",
          name: "*",
          checked_out: true,
          checked_out_by_user: "ann@acme.test",
        },
        { id: cat.held.id },
      ],
    });
    expect(heldByAnn.build.instances).toBe(1);
  });

  it("skips invalid and build-disabled explicit entries with a warning naming each", async () => {
    const { build, warnings } = await client.build(ann, {
      instances: [
        { id: cat.broken.id },
        { pattern: "HUB", folder: "/sales", name: "DISABLED" },
        { id: cat.order.id },
      ],
    });
    expect(warnings).toEqual([
      "Instance '/sales/BROKEN' of pattern 'HUB' is invalid (2 validation error(s)) and was skipped",
      "Instance '/sales/DISABLED' of pattern 'HUB' is build-disabled and was skipped",
    ]);
    expect(build.instances).toBe(1);
    expect(await idsOf(build)).toEqual([cat.order.id]);
  });

  it("builds deleted instances only with restore, and restores them first", async () => {
    const without = await client.start(ann, { project: "DWH", instances: [{ id: cat.gone.id }] });
    expect(without.status).toBe(404);
    expect(without.body.message).toBe("Instance not found");
    const wildcard = await client.build(ann, {
      instances: [{ pattern: "HUB", folder: "/sales", name: "*", deleted: true }],
    });
    expect(wildcard.warnings).toEqual([
      "Wildcard entry 1 (pattern 'HUB', folder '/sales') matched 1 deleted instance(s); they are built only with 'restore': true",
    ]);
    expect(wildcard.build.instances).toBe(0);
    const restored = await client.build(ann, {
      restore: true,
      instances: [{ pattern: "HUB", folder: "/sales", name: "GONE" }],
    });
    expect(restored.build.instances).toBe(1);
    expect((await client.files(ann, restored.build)).has("sales/GONE.sql")).toBe(true);
    const listed = (await (
      await h.call("/api/v1/instances?project=DWH&name=GONE", ann)
    ).json()) as InstanceListItem[];
    expect(listed).toMatchObject([{ id: cat.gone.id, deleted: false, version: 2 }]);
  });

  it("warns about releases that do not exist", async () => {
    const { warnings, build } = await client.build(ann, {
      releases: { core: "R9", nowhere: "R1" },
      instances: [{ id: cat.order.id }],
    });
    expect(warnings).toEqual([
      "Release 'R9' does not exist in release group 'core'",
      "Release 'R1' does not exist in release group 'nowhere'",
    ]);
    expect(build.status).toBe("FINISHED");
  });
});
