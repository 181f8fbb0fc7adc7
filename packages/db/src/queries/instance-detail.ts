import { type SQL, and, asc, eq, sql } from "drizzle-orm";
import type { Db, Schema } from "../client.ts";
import { prepared } from "./prepared.ts";
import { storeTurn } from "../client.ts";
import { sqlOf, tablesOf } from "../store.ts";
import { type TokenHolder, type TokenPresenter, tokenRevoked } from "./users.ts";

// Reads of one instance (its detail form, rows and header); the list lives in instances.ts.
const p = (name: string) => sql.placeholder(name);

/** One instance of the customer with the names its detail form shows, or undefined. */
export async function findInstanceWithNames(db: Db, customerId: number, id: number) {
  await storeTurn(db);
  const { instanceFolders, instances, patterns, projects } = tablesOf(db);
  return await prepared(db, "findInstanceWithNames", () =>
    db
      .select({
        instance: instances,
        folder: instanceFolders.path,
        projectName: projects.name,
        patternName: patterns.name,
      })
      .from(instances)
      .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
      .innerJoin(projects, eq(projects.id, instances.projectId))
      .innerJoin(patterns, eq(patterns.id, instances.patternId))
      .where(and(eq(instances.id, p("id")), eq(instances.customerId, p("customerId"))))
      .prepare(),
  ).get({ id, customerId });
}

/** The stored metadata rows of an instance, by `pos_no`, cells parsed. */
export async function instanceRowsOf(
  db: Db,
  instanceId: number,
): Promise<{ posNo: number; data: Record<string, unknown> }[]> {
  await storeTurn(db);
  const { instanceRows } = tablesOf(db);
  const rows = (await prepared(db, "instanceRowsOf", () =>
    db
      .select({ posNo: instanceRows.posNo, data: instanceRows.data })
      .from(instanceRows)
      .where(eq(instanceRows.instanceId, p("instanceId")))
      .orderBy(asc(instanceRows.posNo), asc(instanceRows.id))
      .prepare(),
  ).values({ instanceId })) as [number, string][];
  return rows.map(([posNo, data]) => ({
    posNo,
    data: JSON.parse(data) as Record<string, unknown>,
  }));
}

type HeaderColumns = { name: string; posNo: number }[];

/**
 * Names and positions of a pattern's non-deleted properties and roles: all a
 * header needs (core's instanceHeader orders them). Lighter than
 * patternColumns' full rows on the per-request detail path.
 */
export async function headerColumnsOf(
  db: Db,
  patternId: number,
): Promise<{ properties: HeaderColumns; roles: HeaderColumns }> {
  await storeTurn(db);
  const { functionalRoles, instanceProperties } = tablesOf(db);
  const columns = (rows: unknown[][]) =>
    rows.map(([name, posNo]) => ({ name: name as string, posNo: posNo as number }));
  const properties = (await prepared(db, "headerProperties", () =>
    db
      .select({ name: instanceProperties.name, posNo: instanceProperties.posNo })
      .from(instanceProperties)
      .where(
        and(eq(instanceProperties.patternId, p("patternId")), eq(instanceProperties.deleted, 0)),
      )
      .orderBy(asc(instanceProperties.posNo), asc(instanceProperties.id))
      .prepare(),
  ).values({ patternId })) as unknown[][];
  const roles = (await prepared(db, "headerRoles", () =>
    db
      .select({ name: functionalRoles.name, posNo: functionalRoles.posNo })
      .from(functionalRoles)
      .where(and(eq(functionalRoles.patternId, p("patternId")), eq(functionalRoles.deleted, 0)))
      .orderBy(asc(functionalRoles.posNo), asc(functionalRoles.id))
      .prepare(),
  ).values({ patternId })) as unknown[][];
  return { properties: columns(properties), roles: columns(roles) };
}

/** Everything GET /api/v1/instances/:id shows of one instance, as findInstanceDetail reads it. */
export interface InstanceDetailRow {
  id: number;
  name: string;
  projectId: number;
  folder: string;
  projectName: string;
  patternName: string;
  /** Names of the pattern's non-deleted properties and roles, each by `pos_no` then id. */
  properties: string[];
  roles: string[];
  /** The stored rows by `pos_no`, cells parsed. */
  rows: { posNo: number; data: Record<string, unknown> }[];
}

/** Names of a pattern's non-deleted columns in `table`, by `pos_no`, as a JSON array. */
function columnNamesJson(
  db: Db,
  table: Schema["instanceProperties"] | Schema["functionalRoles"],
): SQL<string> {
  const { instances } = tablesOf(db);
  const names = sqlOf(db).jsonArray(table.name, sql`${table.posNo}, ${table.id}`);
  return sql<string>`(select ${names} from ${table} where ${table.patternId} = ${instances.patternId} and ${table.deleted} = 0)`;
}

/**
 * The rows as one JSON text `[[pos_no, cells], …]`. Stored cells are JSON
 * object texts already: concatenating them is several times cheaper than
 * having SQLite parse and re-serialise each one.
 */
function rowsJson(db: Db): SQL<string | null> {
  const { instanceRows, instances } = tablesOf(db);
  const cells = sql`'[' || ${instanceRows.posNo} || ',' || ${instanceRows.data} || ']'`;
  const order = sql`order by ${instanceRows.posNo}, ${instanceRows.id}`;
  const joined = sqlOf(db).joinText(cells, order);
  return sql<
    string | null
  >`(select '[' || ${joined} || ']' from ${instanceRows} where ${instanceRows.instanceId} = ${instances.id})`;
}

/** The detail's columns and joins, shared by the detail statements; the caller adds its WHERE. */
function detailFrom(db: Db, extra: Record<string, SQL> = {}) {
  const { functionalRoles, instanceFolders, instanceProperties, instances, patterns, projects } =
    tablesOf(db);
  return db
    .select({
      id: instances.id,
      name: instances.name,
      projectId: instances.projectId,
      folder: instanceFolders.path,
      projectName: projects.name,
      patternName: patterns.name,
      properties: columnNamesJson(db, instanceProperties),
      roles: columnNamesJson(db, functionalRoles),
      rows: rowsJson(db),
      ...extra,
    })
    .from(instances)
    .innerJoin(instanceFolders, eq(instanceFolders.id, instances.instanceFolderId))
    .innerJoin(projects, eq(projects.id, instances.projectId))
    .innerJoin(patterns, eq(patterns.id, instances.patternId));
}

/** The detail of instance `id` of customer `customerId` (placeholders). */
function detailSelect(db: Db, extra: Record<string, SQL> = {}) {
  const { instances } = tablesOf(db);
  return detailFrom(db, extra).where(
    and(eq(instances.id, p("id")), eq(instances.customerId, p("customerId"))),
  );
}

type DetailColumns = Omit<InstanceDetailRow, "properties" | "roles" | "rows"> & {
  properties: string;
  roles: string;
  rows: string | null;
};

function parsedDetail(row: DetailColumns): InstanceDetailRow {
  // No rows: group_concat gives null, and so does the concatenation around it.
  const rows =
    row.rows === null ? [] : (JSON.parse(row.rows) as [number, Record<string, unknown>][]);
  return {
    id: row.id,
    name: row.name,
    projectId: row.projectId,
    folder: row.folder,
    projectName: row.projectName,
    patternName: row.patternName,
    properties: JSON.parse(row.properties) as string[],
    roles: JSON.parse(row.roles) as string[],
    rows: rows.map(([posNo, data]) => ({ posNo, data })),
  };
}

/**
 * One instance of the customer for its detail form, or undefined: the
 * record's names, its pattern's columns and its rows in ONE statement. The
 * detail is the most requested read; each statement costs a read lock and a
 * round of value conversions, and the rows arrive as one JSON text to parse.
 */
export async function findInstanceDetail(
  db: Db,
  customerId: number,
  id: number,
): Promise<InstanceDetailRow | undefined> {
  await storeTurn(db);
  const row = (await prepared(db, "findInstanceDetail", () => detailSelect(db).prepare()).get({
    id,
    customerId,
  })) as DetailColumns | undefined;
  return row && parsedDetail(row);
}

/** The detail with what the permission check reads: its project's state and the user's grants. */
export interface InstanceDetailAccess {
  detail: InstanceDetailRow;
  project: { id: number; name: string; disabled: number };
  /** The permissions `userId` holds on the instance's project. */
  permissions: string[];
}

/**
 * findInstanceDetail and the instance's project with the permissions
 * `userId` holds on it, in ONE statement: on PostgreSQL every statement is
 * a round trip, which costs the server more than the statement itself
 * (docs/performance.md "PostgreSQL").
 */
export async function findInstanceDetailAccess(
  db: Db,
  customerId: number,
  id: number,
  userId: number,
): Promise<InstanceDetailAccess | undefined> {
  await storeTurn(db);
  const row = (await prepared(db, "findInstanceDetailAccess", () =>
    detailSelect(db, accessColumns(db)).prepare(),
  ).get({ id, customerId, userId })) as AccessColumns | undefined;
  return row && parsedAccess(row);
}

/** The project's state and the grants of user `userId` (a placeholder) on it. */
function accessColumns(db: Db) {
  const { grants, instances, projects } = tablesOf(db);
  const permissions = sql`(select ${sqlOf(db).jsonArray(grants.permission)} from ${grants} where ${grants.userId} = ${p("userId")} and ${grants.projectId} = ${instances.projectId})`;
  return { projectDisabled: sql`${projects.disabled}`, permissions };
}

type AccessColumns = DetailColumns & { projectDisabled: number; permissions: string };

function parsedAccess(row: AccessColumns): InstanceDetailAccess {
  return {
    detail: parsedDetail(row),
    project: { id: row.projectId, name: row.projectName, disabled: row.projectDisabled },
    permissions: JSON.parse(row.permissions) as string[],
  };
}

/**
 * findInstanceDetailAccess (`value`) for the holder of a token, with what
 * findTokenHolder reads of that holder (`holder`), in ONE statement: on PostgreSQL the
 * token check and the detail were two round trips, each costing the server
 * more than the statement itself (docs/performance.md). The instance must
 * belong to the holder's customer. Undefined when there is no such user or
 * no such instance of its customer: the caller cannot tell which, and asks
 * findTokenHolder then.
 */
export async function findInstanceDetailForToken(
  db: Db,
  presenter: TokenPresenter,
  id: number,
): Promise<{ holder: TokenHolder; value: InstanceDetailAccess } | undefined> {
  // Most requests find no transaction open: no await (each one is a turn of the event loop's queue).
  const turn = storeTurn(db);
  if (turn) await turn;
  const { instances, users } = tablesOf(db);
  const row = (await prepared(db, "findInstanceDetailForToken", () =>
    detailFrom(db, {
      ...accessColumns(db),
      holderEmail: sql`${users.email}`,
      holderAdmin: sql`${users.admin}`,
      holderDisabled: sql`${users.disabled}`,
      holderCustomerId: sql`${users.customerId}`,
      revoked: tokenRevoked(db),
    })
      .innerJoin(users, and(eq(users.id, p("userId")), eq(users.customerId, instances.customerId)))
      .where(eq(instances.id, p("id")))
      .prepare(),
  ).get({
    id,
    userId: presenter.userId,
    jti: presenter.jti,
    now: presenter.nowSeconds,
  })) as
    | (AccessColumns & {
        holderEmail: string;
        holderAdmin: number;
        holderDisabled: number;
        holderCustomerId: number;
        revoked: number;
      })
    | undefined;
  if (!row) return undefined;
  return {
    holder: {
      id: presenter.userId,
      customerId: row.holderCustomerId,
      email: row.holderEmail,
      admin: row.holderAdmin,
      disabled: row.holderDisabled,
      revoked: row.revoked === 1,
    },
    value: parsedAccess(row),
  };
}
