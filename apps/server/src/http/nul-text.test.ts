import { describe, expect, it } from "vitest";
import type { Harness } from "../testing/harness.ts";
import { listOf, messageOf } from "../testing/route-checks.ts";
import { type Seed, routeSuite } from "../testing/route-suite.ts";

/**
 * Issue 27: PostgreSQL's text cannot hold NUL, so a NUL in a query
 * parameter, filter or body field reached the store and answered 500 there,
 * while SQLite answered normally. Every way in now answers the same 400
 * naming the field, on both stores (docs/http-edge.md "NUL characters").
 */
let h: Harness;
let seed: Seed;
let ann: string;
let admin: string;
routeSuite({ users: ["ann", "admin"] }, (app) => {
  ({
    h,
    seed,
    tokens: { ann, admin },
  } = app);
});

const post = (url: string, token: string, body: unknown) =>
  h.call(url, token, { method: "POST", body: JSON.stringify(body) });

async function expectRefused(res: Response, field: string) {
  expect(res.status).toBe(400);
  expect(await messageOf(res)).toBe(
    `Invalid value for '${field}': must not contain the NUL character (U+0000)`,
  );
}

describe("NUL characters in text input", () => {
  it("answers 400 naming a query parameter", async () => {
    await expectRefused(await h.call("/api/v1/projects?name=a%00b", ann), "name");
    await expectRefused(await h.call("/api/v1/instances?project=DWH&name=%00", ann), "name");
  });

  it("answers 400 naming a filter nested in the query", async () => {
    await expectRefused(
      await h.call("/api/v1/instances?project=DWH&releases[core]=R%001", ann),
      "releases.core",
    );
    await expectRefused(
      await h.call("/api/v1/instances?project=DWH&labels[]=ok&labels[]=b%00", ann),
      "labels.1",
    );
  });

  it("answers 400 naming a body field, nested or not, and writes nothing", async () => {
    await expectRefused(await post("/api/console/projects", admin, { name: "NEW\u0000" }), "name");
    await expectRefused(
      await post("/api/console/folders", ann, { project_id: seed.dwh.id, path: "/a\u0000b" }),
      "path",
    );
    await expectRefused(
      await post("/api/v1/builds", ann, {
        project: "DWH",
        instances: [{ pattern: "*" }, { name: "X", labels: ["a\u0000"] }],
      }),
      "instances.1.labels.0",
    );
    await expectRefused(await post("/api/console/projects", admin, { ["n\u0000"]: "N" }), "n\\0");
    const projects = await listOf<{ name: string }>(h, "/api/v1/projects", admin);
    expect(projects.map((p) => p.name).sort()).toEqual(["DWH", "LAKE"]);
  });

  it("keeps a metadata statement's NUL for the dialect to refuse (docs/metadata-sql.md)", async () => {
    const res = await post("/api/v1/metadata", ann, {
      project: "DWH",
      statement: 'SELECT * FROM "a\u0000b"',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe("ERROR");
  });
});
