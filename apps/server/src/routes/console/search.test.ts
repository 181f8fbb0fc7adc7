import type { SearchHit } from "@metabuild/contract";
import { tablesOf } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { buildClient } from "../../testing/build-client.ts";
import { type BuildCatalog, seedBuildCatalog } from "../../testing/builds-fixture.ts";
import { type Harness, createHarness, seedBasic } from "../../testing/harness.ts";

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let cat: BuildCatalog;
let ann: string;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  cat = await seedBuildCatalog(h.db, seed);
  ann = await h.token("ann@acme.test");
});

async function search(q: string, token = ann, extra = "") {
  const res = await h.call(`/api/console/search?q=${encodeURIComponent(q)}${extra}`, token);
  const body = (await res.json()) as { hits: SearchHit[]; message?: string };
  return { status: res.status, hits: body.hits ?? [], message: body.message };
}

const labels = (hits: SearchHit[], kind: SearchHit["kind"]) =>
  hits.filter((x) => x.kind === kind).map((x) => x.label);

async function ranSql(userId: number, statement: string, id = `exec-${userId}`) {
  await h.db.insert(tablesOf(h.db).metadataExecutions).values({
    id,
    customerId: seed.acme.id,
    projectId: seed.dwh.id,
    userId,
    statement,
    status: "FINISHED",
    startTime: Date.UTC(2026, 10, 25, 12, 0),
  });
}

describe("console search: happy path", () => {
  it("finds instances by part of the name, any case, with where they live", async () => {
    const { status, hits } = await search("custom");
    expect(status).toBe(200);
    expect(labels(hits, "instance")).toEqual(["CUSTOMER", "SAT_CUSTOMER"]);
    const customer = hits.find((x) => x.label === "CUSTOMER") as SearchHit;
    expect(customer).toEqual({
      kind: "instance",
      label: "CUSTOMER",
      detail: "HUB · /sales · DWH",
      path: `/projects/${seed.dwh.id}/instances/${cat.customer.id}`,
    });
  });

  it("finds folders, patterns, builds by number and the caller's own SQL history", async () => {
    expect(labels((await search("fin")).hits, "folder")).toEqual(["/finance", "/finance/gl"]);
    const sales = (await search("sales")).hits.find((x) => x.kind === "folder");
    expect(sales?.path).toBe(`/projects/${seed.dwh.id}/instances?folder=%2Fsales`);
    expect(labels((await search("hu")).hits, "pattern")).toEqual(["HUB"]);
    const { build } = await buildClient(h).build(ann, { instances: [{ id: cat.customer.id }] });
    const byNumber = (await search(`#${build.id}`)).hits.filter((x) => x.kind === "build");
    expect(byNumber).toEqual([
      {
        kind: "build",
        label: `Build ${build.id}`,
        detail: "FINISHED · DWH",
        path: `/projects/${seed.dwh.id}/builds/${build.id}`,
      },
    ]);
    await ranSql(seed.ann.id, "SELECT *\n  FROM @INSTANCES.HUB");
    const [sql] = (await search("instances.hub")).hits.filter((x) => x.kind === "sql");
    expect(sql).toMatchObject({
      label: "SELECT * FROM @INSTANCES.HUB",
      path: `/projects/${seed.dwh.id}/sql?history=exec-${seed.ann.id}`,
    });
  });

  it("caps each kind at `limit`, names starting with the text first", async () => {
    const hits = (await search("e", ann, "&limit=1")).hits;
    expect(labels(hits, "instance")).toHaveLength(1);
    expect(labels(hits, "folder")).toHaveLength(1);
    // "ORDER" contains "or", "LEDGER" and "CUSTOMER" too: the one starting with it wins.
    expect(labels((await search("or", ann, "&limit=1")).hits, "instance")).toEqual(["ORDER"]);
  });
});

describe("console search: errors", () => {
  it("names the field when the text is missing or the limit is out of range", async () => {
    const missing = await h.call("/api/console/search", ann);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toContain("q");
    const limit = await search("x", ann, "&limit=500");
    expect(limit.status).toBe(400);
    expect(limit.message).toContain("limit");
  });

  it("takes % and _ literally", async () => {
    expect((await search("%")).hits).toEqual([]);
    expect(labels((await search("sat_")).hits, "instance")).toEqual(["SAT_CUSTOMER"]);
  });
});

describe("console search: security", () => {
  it("answers 401 without a token", async () => {
    expect((await h.call("/api/console/search?q=a")).status).toBe(401);
  });

  it("finds nothing in projects without access, nor another customer's", async () => {
    // ann reads DWH only: LAKE's instance stays hidden; an admin sees it.
    expect(labels((await search("lake")).hits, "instance")).toEqual([]);
    const admin = await h.token("admin@acme.test");
    expect(labels((await search("lake", admin)).hits, "instance")).toEqual(["LAKE_HUB"]);
    const eve = await h.token("eve@globex.test");
    const theirs = await search("custom", eve);
    expect(theirs.hits.filter((x) => x.kind !== "pattern")).toEqual([]);
    expect(labels(theirs.hits, "pattern")).toEqual([]);
  });

  it("shows SQL history to the user who ran it only", async () => {
    await ranSql(seed.bob.id, "SELECT 'secret plan'");
    expect((await search("secret plan")).hits).toEqual([]);
    const bob = await h.token("bob@acme.test");
    expect(labels((await search("secret plan", bob)).hits, "sql")).toHaveLength(1);
  });
});
