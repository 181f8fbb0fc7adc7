import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { storeTurn, transaction } from "../client.ts";
import { allRows, isPostgres, returnedRow, runStatement, tablesOf } from "../store.ts";

/**
 * Bulk loading of NEW instances for benchmarks and large seeds. The per-
 * instance InstanceWriter runs a dozen ORM statements per instance (lookups,
 * checkouts, validation, commit); at 100,000 instances that takes minutes.
 * This writes the same records (instance, rows, labels, a first commit) with
 * a handful of prepared statements in ONE transaction instead. It checks
 * nothing: the caller validates, and a duplicate key fails the whole load.
 */

/** Where the instances go, and who and when their first commit names. */
export interface BulkTarget {
  customerId: number;
  projectId: number;
  patternId: number;
  userId: number | null;
  /** ISO 8601 time of creation and of the first commit. */
  at: string;
  /** The commit source, as InstanceWriter names it (e.g. `import`). */
  source: string;
}

export interface BulkInstance {
  instanceFolderId: number;
  name: string;
  description: string | null;
  releaseId: number | null;
  /** Label names of the project; missing labels are created. */
  labels: readonly string[];
  /** Cells keyed by property and role names; `pos_no` is 1..n in this order. */
  rows: readonly Record<string, string | null>[];
  /** Validation issues as the caller computed them (stored as JSON, counted in `errors`). */
  issues: readonly unknown[];
  /** The first commit's `after` state (JSON text), as InstanceWriter would write it. */
  commitAfter: string;
}

/** Inserts `items` as version 1 each; answers how many and the id range they got. */
export async function bulkLoadInstances(
  db: Db,
  target: BulkTarget,
  items: Iterable<BulkInstance>,
): Promise<{ inserted: number; firstId: number | null; lastId: number | null }> {
  await storeTurn(db);
  if (isPostgres(db)) return await bulkLoadPostgres(db, target, items);
  const sqlite = db.$client;
  const insertInstance = sqlite.prepare(
    `insert into instances (customer_id, project_id, pattern_id, instance_folder_id, name,
       description, version, release_id, user_id, errors, validation, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRow = sqlite.prepare(
    "insert into instance_rows (instance_id, pos_no, data) values (?, ?, ?)",
  );
  const insertLabel = sqlite.prepare(
    "insert into labels (project_id, name) values (?, ?) on conflict do nothing",
  );
  const findLabel = sqlite.prepare("select id from labels where project_id = ? and name = ?");
  const attachLabel = sqlite.prepare(
    "insert into instance_labels (instance_id, label_id) values (?, ?)",
  );
  const insertCommit = sqlite.prepare(
    `insert into commits (instance_id, version, user_id, source, before, after, created_at)
     values (?, 1, ?, ?, null, ?, ?)`,
  );
  // identity_id is the first id (InstanceWriter's rule); latest_commit_id the commit just made.
  const finish = sqlite.prepare(
    "update instances set identity_id = id, latest_commit_id = ? where id = ?",
  );

  const labelIds = new Map<string, number>();
  const labelId = (name: string): number => {
    let id = labelIds.get(name);
    if (id === undefined) {
      insertLabel.run(target.projectId, name);
      id = (findLabel.get(target.projectId, name) as { id: number }).id;
      labelIds.set(name, id);
    }
    return id;
  };

  const t = target;
  return sqlite.transaction(() => {
    let inserted = 0;
    let firstId: number | null = null;
    let lastId: number | null = null;
    for (const item of items) {
      const id = Number(
        insertInstance.run(
          t.customerId,
          t.projectId,
          t.patternId,
          item.instanceFolderId,
          item.name,
          item.description,
          item.releaseId,
          t.userId,
          item.issues.length,
          JSON.stringify(item.issues),
          t.at,
          t.at,
        ).lastInsertRowid,
      );
      item.rows.forEach((row, i) => {
        insertRow.run(id, i + 1, JSON.stringify(row));
      });
      for (const name of new Set(item.labels)) attachLabel.run(id, labelId(name));
      const commitId = insertCommit.run(
        id,
        t.userId,
        t.source,
        item.commitAfter,
        t.at,
      ).lastInsertRowid;
      finish.run(commitId, id);
      firstId ??= id;
      lastId = id;
      inserted++;
    }
    return { inserted, firstId, lastId };
  })();
}

/** Instances per batch of the PostgreSQL load: a few statements each, arrays as parameters. */
const BATCH = 1000;

/**
 * The same load on PostgreSQL: one transaction through the handle, the same
 * records as SQLite's. Row by row it was ~5 round trips per instance (420 s
 * for 100,000); here each batch of BATCH instances takes the ids of its
 * instances and commits from their sequences first (in `items` order, as
 * SQLite's one-by-one inserts hand them out) and writes every table with one
 * `insert … select from unnest(arrays)`.
 */
async function bulkLoadPostgres(
  db: Db,
  t: BulkTarget,
  items: Iterable<BulkInstance>,
): Promise<{ inserted: number; firstId: number | null; lastId: number | null }> {
  const { commits, instanceLabels, instanceRows, instances, labels } = tablesOf(db);
  const loaded = await load();
  // Planner statistics for what was just loaded: without them PostgreSQL
  // plans the list for an empty table (a hash of all labels per item) until
  // autovacuum's next ANALYZE, which a benchmark run does not wait for.
  if (loaded.inserted > 0)
    await runStatement(
      db,
      sql`analyze ${instances}, ${instanceRows}, ${instanceLabels}, ${labels}, ${commits}`,
    );
  return loaded;

  async function load() {
    return await transaction(db, async () => {
      const labelIds = new Map<string, number>();
      const labelId = async (name: string): Promise<number> => {
        let id = labelIds.get(name);
        if (id === undefined) {
          // Looked up first: a skipped ON CONFLICT insert would use up an id.
          const [found] = await db
            .select({ id: labels.id })
            .from(labels)
            .where(and(eq(labels.projectId, t.projectId), eq(labels.name, name)));
          id =
            found?.id ??
            returnedRow(
              await db
                .insert(labels)
                .values({ projectId: t.projectId, name })
                .returning({ id: labels.id }),
            ).id;
          labelIds.set(name, id);
        }
        return id;
      };
      const nextIds = async (table: string, n: number): Promise<number[]> =>
        (
          await allRows<{ id: number }>(
            db,
            sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n}) as g(i) order by g.i`,
          )
        ).map((r) => r.id);
      let inserted = 0;
      let firstId: number | null = null;
      let lastId: number | null = null;
      const writeBatch = async (batch: BulkInstance[]) => {
        const ids = await nextIds("instances", batch.length);
        const commitIds = await nextIds("commits", batch.length);
        // Each statement takes its batch as ONE JSON parameter (json_to_recordset):
        // JSON.stringify is native, where node-postgres escapes array
        // parameters element by element in JavaScript.
        const records = (list: unknown[]) => sql.param(JSON.stringify(list));
        // identity_id is the first id (InstanceWriter's rule); latest_commit_id the commit below.
        await runStatement(
          db,
          sql`insert into ${instances} (id, identity_id, latest_commit_id, customer_id, project_id,
                pattern_id, instance_folder_id, name, description, version, release_id, user_id,
                errors, validation, created_at, updated_at)
              select v.id, v.id, v.c, ${t.customerId}, ${t.projectId}, ${t.patternId}, v.f, v.n,
                v.d, 1, v.r, ${t.userId}::int, v.e, v.v, ${t.at}, ${t.at}
              from json_to_recordset(${records(
                batch.map((x, i) => ({
                  id: ids[i],
                  c: commitIds[i],
                  f: x.instanceFolderId,
                  n: x.name,
                  d: x.description,
                  r: x.releaseId,
                  e: x.issues.length,
                  v: JSON.stringify(x.issues),
                })),
              )}::json) as v(id int, c int, f int, n text, d text, r int, e int, v text)
              order by v.id`,
        );
        const rows: { i: number; p: number; d: string }[] = [];
        const attached: { i: number; l: number }[] = [];
        for (const [i, item] of batch.entries()) {
          const id = ids[i] as number;
          item.rows.forEach((row, r) => {
            rows.push({ i: id, p: r + 1, d: JSON.stringify(row) });
          });
          for (const name of new Set(item.labels)) attached.push({ i: id, l: await labelId(name) });
        }
        if (rows.length > 0)
          await runStatement(
            db,
            sql`insert into ${instanceRows} (instance_id, pos_no, data)
                select v.i, v.p, v.d from json_to_recordset(${records(rows)}::json) as v(i int, p int, d text)`,
          );
        if (attached.length > 0)
          await runStatement(
            db,
            sql`insert into ${instanceLabels} (instance_id, label_id)
                select v.i, v.l from json_to_recordset(${records(attached)}::json) as v(i int, l int)`,
          );
        await runStatement(
          db,
          sql`insert into ${commits} (id, instance_id, version, user_id, source, before, after, created_at)
              select v.id, v.i, 1, ${t.userId}::int, ${t.source}, null, v.a, ${t.at}
              from json_to_recordset(${records(
                batch.map((x, i) => ({ id: commitIds[i], i: ids[i], a: x.commitAfter })),
              )}::json) as v(id int, i int, a text)
              order by v.id`,
        );
        firstId ??= ids[0] ?? null;
        lastId = ids[ids.length - 1] ?? lastId;
        inserted += batch.length;
      };
      let batch: BulkInstance[] = [];
      for (const item of items) {
        batch.push(item);
        if (batch.length === BATCH) {
          await writeBatch(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await writeBatch(batch);
      return { inserted, firstId, lastId };
    });
  }
}
