import type { CatalogView } from "@metabuild/contract";
import {
  type Catalog,
  POSTGRES,
  type Translation,
  parseScript,
  translate,
  viewQuery,
} from "@metabuild/core";
import {
  type Db,
  type MetadataScope,
  createCustomTable,
  insertCustomRows,
  metadataCatalog,
  runMetadataSelect,
  schema,
} from "@metabuild/db";
import {
  describeReaderError,
  loadReaderCatalog,
  prepareMetadataReader,
  readerColumnNames,
  runReaderScript,
  runReaderSelect,
} from "@metabuild/db";
import { continueIdsAfterExisting } from "@metabuild/db";
import { type TestPostgresStore, testPostgresStore } from "@metabuild/db/testing";
import type pg from "pg";
import { type Harness, createHarness } from "./harness.ts";
import { seedMetadata } from "./metadata-fixture.ts";

/**
 * The same metadata in a fresh SQLite store and a fresh PostgreSQL store,
 * and one function that runs a statement on both (docs/metadata-sql.md
 * "On PostgreSQL"). The PostgreSQL store is a fresh migrated one
 * (docs/stores.md "Tests"); the fixture is written once through SQLite's
 * services and its rows copied, table by table, so both stores answer from
 * the same rows with the same ids.
 */

/** The tables the catalogs read (and a few more), copied to PostgreSQL in this order. */
const COPIED = [
  "customers",
  "projects",
  "release_groups",
  "releases",
  "patterns",
  "instance_properties",
  "functional_roles",
  "instance_folders",
  "instances",
  "instance_rows",
  "commits",
  "labels",
  "instance_labels",
  "builds",
  "build_instances",
  "downloads",
  "variable_definitions",
  "variable_overrides",
  "custom_tables",
  "custom_table_rows",
  "custom_views",
  // Not read by the catalog: there so that the reader's refusal is proven on real tables.
  "users",
  "grants",
  "revoked_tokens",
  "metadata_executions",
];

export interface Answer {
  error?: string;
  /** A script with a write: translated, but this harness runs SELECTs only. */
  unrun?: boolean;
  columns?: string[];
  rows?: unknown[][];
  truncated?: boolean;
}

export interface TwoStores {
  h: Harness;
  seed: Awaited<ReturnType<typeof seedMetadata>>;
  pool: pg.Pool;
  store: TestPostgresStore;
  /** A statement in `scope`, on SQLite. */
  sqlite(statement: string, scope?: MetadataScope): Promise<Answer>;
  /** The same statement on PostgreSQL. */
  postgres(statement: string, scope?: MetadataScope): Promise<Answer>;
  /** A whole script on PostgreSQL in one transaction: the last statement's answer or the first error. */
  postgresScript(script: string, timeoutMs: number, scope?: MetadataScope): Promise<Answer>;
  close(): Promise<void>;
}

/** Extra fixture: a custom table of every type, rows with NULLs and mixed case, views. */
async function seedMore(db: Db, s: Awaited<ReturnType<typeof seedMetadata>>) {
  const t = await createCustomTable(db, s.dwh.id, "T", [
    { name: "A", datatype: "string" },
    { name: "N", datatype: "integer" },
    { name: "X", datatype: "number" },
    { name: "B", datatype: "boolean" },
    { name: "D", datatype: "date" },
  ]);
  await insertCustomRows(db, t.id, [
    { A: "apple", N: 7, X: 1.5, B: 1, D: "2024-02-29" },
    { A: "Apple", N: -7, X: 2, B: 0, D: "2024-03-01 10:20:30" },
    { A: "BANANA", N: 0, X: 0.1, B: null, D: null },
    { A: null, N: null, X: null, B: 1, D: "not a date" },
    { A: "éclair", N: 12, X: -3.25, B: 0, D: "1999-12-31" },
    { A: "a_b%c", N: 3, X: 1e20, B: 1, D: "2000-01-01T00:00" },
  ]);
  const empty = await createCustomTable(db, s.dwh.id, "EMPTY", [{ name: "A", datatype: "string" }]);
  await insertCustomRows(db, empty.id, []);
  const views: [string, string][] = [
    ["KEYS", `SELECT "@INSTANCE", NAME, LEN FROM @INSTANCES.HUB WHERE BK = 'X'`],
    ["KEYS2", "SELECT * FROM @TABLES.KEYS WHERE LEN > 5"],
    ["NUMS", "SELECT A, N * 2 AS N2, X / 2 AS HALF FROM @TABLES.T"],
  ];
  for (const [name, definition] of views)
    db.insert(schema.customViews).values({ projectId: s.dwh.id, name, definition }).run();
}

async function copyTables(db: Db, pool: pg.Pool): Promise<void> {
  for (const table of COPIED) {
    const stmt = db.$client.prepare(`SELECT * FROM ${table}`).raw(true);
    const names = stmt.columns().map((c) => `"${c.name}"`);
    const rows = stmt.all() as unknown[][];
    // A few hundred rows per statement: PostgreSQL takes at most 65,535 parameters.
    const per = Math.max(1, Math.floor(5000 / Math.max(1, names.length)));
    for (let at = 0; at < rows.length; at += per) {
      const chunk = rows.slice(at, at + per);
      const values = chunk.map(
        (row, r) => `(${row.map((_, k) => `$${r * row.length + k + 1}`).join(", ")})`,
      );
      await pool.query(
        `INSERT INTO ${table} (${names.join(", ")}) OVERRIDING SYSTEM VALUE VALUES ${values.join(", ")}`,
        chunk.flat(),
      );
    }
  }
}

/** SQLite's view columns for the information schema, as the server works them out. */
function sqliteViewColumns(db: Db, scope: MetadataScope) {
  return (view: { name: string; definition: string }) => {
    try {
      const catalog = metadataCatalog(db, scope) as Catalog;
      const { query, columns } = viewQuery({ kind: "view", schema: "TABLES", ...view }, catalog);
      if (columns) return columns;
      const names = db.$client.prepare(query.sql).columns();
      return names.map((c) => ({ name: c.name, type: "string" }));
    } catch {
      return [];
    }
  };
}

/** The same on PostgreSQL: each view translated and its result named by a query. */
function postgresViewColumns(pool: pg.Pool, scope: MetadataScope) {
  let plain: Catalog | undefined;
  return async (view: CatalogView) => {
    try {
      plain ??= (await loadReaderCatalog(pool, scope)) as Catalog;
      const { query, columns } = viewQuery(view, plain, { dialect: POSTGRES });
      const names = await readerColumnNames(pool, { ...scope, timeoutMs: 5000 }, query);
      return names.map((name) => ({
        name,
        type: columns?.find((c) => c.name === name)?.type ?? "string",
      }));
    } catch {
      return [];
    }
  };
}

function select(
  statement: string,
  translated: (t: ReturnType<typeof parseScript>[number]) => Translation,
) {
  const parsed = parseScript(statement);
  if (parsed.length !== 1) throw new Error("one statement at a time");
  const t = translated(parsed[0]);
  if (t.kind !== "select") throw new Error(`not a SELECT: ${t.kind}`);
  return t.query;
}

export async function startTwoStores(
  beforeCopy?: (db: Db, seed: Awaited<ReturnType<typeof seedMetadata>>) => void | Promise<void>,
): Promise<TwoStores> {
  const h = createHarness();
  const seed = await seedMetadata(h.db, h.services.instanceWriter);
  await seedMore(h.db, seed);
  // In LAKE, apart from the corpus: an integer property holding text that is no number as
  // SQLite writes it (docs/metadata-sql.md: read as NULL on PostgreSQL).
  await h.services.instanceWriter.write(
    null,
    {
      projectId: seed.lake.id,
      patternId: seed.hub.id,
      folder: "/odd",
      name: "odd",
      rows: [
        { NAME: "LEADING_ZERO", LEN: "007" },
        { NAME: "WORD", LEN: "ten" },
      ],
    },
    { source: "import", overwrite: true },
  );
  await beforeCopy?.(h.db, seed);
  const store = await testPostgresStore();
  const pool = store.db.$client;
  await copyTables(h.db, pool);
  // The ids were copied as given: new rows continue after them.
  await continueIdsAfterExisting(store.db);
  const client = await pool.connect();
  try {
    await prepareMetadataReader(client);
  } finally {
    client.release();
  }
  const own: MetadataScope = { customerId: seed.acme.id, projectId: seed.dwh.id };
  const MAX_ROWS = 1000;
  const fail = (e: unknown): Answer => ({ error: e instanceof Error ? e.message : String(e) });
  return {
    h,
    seed,
    pool,
    store,
    async sqlite(statement, scope = own) {
      try {
        const catalog = metadataCatalog(h.db, scope, sqliteViewColumns(h.db, scope)) as Catalog;
        const query = select(statement, (p) => translate(p.statement, catalog));
        const out = await runMetadataSelect(h.db, query, MAX_ROWS);
        return { columns: out.columns, rows: out.rows, truncated: out.truncated };
      } catch (e) {
        return fail(e);
      }
    },
    async postgres(statement, scope = own) {
      try {
        const catalog = await loadReaderCatalog(pool, scope, postgresViewColumns(pool, scope));
        const query = select(statement, (p) =>
          translate(p.statement, catalog as Catalog, { dialect: POSTGRES }),
        );
        const out = await runReaderSelect(pool, {
          ...scope,
          timeoutMs: 5000,
          rowLimit: MAX_ROWS,
          query,
        });
        return { columns: out.columns, rows: out.rows, truncated: out.truncated };
      } catch (e) {
        return fail(e);
      }
    },
    async postgresScript(script, timeoutMs, scope = own) {
      try {
        const catalog = (await loadReaderCatalog(pool, scope)) as Catalog;
        const selects = [];
        for (const p of parseScript(script)) {
          const t = translate(p.statement, catalog, { dialect: POSTGRES });
          if (t.kind !== "select") return { error: `${t.kind} is not run here`, unrun: true };
          selects.push(t.query);
        }
        const outs = await runReaderScript(
          pool,
          { ...scope, timeoutMs, rowLimit: MAX_ROWS },
          selects,
        );
        const last = outs[outs.length - 1];
        return { columns: last.columns, rows: last.rows, truncated: last.truncated };
      } catch (e) {
        return { error: describeReaderError(e) };
      }
    },
    async close() {
      await store.close();
    },
  };
}
