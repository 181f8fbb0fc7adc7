import { schema } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let cat: Awaited<ReturnType<typeof seedInstanceCatalog>>;
let ann: string;
let bob: string;
let admin: string;
let eve: string;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  cat = await seedInstanceCatalog(h.db, seed, h.clock.now());
  [ann, bob, admin, eve] = await Promise.all([
    h.token("ann@acme.test"),
    h.token("bob@acme.test"),
    h.token("admin@acme.test"),
    h.token("eve@globex.test"),
  ]);
});

interface Item {
  id: number;
  name: string;
  labels: string[];
}

/** Names of the instances a list answers, in answer order. */
async function names(query: string, token = ann): Promise<string[]> {
  const res = await h.call(`/api/v1/instances?${query}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  const items = (await res.json()) as Item[];
  expect(res.headers.get("X-Total-Count")).toBe(String(items.length));
  return items.map((i) => i.name);
}

async function message(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message;
}

const LIVE = ["HUB_CUSTOMER", "HUB_ORDER", "SAT_CUSTOMER", "STG_CUSTOMER"];

describe("instances: happy path", () => {
  it("lists a project's non-deleted instances by id, in the list form", async () => {
    const res = await h.call("/api/v1/instances?project=DWH", ann);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("4");
    const items = (await res.json()) as Item[];
    expect(items.map((i) => i.name)).toEqual(LIVE);
    expect(items[0]).toEqual({
      id: cat.hubCustomer.id,
      customer_id: seed.acme.id,
      name: "HUB_CUSTOMER",
      project_id: seed.dwh.id,
      pattern_id: cat.hub.id,
      errors: 0,
      instance_folder_id: cat.hubCustomer.instanceFolderId,
      version: 1,
      description: "Customers",
      release_id: cat.coreR1.id,
      identity_id: null,
      user_id: null,
      latest_commit_id: null,
      labels: ["crm", "gold"],
      checked_out: false,
      deleted: false,
      upload_disabled: false,
      insert_disabled: false,
      build_disabled: false,
      edit_disabled: false,
      invalid: false,
      folder: "/raw/crm",
    });
    const order = items.find((i) => i.name === "HUB_ORDER");
    expect(order).toMatchObject({ errors: 2, invalid: true, labels: ["erp"] });
    const stg = items.find((i) => i.name === "STG_CUSTOMER");
    expect(stg).toMatchObject({ folder: "/", labels: [], release_id: null });
  });

  it("takes the project by id as well", async () => {
    expect(await names(`project_id=${seed.dwh.id}`)).toEqual(LIVE);
  });

  it("filters by one folder exactly, not its subfolders, however the path is typed", async () => {
    expect(await names("project=DWH&folder=/raw/crm")).toEqual(["HUB_CUSTOMER", "HUB_ORDER"]);
    expect(await names("project=DWH&folder=raw/crm/")).toEqual(["HUB_CUSTOMER", "HUB_ORDER"]);
    expect(await names("project=DWH&folder=/")).toEqual(["STG_CUSTOMER"]);
    expect(await names("project=DWH&folder=/nowhere")).toEqual([]);
  });

  it("filters by pattern name, pattern id and instance name", async () => {
    expect(await names("project=DWH&pattern=HUB")).toEqual(["HUB_CUSTOMER", "HUB_ORDER"]);
    expect(await names(`project=DWH&pattern_id=${cat.sat.id}`)).toEqual(["SAT_CUSTOMER"]);
    expect(await names(`project=DWH&pattern=HUB&pattern_id=${cat.sat.id}`)).toEqual([]);
    expect(await names("project=DWH&name=HUB_ORDER")).toEqual(["HUB_ORDER"]);
  });

  it("lists only deleted instances with deleted=true, only the others with deleted=false", async () => {
    expect(await names("project=DWH&deleted=true")).toEqual(["HUB_PRODUCT"]);
    expect(await names("project=DWH&deleted=false")).toEqual(LIVE);
  });

  it("filters by each flag and by validity", async () => {
    expect(await names("project=DWH&upload_disabled=true")).toEqual(["STG_CUSTOMER"]);
    expect(await names("project=DWH&insert_disabled=true")).toEqual(["STG_CUSTOMER"]);
    expect(await names("project=DWH&edit_disabled=true")).toEqual(["STG_CUSTOMER"]);
    expect(await names("project=DWH&build_disabled=true")).toEqual(["SAT_CUSTOMER"]);
    expect(await names("project=DWH&build_disabled=false")).toEqual([
      "HUB_CUSTOMER",
      "HUB_ORDER",
      "STG_CUSTOMER",
    ]);
    expect(await names("project=DWH&invalid=true")).toEqual(["HUB_ORDER"]);
    expect(await names("project=DWH&invalid=false&upload_disabled=false")).toEqual([
      "HUB_CUSTOMER",
      "SAT_CUSTOMER",
    ]);
  });

  it("counts only unexpired checkouts and finds them by holder id, e-mail or name", async () => {
    await h.db.update(schema.users).set({ name: "Ann Analyst" });
    expect(await names("project=DWH&checked_out=true")).toEqual(["SAT_CUSTOMER"]);
    expect(await names("project=DWH&checked_out=false")).toEqual([
      "HUB_CUSTOMER",
      "HUB_ORDER",
      "STG_CUSTOMER",
    ]);
    expect(await names(`project=DWH&checked_out_by_user_id=${seed.ann.id}`)).toEqual([
      "SAT_CUSTOMER",
    ]);
    expect(await names("project=DWH&checked_out_by_user=ANN@acme.test")).toEqual(["SAT_CUSTOMER"]);
    expect(await names("project=DWH&checked_out_by_user=Ann%20Analyst")).toEqual(["SAT_CUSTOMER"]);
    // A user name matches in any case, like the e-mail (docs/instance-search.md).
    expect(await names("project=DWH&checked_out_by_user=ann%20ANALYST")).toEqual(["SAT_CUSTOMER"]);
    // Bob's checkout is nine hours old: expired, so he holds nothing.
    expect(await names(`project=DWH&checked_out_by_user_id=${seed.bob.id}`)).toEqual([]);
    const list = (await (await h.call("/api/v1/instances?project=DWH", ann)).json()) as {
      name: string;
      checked_out: boolean;
    }[];
    expect(list.filter((i) => i.checked_out).map((i) => i.name)).toEqual(["SAT_CUSTOMER"]);
  });

  it("matches instances carrying at least one label, in every qs array form", async () => {
    const both = ["HUB_CUSTOMER", "HUB_ORDER"];
    expect(await names("project=DWH&labels[]=crm&labels[]=erp")).toEqual(both);
    expect(await names("project=DWH&labels%5B%5D=erp")).toEqual(["HUB_ORDER"]);
    expect(await names("project=DWH&labels[0]=gold&labels[1]=nope")).toEqual(["HUB_CUSTOMER"]);
    expect(await names("project=DWH&labels=crm&labels=erp")).toEqual(both);
    expect(await names("project=DWH&labels=gold")).toEqual(["HUB_CUSTOMER"]);
    expect(await names("project=DWH&labels[]=lake-label")).toEqual([]);
  });

  it("restricts instances of a named release group to its release, others untouched", async () => {
    // SAT (group ext) and STG (no group) pass; HUB must be in core R1.
    expect(await names("project=DWH&releases[core]=R1")).toEqual([
      "HUB_CUSTOMER",
      "SAT_CUSTOMER",
      "STG_CUSTOMER",
    ]);
    const json = encodeURIComponent(JSON.stringify({ core: "R2", ext: "R1" }));
    expect(await names(`project=DWH&releases=${json}`)).toEqual([
      "HUB_ORDER",
      "SAT_CUSTOMER",
      "STG_CUSTOMER",
    ]);
    expect(await names("project=DWH&releases[core]=R1&releases[ext]=R9")).toEqual([
      "HUB_CUSTOMER",
      "STG_CUSTOMER",
    ]);
    // A release missing from its group: no instance of that group matches.
    expect(await names("project=DWH&releases[core]=R9")).toEqual(["SAT_CUSTOMER", "STG_CUSTOMER"]);
    // A group that does not exist restricts nothing.
    expect(await names("project=DWH&releases[nogroup]=R1")).toEqual(LIVE);
  });

  it("pages and sorts, with the unpaged count in X-Total-Count", async () => {
    const res = await h.call("/api/v1/instances?project=DWH&$sort[name]=-1&$limit=2&$skip=1", ann);
    expect(res.headers.get("X-Total-Count")).toBe("4");
    expect(((await res.json()) as Item[]).map((i) => i.name)).toEqual([
      "SAT_CUSTOMER",
      "HUB_ORDER",
    ]);
    const byFolder = await names("project=DWH&$sort[folder]=1&$sort[name]=-1");
    expect(byFolder).toEqual(["STG_CUSTOMER", "HUB_ORDER", "HUB_CUSTOMER", "SAT_CUSTOMER"]);
  });

  it("sorts by any scalar field of the list form, flags included (docs/reference/rules.md §3)", async () => {
    const cases: [string, string[]][] = [
      ["$sort[invalid]=-1", ["HUB_ORDER", "HUB_CUSTOMER", "SAT_CUSTOMER", "STG_CUSTOMER"]],
      // STG_CUSTOMER's checkout has expired: it is not checked out.
      ["$sort[checked_out]=-1", ["SAT_CUSTOMER", "HUB_CUSTOMER", "HUB_ORDER", "STG_CUSTOMER"]],
      ["$sort[build_disabled]=-1", ["SAT_CUSTOMER", "HUB_CUSTOMER", "HUB_ORDER", "STG_CUSTOMER"]],
      ["$sort[upload_disabled]=-1", ["STG_CUSTOMER", "HUB_CUSTOMER", "HUB_ORDER", "SAT_CUSTOMER"]],
      ["$sort[description]=1", ["HUB_ORDER", "SAT_CUSTOMER", "STG_CUSTOMER", "HUB_CUSTOMER"]],
      ["$sort[project_id]=1&$sort[user_id]=-1", LIVE],
    ];
    for (const [query, expected] of cases)
      expect(await names(`project=DWH&${query}`), query).toEqual(expected);
    const res = await h.call("/api/v1/instances?project=DWH&$sort[labels]=1", ann);
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("Invalid value for '$sort': unknown field 'labels'");
  });

  it("answers the detail form: header and rows keyed by exactly the header", async () => {
    const res = await h.call(`/api/v1/instances/${cat.hubCustomer.id}`, bob);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      instance_id: cat.hubCustomer.id,
      instance_name: "HUB_CUSTOMER",
      project_name: "DWH",
      pattern_name: "HUB",
      folder: "/raw/crm",
      header: ["@POS_NO", "COLUMN", "TYPE", "BK", "PK"],
      field_details: [
        { "@POS_NO": 1, COLUMN: "CUSTOMER_ID", TYPE: "INTEGER", BK: "X", PK: "X" },
        { "@POS_NO": 2, COLUMN: "NAME", TYPE: "TEXT", BK: null, PK: null },
      ],
    });
  });

  it("answers the detail of an instance without rows, also a deleted one", async () => {
    const res = await h.call(`/api/v1/instances/${cat.hubProduct.id}`, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ folder: "/raw", field_details: [] });
  });
});

describe("instances: errors", () => {
  it("answers 400 when neither project nor project_id is given", async () => {
    const res = await h.call("/api/v1/instances?folder=/raw", ann);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      name: "BadRequest",
      message: "A project id or name is required!",
      code: 400,
      className: "bad-request",
      data: { request_id: expect.any(String) },
    });
  });

  it("counts an empty project or project_id as not given", async () => {
    for (const query of ["project=", "project_id=", "project=&project_id="]) {
      const res = await h.call(`/api/v1/instances?${query}`, ann);
      expect(res.status, query).toBe(400);
      expect(await message(res), query).toBe("A project id or name is required!");
    }
    expect(await names(`project=&project_id=${seed.dwh.id}`)).toEqual(LIVE);
    expect(await names("project=DWH&project_id=")).toEqual(LIVE);
  });

  it("answers 404 for an unknown project name and an unknown pattern name", async () => {
    const project = await h.call("/api/v1/instances?project=NOPE", ann);
    expect(project.status).toBe(404);
    expect(await message(project)).toBe("A project with the name 'NOPE' does not exist!");
    const pattern = await h.call("/api/v1/instances?project=DWH&pattern=LINK", ann);
    expect(pattern.status).toBe(404);
    expect(await message(pattern)).toBe("A pattern with the name 'LINK' does not exist!");
  });

  it("answers 400 naming the field for a boolean that is not true/false", async () => {
    for (const field of ["deleted", "checked_out", "invalid", "upload_disabled", "edit_disabled"]) {
      const res = await h.call(`/api/v1/instances?project=DWH&${field}=yes`, ann);
      expect(res.status).toBe(400);
      expect(await message(res)).toContain(`'${field}'`);
    }
  });

  it("answers 400 naming the field for bad integers, releases and sort fields", async () => {
    const cases: [string, string][] = [
      ["checked_out_by_user_id=abc", "checked_out_by_user_id"],
      ["pattern_id=-1", "pattern_id"],
      ["releases=not-json", "releases"],
      ["releases[core][x]=R1", "releases"],
      ["$limit=ten", "$limit"],
      ["$sort[secret]=1", "$sort"],
      ["$sort[name]=up", "$sort"],
    ];
    for (const [query, field] of cases) {
      const res = await h.call(`/api/v1/instances?project=DWH&${query}`, ann);
      expect(res.status, query).toBe(400);
      expect(await message(res)).toContain(field);
    }
    const nested = await h.call("/api/v1/instances?project=DWH&labels[a][b]=pii", ann);
    expect(nested.status).toBe(400);
    expect(await message(nested)).toBe(
      "Invalid value for 'labels': must be a name or a list of names",
    );
  });

  it("answers 404 with the record message for an unknown id, 400 for a non-integer id", async () => {
    const res = await h.call("/api/v1/instances/999999", admin);
    expect(res.status).toBe(404);
    expect(await message(res)).toBe("No record found for id '999999'");
    const bad = await h.call("/api/v1/instances/abc", admin);
    expect(bad.status).toBe(400);
    expect(await message(bad)).toContain("'id'");
  });

  it("answers 405 for the unimplemented methods", async () => {
    const item = `/api/v1/instances/${cat.hubCustomer.id}`;
    const cases: [string, string, string][] = [
      ["PUT", item, "update"],
      ["PATCH", item, "patch"],
      ["DELETE", item, "remove"],
      ["POST", item, "create"],
      ["PATCH", "/api/v1/instances", "patch"],
      ["DELETE", "/api/v1/instances", "remove"],
    ];
    for (const [method, path, name] of cases) {
      const res = await h.call(path, admin, { method, body: "{}" });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(await message(res)).toBe(`Method \`${name}\` is not supported by this endpoint.`);
    }
    const res = await h.call(item, admin, { method: "PUT", body: "{}" });
    expect(res.headers.get("Allow")).toBe("GET");
  });
});

describe("instances: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    const none = await h.call("/api/v1/instances?project=DWH");
    expect(none.status).toBe(401);
    expect(await message(none)).toBe("Not authenticated");
    h.clock.advance(3601 * 1000);
    const expired = await h.call(`/api/v1/instances/${cat.hubCustomer.id}`, ann);
    expect(expired.status).toBe(401);
    expect(await message(expired)).toBe("Not authenticated");
  });

  it("hides another customer's project and instance as 404", async () => {
    const byId = await h.call(`/api/v1/instances?project_id=${seed.foreign.id}`, admin);
    expect(byId.status).toBe(404);
    const byName = await h.call("/api/v1/instances?project=GLOBEX_DWH", admin);
    expect(byName.status).toBe(404);
    expect(await message(byName)).toBe("A project with the name 'GLOBEX_DWH' does not exist!");
    const detail = await h.call(`/api/v1/instances/${cat.foreign.id}`, admin);
    expect(detail.status).toBe(404);
    expect(await message(detail)).toBe(`No record found for id '${cat.foreign.id}'`);
    const back = await h.call(`/api/v1/instances/${cat.hubCustomer.id}`, eve);
    expect(back.status).toBe(404);
  });

  it("refuses a project without the access grant, in the list and the detail", async () => {
    const list = await h.call("/api/v1/instances?project=LAKE", ann);
    expect(list.status).toBe(403);
    expect(await message(list)).toBe("You don't have permissions to access this project!");
    const detail = await h.call(`/api/v1/instances/${cat.lakeOnly.id}`, bob);
    expect(detail.status).toBe(403);
    expect(await message(detail)).toBe("You don't have permissions to access this project!");
    expect(await names("project=LAKE", admin)).toEqual(["LAKE_ONLY"]);
  });

  it("never lists another project's or customer's instances through filters", async () => {
    expect(await names("project=DWH&labels[]=crm&name=GLOBEX_HUB", admin)).toEqual([]);
    expect(await names("project=DWH&name=LAKE_ONLY", admin)).toEqual([]);
  });
});
