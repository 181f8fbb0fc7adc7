import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import {
  expectBadField,
  expectMethodsNotAllowed,
  expectNoProjectAccess,
  expectNotAuthenticated,
  expectRecordNotFound,
  expectNotFound,
  expectTokenExpired,
} from "../../../testing/route-checks.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

let h: Harness;
let seed: Seed;
let ann: string;
let bob: string;
let admin: string;
routeSuite({ users: ["ann", "bob", "admin"] }, (app) => {
  ({
    h,
    seed,
    tokens: { ann, bob, admin },
  } = app);
});

describe("projects: happy path", () => {
  it("lists the projects the user may access", async () => {
    const res = await h.call("/api/v1/projects", ann);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("1");
    expect(await res.json()).toEqual([
      { id: seed.dwh.id, name: "DWH", deleted: false, disabled: false },
    ]);
  });

  it("lists every project of the customer for an admin, paged and sorted", async () => {
    const res = await h.call("/api/v1/projects?$sort[name]=-1&$limit=1", admin);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect(((await res.json()) as { name: string }[]).map((p) => p.name)).toEqual(["LAKE"]);
  });

  it("skips without a limit: the rest of the list, never a 500", async () => {
    const res = await h.call("/api/v1/projects?$sort[name]=-1&$skip=1", admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect(((await res.json()) as { name: string }[]).map((p) => p.name)).toEqual(["DWH"]);
  });

  it("filters by name and gets one by id", async () => {
    const list = await (await h.call("/api/v1/projects?name=LAKE", admin)).json();
    expect(list).toHaveLength(1);
    const one = await h.call(`/api/v1/projects/${seed.dwh.id}`, bob);
    expect(one.status).toBe(200);
    expect(((await one.json()) as { name: string }).name).toBe("DWH");
  });

  it("takes a trailing slash like Feathers does", async () => {
    const list = await h.call("/api/v1/projects/?name=LAKE", admin);
    expect(list.status).toBe(200);
    expect(await list.json()).toHaveLength(1);
    expect((await h.call(`/api/v1/projects/${seed.dwh.id}/`, bob)).status).toBe(200);
  });
});

describe("projects: errors", () => {
  it("answers 404 with the record message for an unknown id", async () => {
    await expectRecordNotFound(h, "/api/v1/projects/9999", admin, 9999);
  });

  it("answers 400 naming the field for a non-integer id or bad sort", async () => {
    await expectBadField(h, "/api/v1/projects/abc", admin, "'id'");
    await expectBadField(h, "/api/v1/projects?$sort[nope]=1", admin, "$sort");
  });

  it("answers 405 for unimplemented methods", async () => {
    await expectMethodsNotAllowed(h, admin, [
      ["PATCH", `/api/v1/projects/${seed.dwh.id}`],
      ["POST", "/api/v1/projects"],
    ]);
  });
});

describe("projects: security", () => {
  it("refuses a request without a token", async () => {
    await expectNotAuthenticated(h, "/api/v1/projects");
  });

  it("refuses an expired token", async () => {
    await expectTokenExpired(h, "/api/v1/projects", ann);
  });

  it("hides another customer's project as 404", async () => {
    await expectNotFound(h, `/api/v1/projects/${seed.foreign.id}`, admin);
  });

  it("refuses a project without the access grant", async () => {
    await expectNoProjectAccess(h, `/api/v1/projects/${seed.lake.id}`, ann);
  });
});
