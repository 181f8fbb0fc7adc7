import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";

let h: Harness;
let seed: ReturnType<typeof seedBasic>;
let ann: string;
let bob: string;
let admin: string;

beforeEach(async () => {
  h = createHarness();
  seed = seedBasic(h.db);
  [ann, bob, admin] = await Promise.all([
    h.token("ann@acme.test"),
    h.token("bob@acme.test"),
    h.token("admin@acme.test"),
  ]);
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

  it("filters by name and gets one by id", async () => {
    const list = await (await h.call("/api/v1/projects?name=LAKE", admin)).json();
    expect(list).toHaveLength(1);
    const one = await h.call(`/api/v1/projects/${seed.dwh.id}`, bob);
    expect(one.status).toBe(200);
    expect(((await one.json()) as { name: string }).name).toBe("DWH");
  });
});

describe("projects: errors", () => {
  it("answers 404 with the record message for an unknown id", async () => {
    const res = await h.call("/api/v1/projects/9999", admin);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      name: "NotFound",
      message: "No record found for id '9999'",
      code: 404,
      className: "not-found",
    });
  });

  it("answers 400 naming the field for a non-integer id or bad sort", async () => {
    const res = await h.call("/api/v1/projects/abc", admin);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("'id'");
    const sort = await h.call("/api/v1/projects?$sort[nope]=1", admin);
    expect(sort.status).toBe(400);
    expect(((await sort.json()) as { message: string }).message).toContain("$sort");
  });

  it("answers 405 for unimplemented methods", async () => {
    const res = await h.call(`/api/v1/projects/${seed.dwh.id}`, admin, { method: "PATCH" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET");
    expect(((await res.json()) as { message: string }).message).toBe(
      "Method `patch` is not supported by this endpoint.",
    );
    const post = await h.call("/api/v1/projects", admin, { method: "POST", body: "{}" });
    expect(((await post.json()) as { message: string }).message).toBe(
      "Method `create` is not supported by this endpoint.",
    );
  });
});

describe("projects: security", () => {
  it("refuses a request without a token", async () => {
    const res = await h.call("/api/v1/projects");
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe("Not authenticated");
  });

  it("refuses an expired token", async () => {
    h.clock.advance(3601 * 1000);
    const res = await h.call("/api/v1/projects", ann);
    expect(res.status).toBe(401);
  });

  it("hides another customer's project as 404", async () => {
    const res = await h.call(`/api/v1/projects/${seed.foreign.id}`, admin);
    expect(res.status).toBe(404);
  });

  it("refuses a project without the access grant", async () => {
    const res = await h.call(`/api/v1/projects/${seed.lake.id}`, ann);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(
      "You don't have permissions to access this project!",
    );
  });
});
