import { insertReferenceRows } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import {
  type FileHarness,
  type MetadataApp,
  useMetadataApp,
} from "../../../testing/metadata-fixture.ts";

// @INFORMATION_SCHEMA.LINEAGE (docs/metadata-sql.md), edges seeded straight into the store.
let h: FileHarness;
let seed: MetadataApp["seed"];
let sql: MetadataApp["sql"];
let bob: string;
useMetadataApp((app) => {
  ({ h, seed, sql, bob } = app);
});

async function idOf(name: string, project = seed.dwh.id): Promise<number> {
  // The admin reads LAKE too (ann holds no grant there).
  const { body } = await sql(
    `SELECT INSTANCE_ID FROM @INFORMATION_SCHEMA.INSTANCES WHERE INSTANCE = '${name}'`,
    await h.token("admin@acme.test"),
    { project_id: project },
  );
  return (body.rows as { INSTANCE_ID: number }[])[0]?.INSTANCE_ID as number;
}

async function seedEdges() {
  const link = await idOf("customer_order");
  const ref = (target: number, posNo: number, property: string, targetRow: string | null) => ({
    projectId: seed.dwh.id,
    sourceInstanceId: link,
    property,
    sourcePosNo: posNo,
    targetInstanceId: target,
    targetRow,
  });
  await insertReferenceRows(h.db, [
    ref(seed.customer.id, 1, "FROM_HUB", null),
    ref(seed.order.id, 1, "TO_HUB", "CUSTOMER_ID"),
  ]);
  // An edge of LAKE: never seen from DWH.
  const lake = await idOf("customer", seed.lake.id);
  await insertReferenceRows(h.db, [
    {
      projectId: seed.lake.id,
      sourceInstanceId: lake,
      property: "SECRET_PROPERTY",
      sourcePosNo: 1,
      targetInstanceId: lake,
    },
  ]);
  return link;
}

describe("@INFORMATION_SCHEMA.LINEAGE", () => {
  it("lists the project's edges with both ends named", async () => {
    const link = await seedEdges();
    const { status, body } = await sql(
      "SELECT * FROM @INFORMATION_SCHEMA.LINEAGE ORDER BY PROPERTY",
      bob,
    );
    expect(status).toBe(200);
    expect(body.metadata.map((c: { name: string }) => c.name)).toEqual([
      "FROM_INSTANCE_ID",
      "FROM_PATTERN",
      "FROM_FOLDER",
      "FROM_INSTANCE",
      "FROM_ROW",
      "TO_INSTANCE_ID",
      "TO_PATTERN",
      "TO_FOLDER",
      "TO_INSTANCE",
      "PROPERTY",
      "TO_POS_NO",
    ]);
    expect(body.rows).toEqual([
      {
        FROM_INSTANCE_ID: seed.customer.id,
        FROM_PATTERN: "HUB",
        FROM_FOLDER: "/core",
        FROM_INSTANCE: "customer",
        FROM_ROW: null,
        TO_INSTANCE_ID: link,
        TO_PATTERN: "LINK",
        TO_FOLDER: "/core",
        TO_INSTANCE: "customer_order",
        PROPERTY: "FROM_HUB",
        TO_POS_NO: 1,
      },
      expect.objectContaining({ FROM_INSTANCE: "order", FROM_ROW: "CUSTOMER_ID" }),
    ]);
  });

  it("joins with the other views, e.g. what reads an invalid instance", async () => {
    await seedEdges();
    const { body } = await sql(
      "SELECT l.TO_INSTANCE, i.ERRORS FROM @INFORMATION_SCHEMA.LINEAGE l JOIN @INFORMATION_SCHEMA.INSTANCES i ON i.INSTANCE_ID = l.FROM_INSTANCE_ID WHERE l.FROM_INSTANCE = 'order'",
    );
    expect(body.rows).toEqual([{ TO_INSTANCE: "customer_order", ERRORS: 0 }]);
  });
});
