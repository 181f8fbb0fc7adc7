import type { MetadataRunResult } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import {
  type FileHarness,
  type MetadataApp,
  useMetadataApp,
} from "../../../testing/metadata-fixture.ts";

let h: FileHarness;
let seed: MetadataApp["seed"];
let ann: string;
let bob: string;
let dwh: { project_id: number };
useMetadataApp((app) => {
  ({ h, seed, ann, bob, dwh } = app);
});

/** POST /api/console/metadata/run as `token` (null: without a session). */
async function run(statement: string, token: string | null = ann, project: object = dwh) {
  const res = await h.call("/api/console/metadata/run", token ?? undefined, {
    method: "POST",
    body: JSON.stringify({ ...project, statement }),
  });
  return {
    status: res.status,
    body: (await res.json()) as MetadataRunResult & { message?: string },
  };
}

describe("console metadata run: happy path", () => {
  it("passes dry_run through: the plan, position null, nothing written", async () => {
    const res = await h.call("/api/console/metadata/run", ann, {
      method: "POST",
      body: JSON.stringify({
        ...dwh,
        dry_run: true,
        statement: `INSERT INTO @INSTANCES.HUB ("@FOLDER", "@INSTANCE", NAME) VALUES ('/planned', 'p', 'X')`,
      }),
    });
    const body = (await res.json()) as MetadataRunResult;
    expect(body).toMatchObject({ status: "FINISHED", position: null });
    expect(body.plan).toEqual({ create: 1, change: 0, leave: 0, rows: 1 });
    const after = await run(`SELECT count(*) AS n FROM @INSTANCES.HUB WHERE "@INSTANCE" = 'p'`);
    expect(after.body.rows).toEqual([{ n: 0 }]);
  });

  it("answers the v1 result of a SELECT with position null", async () => {
    const { status, body } = await run(
      `SELECT NAME, LEN FROM @INSTANCES.HUB WHERE "@INSTANCE" = 'order' ORDER BY "@POS_NO"`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      type: "select_statement",
      stmt_no: 1,
      status: "FINISHED",
      position: null,
      metadata: [
        { name: "NAME", type: "string", pos_no: 0 },
        { name: "LEN", type: "integer", pos_no: 1 },
      ],
      rows: [
        { NAME: "ID", LEN: 10 },
        { NAME: "CUSTOMER_ID", LEN: 10 },
        { NAME: "TOTAL", LEN: 9 },
      ],
    });
    expect(body.error).toBeUndefined();
  });

  it("runs writes and answers their affected rows", async () => {
    await run("CREATE TABLE @TABLES.CODES (CODE TEXT)");
    const { body } = await run("INSERT INTO @TABLES.CODES VALUES ('a'), ('b')");
    expect(body).toMatchObject({
      type: "insert_statement",
      status: "FINISHED",
      rows: [{ affected_rows: 2 }],
      position: null,
    });
  });

  it("keeps the run in the caller's history like the v1 endpoint", async () => {
    await run("SELECT 'from the editor' AS origin");
    const res = await h.call(`/api/console/metadata/history?project_id=${seed.dwh.id}`, ann);
    const [latest] = (await res.json()) as { statement: string; status: string }[];
    expect(latest).toMatchObject({
      statement: "SELECT 'from the editor' AS origin",
      status: "FINISHED",
    });
  });
});

describe("console metadata run: errors", () => {
  it("marks a syntax error's line and column in the whole text sent", async () => {
    const { status, body } = await run("SELECT 1;\nSELECT NAME,\nFROM @INSTANCES.HUB");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "ERROR",
      stmt_no: 2,
      error:
        "Syntax error: expected a value, name or expression but found 'FROM' (line 3, column 1)",
      position: { line: 3, column: 1 },
    });
  });

  it("marks an unknown table found while translating, and a lexical error", async () => {
    const table = await run("SELECT *\n  FROM @INSTANCES.SAT");
    expect(table.body).toMatchObject({
      status: "ERROR",
      error: "Unknown table '@INSTANCES.SAT' (line 2, column 8)",
      position: { line: 2, column: 8 },
    });
    const lexical = await run("SELECT 'never closed");
    expect(lexical.body.status).toBe("ERROR");
    expect(lexical.body.position).toEqual({ line: 1, column: 8 });
  });

  it("answers position null when only SQLite knows the error (no place in the text)", async () => {
    const { body } = await run("SELECT h.COLOUR FROM @INSTANCES.HUB h");
    expect(body).toMatchObject({
      status: "ERROR",
      error: "Unknown column 'h.COLOUR'",
      position: null,
    });
  });

  it("answers 400 without a statement or project, 404 for an unknown project", async () => {
    const empty = await run("  ");
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("A statement is required!");
    const noProject = await run("SELECT 1", ann, {});
    expect(noProject.status).toBe(400);
    expect(noProject.body.message).toBe("A project id or name is required!");
    const missing = await run("SELECT 1", ann, { project: "NOPE" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("A project with the name 'NOPE' does not exist!");
  });

  it("answers 405 for other methods on /run", async () => {
    const res = await h.call("/api/console/metadata/run", ann, { method: "PUT" });
    expect(res.status).toBe(405);
  });
});

describe("console metadata run: security", () => {
  it("refuses a request without a session", async () => {
    expect((await run("SELECT 1", null)).status).toBe(401);
  });

  it("refuses a project without the access grant, and hides another customer's", async () => {
    const lake = await run("SELECT 1", ann, { project_id: seed.lake.id });
    expect(lake.status).toBe(403);
    expect(lake.body.message).toBe("You don't have permissions to access this project!");
    expect((await run("SELECT 1", ann, { project_id: seed.foreign.id })).status).toBe(404);
  });

  it("refuses writes to a reader with 403, as v1 does, and runs nothing", async () => {
    const { status, body } = await run("CREATE TABLE @TABLES.T (A TEXT)", bob);
    expect(status).toBe(403);
    expect(body.message).toBe("You don't have permissions to write instances in this project!");
    const table = await run("SELECT * FROM @TABLES.T", bob);
    expect(table.body).toMatchObject({
      status: "ERROR",
      error: "Unknown table '@TABLES.T' (line 1, column 15)",
    });
  });

  it("never shows another customer's metadata", async () => {
    const { body } = await run("SELECT * FROM @INSTANCES.HUB");
    expect(body.status).toBe("FINISHED");
    expect(JSON.stringify(body.rows)).not.toContain("SECRET");
  });
});
