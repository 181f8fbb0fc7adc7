import { type AppError, BadRequest, type Principal, tooLongMessage } from "@metabuild/core";
import { returnedRow, runStatement, schema, setCheckout } from "@metabuild/db";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../testing/harness.ts";
import type { InstanceWrite, WritePart, WriteWhere } from "./writer.ts";

// The writer resolves its target once (by id or by names) and words its
// refusals with the caller's `where` (docs/architecture.md "The instance write path").

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let hubId: number;
let ann: Principal;

const sqlRow: WriteWhere = { fields: { name: "@INSTANCE", folder: "@FOLDER" }, prefix: "Row 3" };

function hub(overrides: Partial<InstanceWrite> = {}): InstanceWrite {
  return {
    projectId: seed.dwh.id,
    patternId: hubId,
    folder: "/crm",
    name: "CUSTOMER",
    rows: [{ COLUMN_NAME: "ID" }],
    ...overrides,
  };
}

async function write(input: Parameters<Harness["services"]["instanceWriter"]["write"]>[1]) {
  return await h.services.instanceWriter.write(ann, input, { source: "sql", overwrite: true });
}

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  hubId = returnedRow(
    await h.db
      .insert(schema.patterns)
      .values({ customerId: seed.acme.id, name: "HUB" })
      .returning(),
  ).id;
  await h.db
    .insert(schema.instanceProperties)
    .values({ patternId: hubId, name: "COLUMN_NAME", posNo: 1 });
  ann = { id: seed.ann.id, customerId: seed.ann.customerId, email: seed.ann.email, admin: false };
});

describe("InstanceWriter: the caller's where in its refusals", () => {
  it("names the statement's row and column in a refusal of the name or the folder", async () => {
    await expect(write(hub({ name: "N".repeat(201), where: sqlRow }))).rejects.toThrow(
      "Row 3: Invalid value for '@INSTANCE': must be at most 200 characters (it has 201)",
    );
    await expect(write(hub({ name: "A*B", where: sqlRow }))).rejects.toThrow(
      "Row 3: Invalid value for '@INSTANCE': '*' is not allowed in an instance name",
    );
    await expect(write(hub({ folder: `/${"f".repeat(201)}`, where: sqlRow }))).rejects.toThrow(
      "Row 3: Invalid value for '@FOLDER': each folder name must be at most 200 characters (one has 201)",
    );
    expect(await h.db.select().from(schema.instances)).toHaveLength(0);
  });

  it("keeps its own wording when the caller gives no where", async () => {
    await expect(write(hub({ name: "N".repeat(201) }))).rejects.toThrow(
      /^Invalid value for 'name': must be at most 200 characters \(it has 201\)$/,
    );
  });

  it("hands the refused part with its bare detail to the caller (a bundle entry's path)", async () => {
    const seen: { part: WritePart; detail: string }[] = [];
    const where: WriteWhere = {
      refused: (part: WritePart, detail: string, _error: AppError) => {
        seen.push({ part, detail });
        return new BadRequest(`entry.${part.join(".")}: ${detail}`);
      },
    };
    await expect(write(hub({ rows: [{ COLUMN_NAME: "A" }, { FOO: "x" }], where }))).rejects.toThrow(
      "entry.rows.1.FOO: unknown column",
    );
    const limit = h.services.instanceWriter.limits.valueLength;
    await expect(
      write(hub({ rows: [{ COLUMN_NAME: "v".repeat(limit + 1) }], where })),
    ).rejects.toThrow(
      `entry.rows.0.COLUMN_NAME: ${tooLongMessage("COLUMN_NAME", limit, limit + 1)}`,
    );
    await expect(write(hub({ name: "N".repeat(201), where }))).rejects.toThrow(
      "entry.name: Invalid value for 'name': must be at most 200 characters (it has 201)",
    );
    expect(seen.map((s) => s.part)).toEqual([
      ["rows", 1, "FOO"],
      ["rows", 0, "COLUMN_NAME"],
      ["name"],
    ]);
  });
});

describe("InstanceWriter: a target the caller resolved", () => {
  it("writes the instance by id, even one whose stored name is not in its normal form", async () => {
    const first = await write(hub());
    // Stored before names were trimmed: found by its names it would be another instance.
    await runStatement(h.db, sql`UPDATE instances SET name = ' CUSTOMER ' WHERE id = ${first.id}`);
    const out = await write({
      target: { id: first.id, folder: "/crm" },
      rows: [{ COLUMN_NAME: "ID2" }],
    });
    expect(out).toMatchObject({ id: first.id, status: "UPDATED", version: 2 });
    expect(await h.db.select().from(schema.instances)).toHaveLength(1);
  });

  it("reads the instance again in the write: a checkout taken since refuses it", async () => {
    const first = await write(hub());
    await setCheckout(h.db, first.id, { userId: seed.bob.id, at: new Date().toISOString() });
    await expect(
      h.services.instanceWriter.write(
        ann,
        { target: { id: first.id, folder: "/crm" }, rows: [] },
        { source: "console", overwrite: true },
      ),
    ).rejects.toThrow(seed.bob.email);
  });

  it("answers 404 for an id that names no instance", async () => {
    await expect(write({ target: { id: 999_999, folder: "/" }, rows: [] })).rejects.toThrow(
      "No record found for id '999999'",
    );
  });
});
