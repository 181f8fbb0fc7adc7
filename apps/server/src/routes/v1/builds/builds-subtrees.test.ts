import type { Build, InstanceListItem } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import { type BuildClient, buildClient } from "../../../testing/build-client.ts";
import { type BuildCatalog, seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import type { Harness } from "../../../testing/harness.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

// Issue 14: wildcard entries take `subfolders: true` and name globs, and
// expand exactly as GET /api/v1/instances lists (docs/builds.md, wildcards).

let h: Harness;
let cat: BuildCatalog;
let ann: string;
let client: BuildClient;
routeSuite(
  { users: ["ann"], fixture: async (h, seed) => await seedBuildCatalog(h.db, seed) },
  (app) => {
    ({
      h,
      fixture: cat,
      tokens: { ann },
    } = app);
    client = buildClient(h);
  },
);

const idsOf = async (b: Build) => {
  const files = await client.files(ann, b);
  const manifest = JSON.parse(files.get("manifest.json") as string) as {
    instances: { id: number }[];
  };
  return manifest.instances.map((i) => i.id).sort((a, b) => a - b);
};

/** What the list answers for the same filters plus rules 3 and 4. */
async function listed(query: string): Promise<number[]> {
  const res = await h.call(
    `/api/v1/instances?project=DWH&pattern=HUB&invalid=false&build_disabled=false&${query}`,
    ann,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as InstanceListItem[]).map((i) => i.id).sort((a, b) => a - b);
}

async function post(body: Record<string, unknown>) {
  const res = await h.call("/api/v1/builds", ann, {
    method: "POST",
    body: JSON.stringify({ project: "DWH", ...body }),
  });
  return { status: res.status, message: ((await res.json()) as { message: string }).message };
}

describe("builds: subtrees and name globs in wildcard entries", () => {
  it("expands subfolders: true to the folder and all below, as the list does", async () => {
    const { build, warnings } = await client.build(ann, {
      instances: [{ pattern: "HUB", folder: "/finance", name: "*", subfolders: true }],
    });
    expect(warnings).toEqual([]);
    expect(await idsOf(build)).toEqual([cat.ledger.id, cat.held.id].sort((a, b) => a - b));
    expect(await idsOf(build)).toEqual(await listed("folder=/finance&subfolders=true"));
  });

  it("keeps one folder without subfolders: /finance alone matches nothing", async () => {
    const { build, warnings } = await client.build(ann, {
      instances: [{ pattern: "HUB", folder: "/finance", name: "*", subfolders: false }],
    });
    expect(build.instances).toBe(0);
    expect(warnings).toEqual([
      "Wildcard entry 1 (pattern 'HUB', folder '/finance') matched no instances",
    ]);
  });

  it("expands a name glob in a wildcard entry, with or without subfolders", async () => {
    const one = await client.build(ann, {
      instances: [{ pattern: "HUB", folder: "/sales", name: "*ORD*" }],
    });
    expect(await idsOf(one.build)).toEqual([cat.order.id]);
    const deep = await client.build(ann, {
      instances: [{ pattern: "HUB", folder: "/", name: "*GE*", subfolders: true }],
    });
    expect(await idsOf(deep.build)).toEqual(await listed("folder=/&subfolders=true&name=*GE*"));
    expect(await idsOf(deep.build)).toEqual([cat.ledger.id]);
    expect(await idsOf(deep.build)).not.toContain(cat.order.id);
  });

  it("keeps a name without * an exact by-name entry, and refuses subfolders on it", async () => {
    const exact = await client.build(ann, {
      instances: [{ pattern: "HUB", folder: "/sales", name: "ORDER" }],
    });
    expect(await idsOf(exact.build)).toEqual([cat.order.id]);
    expect(await post({ instances: [{ pattern: "HUB", folder: "/sales", name: "ORD" }] })).toEqual({
      status: 404,
      message: "Instance not found",
    });
    const refused = await post({
      instances: [{ pattern: "HUB", folder: "/", name: "ORDER", subfolders: true }],
    });
    expect(refused.status).toBe(400);
    expect(refused.message).toContain("subfolders");
  });

  it("answers 400 naming the field for a subfolders value that is not a boolean", async () => {
    const res = await post({
      instances: [{ pattern: "HUB", folder: "/", name: "*", subfolders: "yes" }],
    });
    expect(res.status).toBe(400);
    expect(res.message).toContain("instances.0.subfolders");
  });
});
