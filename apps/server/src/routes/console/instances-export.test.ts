import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../testing/harness.ts";
import { seedInstanceCatalog } from "../../testing/instances-fixture.ts";
import { readWorkbook } from "../../testing/workbooks.ts";

// The console's export of a selection (`ids`); the filtered export itself is
// covered with the spreadsheet export in routes/v1/instances/export.test.ts.

let h: Harness;
let cat: Awaited<ReturnType<typeof seedInstanceCatalog>>;
let ann: string;
let admin: string;

beforeEach(async () => {
  h = createHarness();
  const seed = await seedBasic(h.db);
  cat = await seedInstanceCatalog(h.db, seed, h.clock.now());
  [ann, admin] = await Promise.all([h.token("ann@acme.test"), h.token("admin@acme.test")]);
});

const base = "/api/console/instances/export";

/** Sheet name → instance names on its lines (one line per metadata row). */
async function exported(res: Response): Promise<Record<string, string[]>> {
  expect(res.status).toBe(200);
  const sheets = await readWorkbook(await res.arrayBuffer());
  return Object.fromEntries(
    Object.entries(sheets).map(([name, lines]) => [name, lines.slice(1).map((l) => String(l[0]))]),
  );
}

async function message(res: Response) {
  return ((await res.json()) as { message: string }).message;
}

describe("export of a selection: happy path", () => {
  it("exports only the instances of ids[], one sheet per pattern", async () => {
    const res = await h.call(
      `${base}?project=DWH&ids[]=${cat.hubOrder.id}&ids[]=${cat.satCustomer.id}`,
      ann,
    );
    expect(res.headers.get("Content-Disposition")).toContain('filename="DWH-instances.xlsx"');
    expect(await exported(res)).toEqual({ HUB: ["HUB_ORDER"], SAT: ["SAT_CUSTOMER"] });
  });

  it("takes the ids comma-separated too, and still applies the other filters", async () => {
    const ids = [cat.hubCustomer.id, cat.hubOrder.id, cat.stgCustomer.id].join(",");
    expect(await exported(await h.call(`${base}?project=DWH&ids=${ids}`, ann))).toEqual({
      HUB: ["HUB_CUSTOMER", "HUB_CUSTOMER", "HUB_ORDER"],
      STG: ["STG_CUSTOMER"],
    });
    expect(await exported(await h.call(`${base}?project=DWH&ids=${ids}&pattern=STG`, ann))).toEqual(
      { STG: ["STG_CUSTOMER"] },
    );
    // A deleted instance is left out unless `deleted` asks for it, as in the list.
    expect(
      await exported(await h.call(`${base}?project=DWH&ids=${cat.hubProduct.id}`, ann)),
    ).toEqual({ Instances: [] });
  });
});

describe("export of a selection: errors", () => {
  it("answers 400 naming ids for an id that is not a number", async () => {
    const res = await h.call(`${base}?project=DWH&ids=1,abc`, ann);
    expect(res.status).toBe(400);
    expect(await message(res)).toContain("'ids'");
    const empty = await h.call(`${base}?project=DWH&ids[]=${cat.hubOrder.id}&ids[]=`, ann);
    expect(empty.status).toBe(400);
  });

  it("answers 400 without a project, as the list does", async () => {
    const res = await h.call(`${base}?ids=${cat.hubOrder.id}`, ann);
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("A project id or name is required!");
  });
});

describe("export of a selection: security", () => {
  it("never exports ids of another project or customer through a readable project", async () => {
    const ids = [cat.lakeOnly.id, cat.foreign.id].join(",");
    expect(await exported(await h.call(`${base}?project=DWH&ids=${ids}`, admin))).toEqual({
      Instances: [],
    });
  });

  it("needs a token and access to the project", async () => {
    expect((await h.call(`${base}?project=DWH&ids=${cat.hubOrder.id}`)).status).toBe(401);
    const lake = await h.call(`${base}?project=LAKE&ids=${cat.lakeOnly.id}`, ann);
    expect(lake.status).toBe(403);
    expect(await message(lake)).toBe("You don't have permissions to access this project!");
  });
});
