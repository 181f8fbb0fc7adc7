import type { AuditEvent } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import {
  type FileHarness,
  type MetadataApp,
  useMetadataApp,
} from "../../../testing/metadata-fixture.ts";

let h: FileHarness;
let seed: MetadataApp["seed"];
let sql: MetadataApp["sql"];
useMetadataApp((app) => {
  ({ h, seed, sql } = app);
});

async function events(query: string): Promise<AuditEvent[]> {
  const admin = await h.token("admin@acme.test");
  const res = await h.call(`/api/console/audit?${query}`, admin);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AuditEvent[];
}

describe("audit: metadata SQL writes", () => {
  it("records one event per write statement with its text and counts, none for reads", async () => {
    const insert =
      "INSERT INTO @INSTANCES.HUB (\"@FOLDER\", \"@INSTANCE\", NAME) VALUES ('/sql', 'A', 'X'), ('/sql', 'B', 'Y')";
    const res = await sql(
      `CREATE TABLE @TABLES.Codes (CODE TEXT); INSERT INTO @TABLES.Codes VALUES ('a'), ('b'); ${insert}; SELECT 1`,
    );
    expect(res.body.status, JSON.stringify(res.body)).toBe("FINISHED");
    const list = await events("action=metadata.");
    expect(list.map((e) => e.target_label)).toEqual([
      "insert_statement",
      "insert_statement",
      "create_table_statement",
    ]);
    expect(list[0]).toMatchObject({
      action: "metadata.write",
      user_email: "ann@acme.test",
      project_id: seed.dwh.id,
      after: { sql: insert, inserted: 2 },
      request_id: expect.any(String),
    });
    expect(list[1]).toMatchObject({ after: { affected_rows: 2 } });
    // The instances themselves get no event each: the statement's event counts them.
    expect(await events("action=instance.")).toEqual([]);
  });

  it("records nothing when the script fails and rolls back", async () => {
    const res = await sql("INSERT INTO @TABLES.Nowhere VALUES ('a')");
    expect(res.body.status).toBe("ERROR");
    expect(await events("action=metadata.")).toEqual([]);
  });

  it("cuts a long statement text", async () => {
    expect((await sql("CREATE TABLE @TABLES.Notes (BODY TEXT)")).body.status).toBe("FINISHED");
    const long = `INSERT INTO @TABLES.Notes VALUES ('${"x".repeat(3000)}')`;
    expect((await sql(long)).body.status).toBe("FINISHED");
    const [event] = await events("action=metadata.");
    const text = (event?.after as { sql: string } | undefined)?.sql ?? "";
    expect(text.length).toBeLessThan(long.length);
    expect(text.endsWith("…")).toBe(true);
  });
});
