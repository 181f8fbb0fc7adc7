import type { Principal } from "@metabuild/core";
import { schema, setCheckout, returnedRow } from "@metabuild/db";
import { beforeEach, describe, expect, it } from "vitest";
import { type Harness, createHarness, seedBasic } from "../../testing/harness.ts";
import type { InstanceWrite, WriteOptions } from "./writer.ts";

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let hubId: number;
let ann: Principal;
let bob: Principal;

const upload: WriteOptions = { source: "upload", overwrite: true };
const rows: InstanceWrite["rows"] = [
  { COLUMN_NAME: "CUSTOMER_ID", LENGTH: "10", BUSINESS_KEY: "X" },
  { COLUMN_NAME: "NAME", LENGTH: "100" },
];

function hub(overrides: Partial<InstanceWrite> = {}): InstanceWrite {
  return {
    projectId: seed.dwh.id,
    patternId: hubId,
    folder: "/crm/core",
    name: "CUSTOMER",
    rows,
    ...overrides,
  };
}

async function instance(id: number) {
  return (await h.db.select().from(schema.instances)).find((i) => i.id === id)!;
}
async function commitsOf(id: number) {
  return (await h.db.select().from(schema.commits)).filter((c) => c.instanceId === id);
}

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  const s = schema;
  const group = returnedRow(
    await h.db
      .insert(s.releaseGroups)
      .values({ customerId: seed.acme.id, name: "core" })
      .returning(),
  );
  await h.db.insert(s.releases).values([
    { releaseGroupId: group.id, name: "R1" },
    { releaseGroupId: group.id, name: "R2" },
  ]);
  hubId = returnedRow(
    await h.db
      .insert(s.patterns)
      .values({ customerId: seed.acme.id, name: "HUB", releaseGroupId: group.id })
      .returning(),
  ).id;
  await h.db.insert(s.instanceProperties).values([
    { patternId: hubId, name: "COLUMN_NAME", required: 1, posNo: 1 },
    { patternId: hubId, name: "LENGTH", datatype: "integer", posNo: 2 },
  ]);
  await h.db
    .insert(s.functionalRoles)
    .values({ patternId: hubId, name: "BUSINESS_KEY", cardinalityMin: "1", cardinalityMax: "N" });
  const principal = (u: typeof seed.ann): Principal => ({
    id: u.id,
    customerId: u.customerId,
    email: u.email,
    admin: u.admin === 1,
  });
  ann = principal(seed.ann);
  bob = principal(seed.bob);
});

describe("InstanceWriter: inserts and updates", () => {
  it("inserts an instance with folders, release, labels, flags and a first commit", async () => {
    const out = await h.services.instanceWriter.write(
      ann,
      hub({
        release: "R1",
        labels: ["pii", "crm", "pii"],
        description: "Customer hub",
        flags: { build_disabled: true },
      }),
      upload,
    );
    expect(out).toMatchObject({
      name: "CUSTOMER",
      folder: "/crm/core",
      status: "INSERTED",
      version: 1,
    });
    const row = await instance(out.id);
    expect(row).toMatchObject({
      version: 1,
      identityId: out.id,
      userId: ann.id,
      errors: 0,
      buildDisabled: 1,
      description: "Customer hub",
    });
    const folders = (await h.db.select().from(schema.instanceFolders)).map((f) => f.path);
    expect(folders).toEqual(["/", "/crm", "/crm/core"]);
    const labels = (await h.db.select().from(schema.labels)).map((l) => l.name).sort();
    expect(labels).toEqual(["crm", "pii"]);
    const [commit] = await commitsOf(out.id);
    expect(row.latestCommitId).toBe(commit?.id);
    expect(commit).toMatchObject({ version: 1, userId: ann.id, source: "upload", before: null });
    expect(JSON.parse(commit!.after)).toMatchObject({
      rows: [
        { COLUMN_NAME: "CUSTOMER_ID", LENGTH: "10", BUSINESS_KEY: "X" },
        { COLUMN_NAME: "NAME", LENGTH: "100", BUSINESS_KEY: null },
      ],
      labels: ["crm", "pii"],
      flags: { build_disabled: true, deleted: false },
    });
  });

  it("refuses a new name holding '*' for every source, naming the field (issue 14)", async () => {
    for (const source of ["upload", "sql", "import", "console"] as const)
      await expect(
        async () =>
          await h.services.instanceWriter.write(ann, hub({ name: "CUST*" }), {
            source,
            overwrite: true,
          }),
      ).rejects.toThrow("Invalid value for 'name': '*' is not allowed in an instance name");
    expect(await h.db.select().from(schema.instances)).toEqual([]);
  });

  it("orders rows by @POS_NO and keeps the given positions (docs/reference/endpoints.md: 0 when missing)", async () => {
    const out = await h.services.instanceWriter.write(
      ann,
      hub({
        rows: [
          { "@POS_NO": "20", COLUMN_NAME: "B", BUSINESS_KEY: "X" },
          { "@POS_NO": "10", COLUMN_NAME: "A" },
          { COLUMN_NAME: "Z" },
        ],
      }),
      upload,
    );
    const stored = async () =>
      (await h.db.select().from(schema.instanceRows))
        .filter((r) => r.instanceId === out.id)
        .sort((a, b) => a.posNo - b.posNo || a.id - b.id)
        .map((r) => [r.posNo, JSON.parse(r.data).COLUMN_NAME]);
    expect(await stored()).toEqual([
      [0, "Z"],
      [10, "A"],
      [20, "B"],
    ]);

    // Only the positions change: a new version, positions as given.
    const renumbered = await h.services.instanceWriter.write(
      ann,
      hub({
        rows: [
          { "@POS_NO": "0", COLUMN_NAME: "Z" },
          { "@POS_NO": "1", COLUMN_NAME: "A" },
          { "@POS_NO": "2", COLUMN_NAME: "B", BUSINESS_KEY: "X" },
        ],
      }),
      { ...upload, overwrite: true },
    );
    expect(renumbered.status).toBe("UPDATED");
    expect(await stored()).toEqual([
      [0, "Z"],
      [1, "A"],
      [2, "B"],
    ]);
  });

  it("numbers rows 1..n in their order when none gives @POS_NO (the console, bundles)", async () => {
    const out = await h.services.instanceWriter.write(
      ann,
      hub({ rows: [{ COLUMN_NAME: "B", BUSINESS_KEY: "X" }, { COLUMN_NAME: "A" }] }),
      upload,
    );
    const stored = (await h.db.select().from(schema.instanceRows)).filter(
      (r) => r.instanceId === out.id,
    );
    expect(stored.map((r) => [r.posNo, JSON.parse(r.data).COLUMN_NAME])).toEqual([
      [1, "B"],
      [2, "A"],
    ]);
  });

  it("writing the same content again is UNCHANGED: no new version or commit", async () => {
    const first = await h.services.instanceWriter.write(ann, hub({ labels: ["pii"] }), upload);
    const again = await h.services.instanceWriter.write(
      ann,
      hub({
        labels: ["pii"],
        rows: rows.map((r) => ({ ...r, BUSINESS_KEY: r.BUSINESS_KEY ?? "" })),
      }),
      upload,
    );
    expect(again).toMatchObject({ id: first.id, status: "UNCHANGED", version: 1 });
    expect(await commitsOf(first.id)).toHaveLength(1);
  });

  it("a changed write is a new version whose commit keeps rows before and after", async () => {
    const first = await h.services.instanceWriter.write(ann, hub(), upload);
    const changed = [{ ...rows[0], LENGTH: "12" }, rows[1]] as InstanceWrite["rows"];
    const out = await h.services.instanceWriter.write(bob, hub({ rows: changed, release: "R2" }), {
      source: "sql",
      overwrite: true,
    });
    expect(out).toMatchObject({ id: first.id, status: "UPDATED", version: 2 });
    const row = await instance(first.id);
    const commits = await commitsOf(first.id);
    expect(commits.map((c) => c.version)).toEqual([1, 2]);
    expect(row.latestCommitId).toBe(commits[1]?.id);
    expect(row.identityId).toBe(first.id);
    expect(commits[1]).toMatchObject({ userId: bob.id, source: "sql" });
    expect(JSON.parse(commits[1]!.before!).rows[0].LENGTH).toBe("10");
    expect(JSON.parse(commits[1]!.after).rows[0].LENGTH).toBe("12");
    expect(row.releaseId).not.toBeNull();
  });

  it("recomputes validation on every change", async () => {
    const bad = await h.services.instanceWriter.write(
      ann,
      hub({ rows: [{ COLUMN_NAME: "", LENGTH: "ten" }] }),
      upload,
    );
    const row = await instance(bad.id);
    expect(row.errors).toBe(3);
    expect(JSON.parse(row.validation)).toEqual([
      { row: 0, column: "COLUMN_NAME", message: "Row 1: COLUMN_NAME is required but empty" },
      { row: 0, column: "LENGTH", message: "Row 1: LENGTH must be a whole number, not 'ten'" },
      {
        row: -1,
        column: "BUSINESS_KEY",
        message: "BUSINESS_KEY must be carried by at least 1 row, but no row carries it",
      },
    ]);
    await h.services.instanceWriter.write(ann, hub(), upload);
    expect(await instance(bad.id)).toMatchObject({ errors: 0, validation: "[]", version: 2 });
  });
});

describe("InstanceWriter: flags, checkouts, overwrite", () => {
  it("skips an existing instance without overwrite", async () => {
    const first = await h.services.instanceWriter.write(ann, hub(), upload);
    const out = await h.services.instanceWriter.write(ann, hub({ rows: [] }), {
      source: "upload",
      overwrite: false,
    });
    expect(out).toMatchObject({
      id: first.id,
      status: "SKIPPED",
      version: 1,
      reason: "already exists",
    });
  });

  it("skips uploads of an upload-disabled instance and refuses SQL inserts of an insert-disabled one", async () => {
    const first = await h.services.instanceWriter.write(
      ann,
      hub({ flags: { upload_disabled: true, insert_disabled: true } }),
      upload,
    );
    const other = hub({ rows: [{ COLUMN_NAME: "X", BUSINESS_KEY: "X" }] });
    expect(await h.services.instanceWriter.write(ann, other, upload)).toMatchObject({
      status: "SKIPPED",
      reason: "upload disabled",
    });
    await expect(
      async () =>
        await h.services.instanceWriter.write(ann, other, { source: "sql", overwrite: true }),
    ).rejects.toThrow("Instance '/crm/core/CUSTOMER' is insert-disabled");
    expect((await instance(first.id)).version).toBe(1);
  });

  it("lets only the holder change a checked-out instance until the checkout expires", async () => {
    const first = await h.services.instanceWriter.write(ann, hub(), upload);
    await setCheckout(h.db, first.id, { userId: ann.id, at: h.clock.now().toISOString() });
    const other = hub({ rows: [{ COLUMN_NAME: "X", BUSINESS_KEY: "X" }] });
    expect(await h.services.instanceWriter.write(bob, other, upload)).toMatchObject({
      status: "SKIPPED",
      reason: "checked out by ann@acme.test",
    });
    await expect(
      async () =>
        await h.services.instanceWriter.write(bob, other, { source: "sql", overwrite: true }),
    ).rejects.toThrow("Instance '/crm/core/CUSTOMER' is checked out by ann@acme.test");
    expect((await h.services.instanceWriter.write(ann, other, upload)).status).toBe("UPDATED");
    h.clock.advance(8 * 3600 * 1000 + 1);
    expect(await h.services.instanceWriter.write(bob, hub(), upload)).toMatchObject({
      id: first.id,
      status: "UPDATED",
      version: 3,
    });
  });

  it("refuses console edits of an edit-disabled instance; imports always apply", async () => {
    await h.services.instanceWriter.write(
      ann,
      hub({ flags: { edit_disabled: true, upload_disabled: true } }),
      upload,
    );
    await expect(
      async () =>
        await h.services.instanceWriter.write(ann, hub({ rows: [] }), {
          source: "console",
          overwrite: true,
        }),
    ).rejects.toThrow("is read-only (edit disabled)");
    expect(
      (
        await h.services.instanceWriter.write(null, hub({ rows: [] }), {
          source: "import",
          overwrite: true,
        })
      ).status,
    ).toBe("UPDATED");
  });
});

describe("InstanceWriter: bad input", () => {
  it("names an unknown column with its row", async () => {
    await expect(
      async () =>
        await h.services.instanceWriter.write(
          ann,
          hub({ rows: [{ COLUMN_NAME: "A" }, { FOO: "x" }] }),
          upload,
        ),
    ).rejects.toThrow(
      "Instance '/crm/core/CUSTOMER', row 2: unknown column 'FOO' (pattern HUB has no such property or role)",
    );
    expect(await h.db.select().from(schema.instances)).toHaveLength(0);
    expect(await h.db.select().from(schema.instanceFolders)).toHaveLength(0);
  });

  it("rejects a release that is not in the pattern's group", async () => {
    await expect(
      async () => await h.services.instanceWriter.write(ann, hub({ release: "R9" }), upload),
    ).rejects.toThrow("Release 'R9' does not exist in release group 'core'");
  });

  it("answers 404 for a pattern of another customer", async () => {
    const foreign = returnedRow(
      await h.db
        .insert(schema.patterns)
        .values({ customerId: seed.other.id, name: "HUB" })
        .returning(),
    );
    await expect(
      async () =>
        await h.services.instanceWriter.write(ann, hub({ patternId: foreign.id }), upload),
    ).rejects.toThrow(`No record found for id '${foreign.id}'`);
  });

  it("rolls back a batch when one write fails inside a transaction", async () => {
    const { transaction } = await import("@metabuild/db");
    await expect(() =>
      transaction(h.db, async () => {
        await h.services.instanceWriter.write(ann, hub({ name: "A" }), upload);
        await h.services.instanceWriter.write(ann, hub({ name: "B", release: "nope" }), upload);
      }),
    ).rejects.toThrow();
    expect(await h.db.select().from(schema.instances)).toHaveLength(0);
  });
});
