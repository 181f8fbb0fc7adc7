import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../../testing/harness.ts";
import { seedInstanceCatalog } from "../../../testing/instances-fixture.ts";

let h: Harness;
let seed: ReturnType<typeof seedBasic>;
let cat: ReturnType<typeof seedInstanceCatalog>;
let bob: string;
let eve: string;

beforeEach(async () => {
  h = createHarness();
  seed = seedBasic(h.db);
  cat = seedInstanceCatalog(h.db, seed, h.clock.now());
  [bob, eve] = await Promise.all([h.token("bob@acme.test"), h.token("eve@globex.test")]);
});

interface Release {
  id: number;
  release_group_id: number;
  name: string;
}

async function list(path: string, token = bob): Promise<Release[]> {
  const res = await h.call(path, token);
  expect(res.status, await res.clone().text()).toBe(200);
  const items = (await res.json()) as Release[];
  expect(res.headers.get("X-Total-Count")).toBe(String(items.length));
  return items;
}

async function message(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message;
}

describe("releases: happy path", () => {
  it("lists the customer's releases to any of its users", async () => {
    const all = await list("/api/v1/releases");
    expect(all).toEqual([
      { id: cat.coreR1.id, release_group_id: cat.core.id, name: "R1" },
      { id: cat.coreR2.id, release_group_id: cat.core.id, name: "R2" },
      { id: cat.extR1.id, release_group_id: cat.ext.id, name: "R1" },
    ]);
  });

  it("filters by release group name or id and by name; gets one by id", async () => {
    expect((await list("/api/v1/releases?release_group=core")).map((r) => r.id)).toEqual([
      cat.coreR1.id,
      cat.coreR2.id,
    ]);
    expect(
      (await list(`/api/v1/releases?release_group_id=${cat.ext.id}`)).map((r) => r.id),
    ).toEqual([cat.extR1.id]);
    expect((await list("/api/v1/releases?name=R1&$sort[id]=-1")).map((r) => r.id)).toEqual([
      cat.extR1.id,
      cat.coreR1.id,
    ]);
    const res = await h.call(`/api/v1/releases/${cat.coreR2.id}`, bob);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: cat.coreR2.id,
      release_group_id: cat.core.id,
      name: "R2",
    });
  });
});

describe("releases: errors", () => {
  it("answers 404 for an unknown release group name and an unknown id", async () => {
    const group = await h.call("/api/v1/releases?release_group=nope", bob);
    expect(group.status).toBe(404);
    expect(await message(group)).toBe("A release group with the name 'nope' does not exist!");
    const one = await h.call("/api/v1/releases/424242", bob);
    expect(one.status).toBe(404);
    expect(await message(one)).toBe("No record found for id '424242'");
  });

  it("answers 400 naming the field for bad input", async () => {
    const id = await h.call("/api/v1/releases/R1", bob);
    expect(id.status).toBe(400);
    expect(await message(id)).toContain("'id'");
    const group = await h.call("/api/v1/releases?release_group_id=core", bob);
    expect(group.status).toBe(400);
    expect(await message(group)).toContain("release_group_id");
  });

  it("answers 405 for every write method", async () => {
    for (const [method, path] of [
      ["POST", "/api/v1/releases"],
      ["PUT", `/api/v1/releases/${cat.coreR1.id}`],
      ["PATCH", `/api/v1/releases/${cat.coreR1.id}`],
      ["DELETE", `/api/v1/releases/${cat.coreR1.id}`],
    ] as const) {
      const res = await h.call(path, bob, { method, body: "{}" });
      expect(res.status, `${method} ${path}`).toBe(405);
    }
  });
});

describe("releases: security", () => {
  it("refuses a request without a token or with an expired one", async () => {
    expect((await h.call("/api/v1/releases")).status).toBe(401);
    h.clock.advance(3601 * 1000);
    expect((await h.call("/api/v1/releases", bob)).status).toBe(401);
  });

  it("keeps each customer's releases to itself", async () => {
    expect((await list("/api/v1/releases", eve)).map((r) => r.id)).toEqual([cat.gxRelease.id]);
    expect((await h.call(`/api/v1/releases/${cat.gxRelease.id}`, bob)).status).toBe(404);
    expect((await h.call(`/api/v1/releases/${cat.coreR1.id}`, eve)).status).toBe(404);
    // The other customer's group of the same name is not ours.
    const ids = (await list(`/api/v1/releases?release_group_id=${cat.gxGroup.id}`)).map(
      (r) => r.id,
    );
    expect(ids).toEqual([]);
  });
});
