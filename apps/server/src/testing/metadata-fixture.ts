import { mkdtempSync, rmSync } from "node:fs";
import type { MetadataResult } from "@metabuild/contract";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Db,
  closeDatabase,
  createCustomTable,
  insertCustomRows,
  schema,
  returnedRow,
} from "@metabuild/db";
import type { Config } from "../config.ts";
import type { InstanceWriter } from "../services/instances/writer.ts";
import { sharedExecutorPool } from "../services/metadata/executor-pool.ts";
import { testStoreKind } from "@metabuild/db/testing";
import { type Harness, createHarness, seedBasic } from "./harness.ts";

/**
 * A harness on a store file in a temp folder: metadata statements run in a
 * child process, which cannot open the usual in-memory store. On PostgreSQL
 * (the `server-postgres` project) the usual fresh database does: statements
 * run through the PostgreSQL runner, in this process.
 */
export function createFileHarness(overrides: Partial<Config> = {}) {
  if (testStoreKind() === "postgres") {
    const { databaseFile: _, ...rest } = overrides;
    // The database is dropped with the file's others (postgres-setup.ts).
    return { ...createHarness(rest), dispose() {} };
  }
  const dir = mkdtempSync(join(tmpdir(), "metabuild-sql-"));
  const h = createHarness({ databaseFile: join(dir, "store.db"), ...overrides });
  return {
    ...h,
    dispose() {
      closeDatabase(h.db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type FileHarness = ReturnType<typeof createFileHarness>;

/** Runs one statement so the executor's child process is up before the tests' own. */
export async function warmExecutor(): Promise<void> {
  const h = createFileHarness({ sqlTimeoutMs: 120_000 });
  try {
    const { dwh } = await seedBasic(h.db);
    await runSql(h, await h.token("ann@acme.test"), "SELECT 1", { project_id: dwh.id });
  } finally {
    h.dispose();
  }
}

/** POST /api/v1/metadata as `token`; answers the parsed body and the status. */
export async function runSql(
  h: Harness,
  token: string,
  statement: string,
  project: { project_id?: number | string; project?: string },
) {
  const res = await h.call("/api/v1/metadata", token, {
    method: "POST",
    body: JSON.stringify({ ...project, statement }),
  });
  // A result, or an error body (message) for the HTTP errors.
  return { status: res.status, body: (await res.json()) as MetadataResult & { message?: string } };
}

async function pattern(
  db: Db,
  customerId: number,
  name: string,
  releaseGroupId: number | null,
  properties: { name: string; datatype?: string; required?: number }[],
  roles: string[],
) {
  const p = returnedRow(
    await db
      .insert(schema.patterns)
      .values({ customerId, name, releaseGroupId, description: `${name} pattern` })
      .returning(),
  );
  for (const [k, prop] of properties.entries()) {
    await db.insert(schema.instanceProperties).values({ patternId: p.id, posNo: k + 1, ...prop });
  }
  for (const [k, role] of roles.entries()) {
    await db.insert(schema.functionalRoles).values({ patternId: p.id, name: role, posNo: k + 1 });
  }
  return p;
}

/**
 * Metadata in three projects of two customers, so tests can show what a
 * statement sees and what it must never see: DWH (the caller's), LAKE
 * (same customer, other project) and GLOBEX_DWH (other customer, with a
 * pattern named HUB too). Every foreign value contains the word SECRET.
 */
export async function seedMetadata(db: Db, writer: InstanceWriter) {
  const base = await seedBasic(db);
  const { acme, other, dwh, lake, foreign } = base;
  const group = returnedRow(
    await db.insert(schema.releaseGroups).values({ customerId: acme.id, name: "core" }).returning(),
  );
  for (const name of ["R1", "R2"])
    await db.insert(schema.releases).values({ releaseGroupId: group.id, name });
  const hub = await pattern(
    db,
    acme.id,
    "HUB",
    group.id,
    [{ name: "NAME", required: 1 }, { name: "LEN", datatype: "integer" }, { name: "TYPE" }],
    ["BK", "SRC"],
  );
  const link = await pattern(
    db,
    acme.id,
    "LINK",
    null,
    [{ name: "FROM_HUB" }, { name: "TO_HUB" }],
    [],
  );
  const globexHub = await pattern(
    db,
    other.id,
    "HUB",
    null,
    [{ name: "NAME" }, { name: "SECRET" }],
    [],
  );
  const globexOnly = await pattern(db, other.id, "GLOBEX_ONLY", null, [{ name: "NAME" }], []);

  const write = async (
    projectId: number,
    patternId: number,
    folder: string,
    name: string,
    rows: Record<string, string | null>[],
    extra: { release?: string; labels?: string[] } = {},
  ) =>
    await writer.write(
      null,
      { projectId, patternId, folder, name, rows, ...extra },
      {
        source: "import",
        overwrite: true,
      },
    );

  const customer = await write(
    dwh.id,
    hub.id,
    "/core",
    "customer",
    [
      { NAME: "ID", LEN: "10", TYPE: "int", BK: "X" },
      { NAME: "FULL_NAME", LEN: "100", TYPE: "text" },
    ],
    { release: "R1", labels: ["gold"] },
  );
  // A second version, so COMMITS has history.
  await write(
    dwh.id,
    hub.id,
    "/core",
    "customer",
    [
      { NAME: "ID", LEN: "10", TYPE: "int", BK: "X" },
      { NAME: "FULL_NAME", LEN: "200", TYPE: "text" },
    ],
    { release: "R1", labels: ["gold"] },
  );
  const order = await write(dwh.id, hub.id, "/core", "order", [
    { NAME: "ID", LEN: "10", TYPE: "int", BK: "X" },
    { NAME: "CUSTOMER_ID", LEN: "10", TYPE: "int" },
    { NAME: "TOTAL", LEN: "9", TYPE: "decimal" },
  ]);
  await write(dwh.id, hub.id, "/sales", "invoice", [
    { NAME: "NO", LEN: "12", TYPE: "text", BK: "X" },
  ]);
  await write(dwh.id, link.id, "/core", "customer_order", [
    { FROM_HUB: "customer", TO_HUB: "order" },
  ]);
  await write(lake.id, hub.id, "/raw", "customer", [{ NAME: "LAKE_SECRET", LEN: "1" }], {
    labels: ["SECRET_LABEL"],
  });
  await write(foreign.id, globexHub.id, "/x", "y", [{ NAME: "GLOBEX_SECRET", SECRET: "SECRET" }]);
  await write(foreign.id, globexOnly.id, "/x", "z", [{ NAME: "GLOBEX_SECRET" }]);

  const variable = returnedRow(
    await db
      .insert(schema.variableDefinitions)
      .values({ patternId: hub.id, name: "SCHEMA", defaultValue: "dbo" })
      .returning(),
  );
  await db.insert(schema.variableOverrides).values([
    { variableId: variable.id, projectId: dwh.id, value: "dwh" },
    { variableId: variable.id, projectId: lake.id, value: "SECRET_LAKE" },
  ]);

  const build = async (
    customerId: number,
    projectId: number,
    instanceId: number,
    patternId: number,
  ) => {
    const b = returnedRow(
      await db
        .insert(schema.builds)
        .values({ customerId, userId: base.admin.id, projectId, status: "FINISHED" })
        .returning(),
    );
    await db
      .insert(schema.buildInstances)
      .values({ buildId: b.id, instanceId, patternId, version: 2 });
    return b;
  };
  const dwhBuild = await build(acme.id, dwh.id, customer.id, hub.id);

  const lakeTable = await createCustomTable(db, lake.id, "LOOKUP", [
    { name: "CODE", datatype: "string" },
  ]);
  await insertCustomRows(db, lakeTable.id, [{ CODE: "LAKE_SECRET" }]);
  const foreignTable = await createCustomTable(db, foreign.id, "LOOKUP", [
    { name: "CODE", datatype: "string" },
  ]);
  await insertCustomRows(db, foreignTable.id, [{ CODE: "GLOBEX_SECRET" }]);

  return { ...base, group, hub, link, globexHub, customer, order, dwhBuild };
}

export interface MetadataApp {
  h: FileHarness;
  seed: Awaited<ReturnType<typeof seedMetadata>>;
  /** Tokens: ann may write in DWH, bob may only read it. */
  ann: string;
  bob: string;
  dwh: { project_id: number };
  /** runSql on this app, as ann in DWH unless told otherwise. */
  sql: (
    statement: string,
    token?: string,
    project?: Parameters<typeof runSql>[3],
  ) => ReturnType<typeof runSql>;
}

/**
 * The hooks of a metadata route test file: a fresh seeded file store per
 * test (handed to `set`), the executor started once before the first test
 * and stopped after the last.
 */
export function useMetadataApp(set: (app: MetadataApp) => void): void {
  let current: FileHarness | undefined;
  beforeAll(() => warmExecutor(), 120_000);
  beforeEach(async () => {
    const h = createFileHarness();
    current = h;
    const seed = await seedMetadata(h.db, h.services.instanceWriter);
    const [ann, bob] = await Promise.all([h.token("ann@acme.test"), h.token("bob@acme.test")]);
    const dwh = { project_id: seed.dwh.id };
    const sql = (statement: string, token = ann, project: Parameters<typeof runSql>[3] = dwh) =>
      runSql(h, token, statement, project);
    set({ h, seed, ann, bob, dwh, sql });
  });
  afterEach(() => current?.dispose());
  afterAll(() => sharedExecutorPool().close());
}
