import { and, asc, eq, getTableColumns, getTableName, inArray, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../client.ts";
import type { commits, instanceFolders, instances } from "../schema/index.ts";
import { givenKeys, placeholders, prepared } from "./prepared.ts";
import { storeTurn } from "../client.ts";
import { first, isPostgres, tablesOf, returnedRow } from "../store.ts";

/** Every statement behind InstanceWriter (apps/server/src/services/instance-writer.ts). */

export type InstanceRecord = typeof instances.$inferSelect;
export type InstanceFolderRow = typeof instanceFolders.$inferSelect;

export async function findFolderIdByPath(
  db: Db,
  projectId: number,
  path: string,
): Promise<number | undefined> {
  await storeTurn(db);
  const { instanceFolders } = tablesOf(db);
  return (
    await prepared(db, "findFolderIdByPath", () =>
      db
        .select({ id: instanceFolders.id })
        .from(instanceFolders)
        .where(
          and(
            eq(instanceFolders.projectId, sql.placeholder("projectId")),
            eq(instanceFolders.path, sql.placeholder("path")),
          ),
        )
        .prepare(),
    ).get({ projectId, path })
  )?.id;
}

/**
 * The folder at `segments` (root for none), creating it and any missing
 * parents. The root has the path `/` and an empty name.
 */
export async function ensureFolder(
  db: Db,
  projectId: number,
  segments: readonly string[],
): Promise<number> {
  await storeTurn(db);
  const { instanceFolders } = tablesOf(db);
  let parentId: number | null = null;
  let path = "/";
  for (let depth = 0; depth <= segments.length; depth++) {
    const name = depth === 0 ? "" : (segments[depth - 1] as string);
    if (depth > 0) path = `${path === "/" ? "" : path}/${name}`;
    const found = await findFolderIdByPath(db, projectId, path);
    parentId =
      found ??
      returnedRow(
        await db
          .insert(instanceFolders)
          .values({ projectId, parentId, name, path })
          .returning({ id: instanceFolders.id }),
      ).id;
  }
  return parentId as number;
}

export async function findInstanceByKey(
  db: Db,
  key: { projectId: number; patternId: number; instanceFolderId: number; name: string },
): Promise<InstanceRecord | undefined> {
  await storeTurn(db);
  const { instances } = tablesOf(db);
  return await prepared(db, "findInstanceByKey", () =>
    db
      .select()
      .from(instances)
      .where(
        and(
          eq(instances.projectId, sql.placeholder("projectId")),
          eq(instances.patternId, sql.placeholder("patternId")),
          eq(instances.instanceFolderId, sql.placeholder("instanceFolderId")),
          eq(instances.name, sql.placeholder("name")),
        ),
      )
      .prepare(),
  ).get(key);
}

/** The instance a caller resolved already, read again in the write's transaction. */
export async function findInstanceById(db: Db, id: number): Promise<InstanceRecord | undefined> {
  await storeTurn(db);
  const { instances } = tablesOf(db);
  return await prepared(db, "findInstanceById", () =>
    db
      .select()
      .from(instances)
      .where(eq(instances.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
}

export async function findReleaseIdInGroup(
  db: Db,
  releaseGroupId: number,
  name: string,
): Promise<number | undefined> {
  await storeTurn(db);
  const { releases } = tablesOf(db);
  return first(
    await db
      .select({ id: releases.id })
      .from(releases)
      .where(and(eq(releases.releaseGroupId, releaseGroupId), eq(releases.name, name))),
  )?.id;
}

/** Id and stored validation of every instance of a pattern, deleted ones too. */
export async function listValidationsOfPattern(
  db: Db,
  patternId: number,
): Promise<{ id: number; validation: string; customerId: number; projectId: number }[]> {
  await storeTurn(db);
  const { instances } = tablesOf(db);
  return await db
    .select({
      id: instances.id,
      validation: instances.validation,
      customerId: instances.customerId,
      projectId: instances.projectId,
    })
    .from(instances)
    .where(eq(instances.patternId, patternId))
    .orderBy(asc(instances.id));
}

/** The stored rows of an instance in `pos_no` order, as their cell objects. */
export async function loadRowCells(
  db: Db,
  instanceId: number,
): Promise<Record<string, string | null>[]> {
  await storeTurn(db);
  return (await loadStoredRows(db, instanceId)).texts.map(
    (t) => JSON.parse(t) as Record<string, string | null>,
  );
}

/** An instance's stored rows in `pos_no` order: their JSON texts and positions. */
export async function loadStoredRows(
  db: Db,
  instanceId: number,
): Promise<{ texts: string[]; positions: number[] }> {
  await storeTurn(db);
  if (isPostgres(db)) {
    const { instanceRows } = tablesOf(db);
    const rows = await db
      .select({ data: instanceRows.data, posNo: instanceRows.posNo })
      .from(instanceRows)
      .where(eq(instanceRows.instanceId, instanceId))
      .orderBy(asc(instanceRows.posNo), asc(instanceRows.id));
    return { texts: rows.map((r) => r.data), positions: rows.map((r) => r.posNo) };
  }
  const rows = (await prepared(db, "loadStoredRows", () =>
    db.$client
      .prepare("select data, pos_no from instance_rows where instance_id = ? order by pos_no, id")
      .raw(),
  ).all(instanceId)) as [string, number][];
  return { texts: rows.map((r) => r[0]), positions: rows.map((r) => r[1]) };
}

/** Rows per multi-row insert: fewer statement runs, well under SQLite's parameter limit. */
const ROWS_PER_INSERT = 32;

/** Rows per insert on PostgreSQL: one statement per round trip, under its 65,535 parameters. */
const PG_ROWS_PER_INSERT = 1000;

/**
 * Replaces an instance's rows with the given JSON texts, in this order; their
 * `pos_no` are `positions` when given (same length), else 1..n.
 */
export async function replaceRows(
  db: Db,
  instanceId: number,
  texts: readonly string[],
  positions?: readonly number[],
): Promise<void> {
  await storeTurn(db);
  if (isPostgres(db)) {
    const { instanceRows } = tablesOf(db);
    await db.delete(instanceRows).where(eq(instanceRows.instanceId, instanceId));
    for (let from = 0; from < texts.length; from += PG_ROWS_PER_INSERT) {
      const chunk = texts.slice(from, from + PG_ROWS_PER_INSERT).map((data, i) => ({
        instanceId,
        posNo: positions ? (positions[from + i] as number) : from + i + 1,
        data,
      }));
      await db.insert(instanceRows).values(chunk);
    }
    return;
  }
  await prepared(db, "deleteRows", () =>
    db.$client.prepare("delete from instance_rows where instance_id = ?"),
  ).run(instanceId);
  for (let from = 0; from < texts.length; from += ROWS_PER_INSERT) {
    const count = Math.min(ROWS_PER_INSERT, texts.length - from);
    const insert = prepared(db, `insertRows:${count}`, () =>
      db.$client.prepare(
        `insert into instance_rows (instance_id, pos_no, data) values ${Array(count).fill("(?, ?, ?)").join(", ")}`,
      ),
    );
    const params: (number | string)[] = [];
    for (let i = from; i < from + count; i++)
      params.push(instanceId, positions ? (positions[i] as number) : i + 1, texts[i] as string);
    insert.run(params);
  }
}

export async function labelNamesOf(db: Db, instanceId: number): Promise<string[]> {
  await storeTurn(db);
  const { instanceLabels, labels } = tablesOf(db);
  return (
    await prepared(db, "labelNamesOf", () =>
      db
        .select({ name: labels.name })
        .from(instanceLabels)
        .innerJoin(labels, eq(labels.id, instanceLabels.labelId))
        .where(eq(instanceLabels.instanceId, sql.placeholder("instanceId")))
        .orderBy(asc(labels.name))
        .prepare(),
    ).all({ instanceId })
  ).map((r) => r.name);
}

/** Sets an instance's labels to exactly `names`, creating project labels on demand. */
export async function replaceLabels(
  db: Db,
  projectId: number,
  instanceId: number,
  names: readonly string[],
): Promise<void> {
  await storeTurn(db);
  const { instanceLabels, labels } = tablesOf(db);
  await prepared(db, "deleteInstanceLabels", () =>
    db
      .delete(instanceLabels)
      .where(eq(instanceLabels.instanceId, sql.placeholder("instanceId")))
      .prepare(),
  ).run({ instanceId });
  if (names.length === 0) return;
  let missing = [...new Set(names)];
  if (isPostgres(db)) {
    // An identity sequence moves on for every row ON CONFLICT skips, SQLite's
    // ids do not: only missing labels are inserted, so ids match on both.
    const present = await db
      .select({ name: labels.name })
      .from(labels)
      .where(and(eq(labels.projectId, projectId), inArray(labels.name, missing)));
    const have = new Set(present.map((r) => r.name));
    missing = missing.filter((name) => !have.has(name));
  }
  if (missing.length > 0)
    await db
      .insert(labels)
      .values(missing.map((name) => ({ projectId, name })))
      .onConflictDoNothing();
  const ids = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.projectId, projectId), inArray(labels.name, [...names])));
  await db.insert(instanceLabels).values(ids.map((l) => ({ instanceId, labelId: l.id })));
}

export type NewInstance = typeof instances.$inferInsert;

/**
 * A prepared `insert` of the given columns run with plain values; answers the
 * new id. The ORM's placeholder filling and `returning` cost more than the
 * insert itself when an upload writes thousands. Columns left out take the
 * table's defaults; values are numbers, texts or null, as stored.
 */
async function insertValues(db: Db, table: SQLiteTable, values: object): Promise<number> {
  if (isPostgres(db)) {
    const { id } = getTableColumns(table);
    if (!id) throw new Error(`${getTableName(table)} has no id column`);
    return returnedRow(
      (await db
        .insert(table)
        .values(values as SQLiteTable["$inferInsert"])
        .returning({ id })) as { id: number }[],
    ).id;
  }
  const keys = givenKeys(values);
  const name = getTableName(table);
  const statement = prepared(db, `insertValues:${name}:${keys}`, () => {
    const columns = getTableColumns(table);
    const names = keys.map((k) => `"${(columns[k] as { name: string }).name}"`);
    return db.$client.prepare(
      `insert into "${name}" (${names.join(", ")}) values (${keys.map(() => "?").join(", ")})`,
    );
  });
  const row = values as Record<string, unknown>;
  return Number(statement.run(keys.map((k) => row[k])).lastInsertRowid);
}

/** Inserts a new instance (its identity is its own id) and answers that id. */
export async function insertInstance(db: Db, values: NewInstance): Promise<number> {
  await storeTurn(db);
  const { instances } = tablesOf(db);
  const id = await insertValues(db, instances, values);
  // The identity is the first id, stable across versions.
  if (isPostgres(db)) {
    await db
      .update(instances)
      .set({ identityId: sql`${instances.id}` })
      .where(eq(instances.id, id));
    return id;
  }
  await prepared(db, "setIdentity", () =>
    db.$client.prepare("update instances set identity_id = id where id = ?"),
  ).run(id);
  return id;
}

export async function updateInstance(
  db: Db,
  id: number,
  values: Partial<NewInstance>,
): Promise<void> {
  await storeTurn(db);
  const { instances } = tablesOf(db);
  const keys = givenKeys(values);
  if (keys.length === 0) return;
  await prepared(db, `updateInstance:${keys}`, () =>
    db
      .update(instances)
      .set(placeholders(keys) as Partial<NewInstance>)
      .where(eq(instances.id, sql.placeholder("$id")))
      .prepare(),
  ).run({ ...values, $id: id });
}

export async function insertCommit(db: Db, values: typeof commits.$inferInsert): Promise<number> {
  await storeTurn(db);
  const { commits } = tablesOf(db);
  return await insertValues(db, commits, values);
}

/**
 * Sets (or with null clears) who holds an instance checked out, and since
 * when. Giving the current holder again keeps the original time.
 */
export async function setCheckout(
  db: Db,
  instanceId: number,
  holder: { userId: number; at: string } | null,
): Promise<void> {
  await storeTurn(db);
  const { instances } = tablesOf(db);
  const userId = holder?.userId ?? null;
  await db
    .update(instances)
    .set({ checkedOutByUserId: userId, checkedOutAt: holder?.at ?? null })
    .where(
      and(
        eq(instances.id, instanceId),
        // IS DISTINCT FROM reads the same on both stores (SQLite since 3.39);
        // the cast types a null parameter for PostgreSQL.
        sql`${instances.checkedOutByUserId} is distinct from cast(${userId} as integer)`,
      ),
    );
}

export async function findProjectCustomerId(
  db: Db,
  projectId: number,
): Promise<number | undefined> {
  await storeTurn(db);
  const { projects } = tablesOf(db);
  return (
    await prepared(db, "findProjectCustomerId", () =>
      db
        .select({ customerId: projects.customerId })
        .from(projects)
        .where(eq(projects.id, sql.placeholder("projectId")))
        .prepare(),
    ).get({ projectId })
  )?.customerId;
}

export async function findReleaseGroupName(
  db: Db,
  releaseGroupId: number,
): Promise<string | undefined> {
  await storeTurn(db);
  const { releaseGroups } = tablesOf(db);
  return first(
    await db
      .select({ name: releaseGroups.name })
      .from(releaseGroups)
      .where(eq(releaseGroups.id, releaseGroupId)),
  )?.name;
}
