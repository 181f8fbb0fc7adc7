import type { InstanceQuery } from "@metabuild/contract";
import type { Principal } from "@metabuild/core";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../testing/harness.ts";
import { seedInstanceCatalog } from "../../testing/instances-fixture.ts";

// The list endpoint answers JSON written by the store; builds and exports get
// rows mapped in JavaScript. Both must describe every instance identically.
let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let admin: Principal;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  const cat = await seedInstanceCatalog(h.db, seed, h.clock.now());
  // Texts JSON must escape, and characters beyond ASCII.
  await cat.fx.instance({
    projectId: seed.dwh.id,
    patternId: cat.hub.id,
    folder: "/raw/crm/ünïcode",
    name: 'HUB_"QUOTED"\\NAME',
    description: 'line 1\nline 2\t"tab" \\ back \u0001 ctl – 客户 🚀 </script>',
    labels: ["ä-label", 'quote"label'],
    rows: [{ COLUMN: 'a "b"\n\\', TYPE: "ü 🚀", PK: "X", GONE: "stale" }, { COLUMN: null }],
  });
  admin = {
    id: seed.admin.id,
    customerId: seed.acme.id,
    email: "admin@acme.test",
    admin: true,
  };
});

const queries: InstanceQuery[] = [
  { project: "DWH" },
  { project: "DWH", deleted: true },
  { project: "DWH", checked_out: true },
  { project: "DWH", checked_out: false, invalid: false },
  { project: "DWH", labels: ["crm", "ä-label"] },
  { project: "DWH", folder: "/raw/crm" },
  { project: "DWH", pattern: "HUB", $sort: [{ field: "name", desc: true }] },
  { project: "DWH", $limit: 2, $skip: 1 },
  { project: "DWH", releases: { core: "R1" } },
];

/** The list's JSON text, joined when it came as chunks (a long list on PostgreSQL). */
async function textOf(json: string | AsyncIterable<string>): Promise<string> {
  if (typeof json === "string") return json;
  let text = "";
  for await (const chunk of json) text += chunk;
  return text;
}

describe("InstanceService.list", () => {
  it.each(queries)("answers exactly the items the row search maps (%j)", async (query) => {
    const listed = await h.services.instances.list(admin, query);
    const project = await h.services.access.resolveProject(admin, query);
    const searched = await h.services.instances.search(project, query);
    expect(JSON.parse(await textOf(listed.json))).toEqual(searched.items);
    expect(listed.total).toBe(searched.total);
  });

  it("writes the same text JSON.stringify writes, escapes included", async () => {
    const listed = await h.services.instances.list(admin, { project: "DWH" });
    const project = await h.services.access.resolveProject(admin, { project: "DWH" });
    const { items } = await h.services.instances.search(project, {});
    expect(items.some((i) => i.name === 'HUB_"QUOTED"\\NAME')).toBe(true);
    expect(await textOf(listed.json)).toBe(JSON.stringify(items));
  });

  it("answers an empty list when pattern and pattern_id disagree", async () => {
    const listed = await h.services.instances.list(admin, {
      project: "DWH",
      pattern: "HUB",
      pattern_id: -1,
    });
    expect(listed).toEqual({ json: "[]", total: 0 });
  });
});

describe("InstanceService.detail", () => {
  it("shows every instance's header and rows as content() reads them", async () => {
    const project = await h.services.access.resolveProject(admin, { project: "DWH" });
    const { items } = await h.services.instances.search(project, {});
    const deleted = (await h.services.instances.search(project, { deleted: true })).items;
    expect(items.length + deleted.length).toBeGreaterThan(3);
    for (const item of [...items, ...deleted]) {
      const detail = await h.services.instances.detail(admin, item.id);
      const content = await h.services.instances.content({
        id: item.id,
        patternId: item.pattern_id,
      });
      expect(detail).toMatchObject({ instance_id: item.id, instance_name: item.name });
      expect(detail.header).toEqual(content.header);
      expect(detail.field_details).toEqual(content.rows);
    }
  });
});
