import { describe, expect, it } from "vitest";
import {
  type FileHarness,
  type MetadataApp,
  createFileHarness,
  runSql,
  seedMetadata,
  useMetadataApp,
} from "../../../testing/metadata-fixture.ts";
import { messageOf } from "../../../testing/route-checks.ts";

let h: FileHarness;
let seed: MetadataApp["seed"];
let ann: string;
let sql: MetadataApp["sql"];
useMetadataApp((app) => {
  ({ h, seed, ann, sql } = app);
});

describe("metadata statements: errors", () => {
  it("answers 400 without a statement or project, 404 for an unknown project", async () => {
    for (const [body, message] of [
      [{ project_id: seed.dwh.id }, "A statement is required!"],
      [{ project_id: seed.dwh.id, statement: "  " }, "A statement is required!"],
      [{ project_id: seed.dwh.id, statement: null }, "A statement is required!"],
      [{ project: null, statement: "SELECT 1" }, "A project id or name is required!"],
      [{ project_id: seed.dwh.id, statement: "-- nothing\n;" }, "A statement is required!"],
      [{ statement: "SELECT 1" }, "A project id or name is required!"],
    ] as const) {
      const res = await h.call("/api/v1/metadata", ann, {
        method: "POST",
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(message);
    }
    const missing = await sql("SELECT 1", ann, { project: "NOPE" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("A project with the name 'NOPE' does not exist!");
    const bad = await sql("SELECT 1", ann, { project_id: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("'project_id'");
  });

  it("refuses unknown fields (e.g. parameters, which the dialect does not take) naming them", async () => {
    const res = await h.call("/api/v1/metadata", ann, {
      method: "POST",
      body: JSON.stringify({ project_id: seed.dwh.id, statement: "SELECT 1", params: [1] }),
    });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe("Unknown field 'params'");
  });

  it("answers a syntax error with 200, status ERROR and its position", async () => {
    const { status, body } = await sql("SELECT 1;\nSELECT NAME,\nFROM @INSTANCES.HUB");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "ERROR",
      stmt_no: 2,
      type: "select_statement",
      sql: "SELECT NAME,\nFROM @INSTANCES.HUB",
      rows: [],
      metadata: [],
      error:
        "Syntax error: expected a value, name or expression but found 'FROM' (line 3, column 1)",
    });
  });

  it("names an unknown table or column", async () => {
    expect((await sql("SELECT * FROM @INSTANCES.SAT")).body.error).toBe(
      "Unknown table '@INSTANCES.SAT' (line 1, column 15)",
    );
    expect((await sql("SELECT h.COLOUR FROM @INSTANCES.HUB h")).body.error).toBe(
      "Unknown column 'h.COLOUR'",
    );
  });

  it("stops a runaway statement at the time limit and keeps serving", async () => {
    const slow = createFileHarness({ sqlTimeoutMs: 800 });
    try {
      const s = await seedMetadata(slow.db, slow.services.instanceWriter);
      const token = await slow.token("ann@acme.test");
      const runaway = await runSql(
        slow,
        token,
        "SELECT 1; WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r",
        { project_id: s.dwh.id },
      );
      expect(runaway.body).toMatchObject({
        status: "ERROR",
        stmt_no: 2,
        rows: [],
        error:
          "The statement ran longer than the time limit of 800 ms and was stopped; nothing was changed",
      });
      // Served by the replacement child, which starts when the old one is killed.
      const next = await runSql(slow, token, "SELECT 2 AS two", { project_id: s.dwh.id });
      expect(next.body.rows).toEqual([{ two: 2 }]);
    } finally {
      slow.dispose();
    }
  }, 120_000);

  it("cuts a result at the row limit and says so", async () => {
    const small = createFileHarness({ sqlMaxRows: 2 });
    try {
      const s = await seedMetadata(small.db, small.services.instanceWriter);
      const token = await small.token("ann@acme.test");
      const { body } = await runSql(small, token, "SELECT NAME FROM @INSTANCES.HUB", {
        project_id: s.dwh.id,
      });
      expect(body.rows).toHaveLength(2);
      expect(body.truncated).toBe(true);
      const all = await runSql(small, token, "SELECT count(*) FROM @INSTANCES.HUB", {
        project_id: s.dwh.id,
      });
      expect(all.body.truncated).toBeUndefined();
    } finally {
      small.dispose();
    }
  });

  it("answers 405 for the operations docs/reference/endpoints.md declares unimplemented", async () => {
    for (const [path, method, name] of [
      ["/api/v1/metadata", "GET", "find"],
      ["/api/v1/metadata/1", "GET", "get"],
      ["/api/v1/metadata", "PUT", "update"],
      ["/api/v1/metadata/1", "PUT", "update"],
    ]) {
      const res = await h.call(path, ann, { method });
      expect(res.status).toBe(405);
      expect(await messageOf(res)).toBe(`Method \`${name}\` is not supported by this endpoint.`);
    }
  });
});
