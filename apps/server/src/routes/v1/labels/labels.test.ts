import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";
import {
  expectBadField,
  expectWritesNotAllowed,
  expectNoProjectAccess,
  expectNotFound,
  expectRecordNotFound,
  expectTokenRequired,
  listOf,
} from "../../../testing/route-checks.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";

let h: Harness;
let seed: Seed;
let ann: string;
let admin: string;
let eve: string;
routeSuite(
  {
    users: ["ann", "admin", "eve"],
    fixture: async (h, seed) => await seedInstanceCatalog(h.db, seed, h.clock.now()),
  },
  (app) => {
    ({
      h,
      seed,
      tokens: { ann, admin, eve },
    } = app);
  },
);

interface Label {
  id: number;
  project_id: number;
  name: string;
}

const list = (query: string, token: string) => listOf<Label>(h, `/api/v1/labels?${query}`, token);

describe("labels: happy path", () => {
  it("lists a project's labels", async () => {
    const labels = await list("project=DWH", ann);
    expect(labels.map((l) => l.name)).toEqual(["crm", "gold", "erp"]);
    expect(labels[0]).toEqual({ id: labels[0]?.id, project_id: seed.dwh.id, name: "crm" });
  });

  it("filters by name and project id, sorts, and gets one by id", async () => {
    expect((await list("project=DWH&name=gold", ann)).map((l) => l.name)).toEqual(["gold"]);
    expect((await list(`project_id=${seed.lake.id}`, admin)).map((l) => l.name)).toEqual([
      "lake-label",
    ]);
    expect((await list("project=DWH&$sort[name]=1", ann)).map((l) => l.name)).toEqual([
      "crm",
      "erp",
      "gold",
    ]);
    const [gold] = await list("project=DWH&name=gold", ann);
    const res = await h.call(`/api/v1/labels/${gold?.id}`, ann);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(gold);
  });

  it("without a project lists the labels of every project the user may access", async () => {
    expect((await list("", ann)).map((l) => l.name)).toEqual(["crm", "gold", "erp"]);
    expect(await list("", admin)).toHaveLength(4);
  });
});

describe("labels: errors", () => {
  it("answers 404 for an unknown project name and an unknown id", async () => {
    await expectNotFound(
      h,
      "/api/v1/labels?project=NOPE",
      ann,
      "A project with the name 'NOPE' does not exist!",
    );
    await expectRecordNotFound(h, "/api/v1/labels/424242", admin, 424242);
  });

  it("answers 400 for a non-integer id or project_id", async () => {
    await expectBadField(h, "/api/v1/labels/one", admin, "'id'");
    await expectBadField(h, "/api/v1/labels?project_id=DWH", admin, "project_id");
  });

  it("answers 405 for every write method", async () => {
    await expectWritesNotAllowed(h, admin, "/api/v1/labels", 1);
  });
});

describe("labels: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    await expectTokenRequired(h, "/api/v1/labels", ann);
  });

  it("hides another customer's labels", async () => {
    const [foreign] = await list("", eve);
    expect(foreign?.name).toBe("crm");
    await expectNotFound(h, `/api/v1/labels/${foreign?.id}`, admin);
    expect((await list("", admin)).some((l) => l.id === foreign?.id)).toBe(false);
  });

  it("refuses a project without the access grant", async () => {
    await expectNoProjectAccess(h, "/api/v1/labels?project=LAKE", ann);
    const [lake] = await list("project=LAKE", admin);
    await expectNoProjectAccess(h, `/api/v1/labels/${lake?.id}`, ann);
  });
});
