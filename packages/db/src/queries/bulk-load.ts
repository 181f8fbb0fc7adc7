import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { storeTurn, transaction } from "../client.ts";
import { isPostgres, returnedRow, runStatement, tablesOf } from "../store.ts";

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

/**
 * The same load on PostgreSQL: one transaction through the handle (ids come
 * back by RETURNING, in the order of `items`), the same records as SQLite's.
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
      let inserted = 0;
      let firstId: number | null = null;
      let lastId: number | null = null;
      for (const item of items) {
        const { id } = returnedRow(
          await db
            .insert(instances)
            .values({
              customerId: t.customerId,
              projectId: t.projectId,
              patternId: t.patternId,
              instanceFolderId: item.instanceFolderId,
              name: item.name,
              description: item.description,
              version: 1,
              releaseId: item.releaseId,
              userId: t.userId,
              errors: item.issues.length,
              validation: JSON.stringify(item.issues),
              createdAt: t.at,
              updatedAt: t.at,
            })
            .returning({ id: instances.id }),
        );
        if (item.rows.length > 0)
          await db.insert(instanceRows).values(
            item.rows.map((row, i) => ({
              instanceId: id,
              posNo: i + 1,
              data: JSON.stringify(row),
            })),
          );
        for (const name of new Set(item.labels))
          await db.insert(instanceLabels).values({ instanceId: id, labelId: await labelId(name) });
        const commit = returnedRow(
          await db
            .insert(commits)
            .values({
              instanceId: id,
              version: 1,
              userId: t.userId,
              source: t.source,
              before: null,
              after: item.commitAfter,
              createdAt: t.at,
            })
            .returning({ id: commits.id }),
        );
        await db
          .update(instances)
          .set({ identityId: sql`${instances.id}`, latestCommitId: commit.id })
          .where(eq(instances.id, id));
        firstId ??= id;
        lastId = id;
        inserted++;
      }
      return { inserted, firstId, lastId };
    });
  }
}
