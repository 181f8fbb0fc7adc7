import { describe, expect, it } from "vitest";
import {
  type FileHarness,
  type MetadataApp,
  useMetadataApp,
} from "../../../testing/metadata-fixture.ts";
import { expectNotAuthenticated, expectNotFound } from "../../../testing/route-checks.ts";

let h: FileHarness;
let seed: MetadataApp["seed"];
let ann: string;
let bob: string;
let sql: MetadataApp["sql"];
useMetadataApp((app) => {
  ({ h, seed, ann, bob, sql } = app);
});

describe("metadata statements: security", () => {
  it("refuses a request without a token", async () => {
    await expectNotAuthenticated(h, "/api/v1/metadata", {
      method: "POST",
      body: JSON.stringify({ project_id: seed.dwh.id, statement: "SELECT 1" }),
    });
  });

  it("refuses a project without the access grant, and hides another customer's", async () => {
    const lake = await sql("SELECT 1", ann, { project_id: seed.lake.id });
    expect(lake.status).toBe(403);
    expect(lake.body.message).toBe("You don't have permissions to access this project!");
    const foreign = await sql("SELECT 1", ann, { project_id: seed.foreign.id });
    expect(foreign.status).toBe(404);
    await expectNotFound(h, `/api/console/metadata/schema?project_id=${seed.foreign.id}`, ann);
  });

  it("never shows another project's or customer's metadata, whatever it reads", async () => {
    const statements = [
      "SELECT * FROM @INSTANCES.HUB",
      "SELECT * FROM @INSTANCES.LINK",
      ...[
        "INSTANCES",
        "COLUMNS",
        "COMMITS",
        "DELIVERIES",
        "INSTANCE_LABELS",
        "LINEAGE",
        "PATTERN_VARIABLES",
        "TABLES",
      ].map((v) => `SELECT * FROM @INFORMATION_SCHEMA.${v}`),
    ];
    for (const statement of statements) {
      const { body } = await sql(statement);
      expect(body.status).toBe("FINISHED");
      expect(JSON.stringify(body.rows)).not.toContain("SECRET");
    }
    const counted = await sql(
      `SELECT count(*) AS n FROM @INSTANCES.HUB WHERE NAME LIKE '%SECRET%'`,
    );
    expect(counted.body.rows).toEqual([{ n: 0 }]);
  });

  it("shows each user only their own history", async () => {
    await sql("SELECT 'ann was here'");
    const res = await h.call("/api/console/metadata/history", bob);
    expect(await res.json()).toEqual([]);
  });
});
