import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";

// Issue 14: `subfolders=true` lists a folder and everything below it; `name`
// with `*` is a glob (docs/instance-search.md).

let h: Harness;
let ann: string;

beforeEach(async () => {
  h = createHarness();
  const seed = await seedBasic(h.db);
  const cat = await seedInstanceCatalog(h.db, seed, h.clock.now());
  const at = async (folder: string, name: string) =>
    await cat.fx.instance({ projectId: seed.dwh.id, patternId: cat.stg.id, folder, name });
  // A sibling whose path starts like /raw but is not below it.
  await at("/rawx", "RAWX_ONLY");
  // Names holding LIKE's and GLOB's special characters, which stay literal.
  await at("/odd", "H_1");
  await at("/odd", "HX1");
  await at("/odd", "100%");
  await at("/odd", "1000");
  await at("/odd", "A\\B");
  await at("/odd", "A?B");
  await at("/odd", "A[B]");
  await at("/odd", "hub_lower");
  ann = await h.token("ann@acme.test");
});

async function names(query: string): Promise<string[]> {
  const res = await h.call(`/api/v1/instances?project=DWH&${query}`, ann);
  expect(res.status, await res.clone().text()).toBe(200);
  const items = (await res.json()) as { name: string }[];
  expect(res.headers.get("X-Total-Count")).toBe(String(items.length));
  return items.map((i) => i.name).sort();
}

describe("instances: subtrees", () => {
  it("lists the folder and every folder below it with subfolders=true, not /rawx", async () => {
    expect(await names("folder=/raw&subfolders=true")).toEqual([
      "HUB_CUSTOMER",
      "HUB_ORDER",
      "SAT_CUSTOMER",
    ]);
    expect(await names("folder=raw/crm/&subfolders=true")).toEqual([
      "HUB_CUSTOMER",
      "HUB_ORDER",
      "SAT_CUSTOMER",
    ]);
    expect(await names("folder=/raw/crm/sub&subfolders=true")).toEqual(["SAT_CUSTOMER"]);
    expect(await names("folder=/nowhere&subfolders=true")).toEqual([]);
  });

  it("keeps one folder exactly without subfolders or with subfolders=false", async () => {
    expect(await names("folder=/raw")).toEqual([]);
    expect(await names("folder=/raw&subfolders=false")).toEqual([]);
    expect(await names("folder=/raw/crm&subfolders=false")).toEqual(["HUB_CUSTOMER", "HUB_ORDER"]);
  });

  it("takes the root with subfolders=true as the whole project", async () => {
    const all = await names("");
    expect(await names("folder=/&subfolders=true")).toEqual(all);
    expect(all).toContain("RAWX_ONLY");
  });

  it("combines subfolders with the other filters, deleted included", async () => {
    expect(await names("folder=/raw&subfolders=true&pattern=HUB")).toEqual([
      "HUB_CUSTOMER",
      "HUB_ORDER",
    ]);
    expect(await names("folder=/raw&subfolders=true&deleted=true")).toEqual(["HUB_PRODUCT"]);
  });

  it("answers 400 naming subfolders for a value that is not true/false", async () => {
    const res = await h.call("/api/v1/instances?project=DWH&folder=/raw&subfolders=yes", ann);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("subfolders");
  });
});

describe("instances: name globs", () => {
  it("matches parts of names with *", async () => {
    expect(await names("name=*ORD*")).toEqual(["HUB_ORDER"]);
    expect(await names("name=HUB_*")).toEqual(["HUB_CUSTOMER", "HUB_ORDER"]);
    expect(await names("name=*CUSTOMER")).toEqual(["HUB_CUSTOMER", "SAT_CUSTOMER", "STG_CUSTOMER"]);
    expect(await names("name=*")).toContain("RAWX_ONLY");
    expect(await names("name=*&folder=/odd")).toHaveLength(8);
  });

  it("takes every other character literally: _ % \\ ? [ and case", async () => {
    // `_` is not LIKE's any-character: neither HX1 nor HUB_… match.
    expect(await names("name=H_*")).toEqual(["H_1"]);
    expect(await names(`name=${encodeURIComponent("100%*")}`)).toEqual(["100%"]);
    expect(await names(`name=${encodeURIComponent("A\\*")}`)).toEqual(["A\\B"]);
    expect(await names(`name=${encodeURIComponent("A?*")}`)).toEqual(["A?B"]);
    expect(await names(`name=${encodeURIComponent("A[*")}`)).toEqual(["A[B]"]);
    expect(await names("name=hub_*")).toEqual(["hub_lower"]);
  });

  it("keeps a name without * exact, special characters included", async () => {
    expect(await names("name=HUB_ORDER")).toEqual(["HUB_ORDER"]);
    expect(await names("name=H_1")).toEqual(["H_1"]);
    expect(await names("name=HUB")).toEqual([]);
    expect(await names(`name=${encodeURIComponent("100%")}`)).toEqual(["100%"]);
    expect(await names("name=H%")).toEqual([]);
  });
});
