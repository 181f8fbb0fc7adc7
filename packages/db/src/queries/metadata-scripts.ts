import { and, asc, desc, eq, getTableColumns, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import type {
  metadataScriptFolders,
  metadataScriptVersions,
  metadataScripts,
} from "../schema/index.ts";
import { storeTurn } from "../client.ts";
import { changedRows, first, tablesOf, returnedRow } from "../store.ts";
import { insertionOrder } from "./metadata-executions.ts";

export type ScriptFolderRow = typeof metadataScriptFolders.$inferSelect;
export type ScriptRow = typeof metadataScripts.$inferSelect;
export type ScriptVersionRow = typeof metadataScriptVersions.$inferSelect;

/** `path` itself or anything below it (paths compare exactly, case included). */
function inSubtree(
  column: typeof metadataScriptFolders.path | typeof metadataScripts.folder,
  path: string,
) {
  return or(eq(column, path), sql`substr(${column}, 1, ${path.length + 1}) = ${`${path}/`}`);
}

/** Every script folder of a project (the root `/` is implied), by path. */
export async function listScriptFolders(db: Db, projectId: number): Promise<ScriptFolderRow[]> {
  await storeTurn(db);
  const { metadataScriptFolders } = tablesOf(db);
  return await db
    .select()
    .from(metadataScriptFolders)
    .where(eq(metadataScriptFolders.projectId, projectId))
    .orderBy(asc(metadataScriptFolders.path));
}

/** Every script of a project without its body, by folder and name. */
export async function listScripts(db: Db, projectId: number): Promise<Omit<ScriptRow, "body">[]> {
  await storeTurn(db);
  const { metadataScripts } = tablesOf(db);
  const { body: _, ...columns } = getTableColumns(metadataScripts);
  return await db
    .select(columns)
    .from(metadataScripts)
    .where(eq(metadataScripts.projectId, projectId))
    .orderBy(asc(metadataScripts.folder), asc(metadataScripts.name));
}

/** Every script of a project with its body, by folder and name (bundle export). */
export async function listScriptsWithBodies(db: Db, projectId: number): Promise<ScriptRow[]> {
  await storeTurn(db);
  const { metadataScripts } = tablesOf(db);
  return await db
    .select()
    .from(metadataScripts)
    .where(eq(metadataScripts.projectId, projectId))
    .orderBy(asc(metadataScripts.folder), asc(metadataScripts.name));
}

export async function findScriptFolder(db: Db, projectId: number, path: string) {
  await storeTurn(db);
  const { metadataScriptFolders } = tablesOf(db);
  return first(
    await db
      .select()
      .from(metadataScriptFolders)
      .where(
        and(eq(metadataScriptFolders.projectId, projectId), eq(metadataScriptFolders.path, path)),
      ),
  );
}

/** Adds the folders of `paths` that are missing (a folder and its ancestors). */
export async function ensureScriptFolders(
  db: Db,
  projectId: number,
  paths: readonly string[],
): Promise<void> {
  await storeTurn(db);
  const { metadataScriptFolders } = tablesOf(db);
  for (const path of paths)
    await db.insert(metadataScriptFolders).values({ projectId, path }).onConflictDoNothing();
}

/** What a folder holds, below it at any depth. */
export async function scriptFolderHoldings(db: Db, projectId: number, path: string) {
  await storeTurn(db);
  const { metadataScriptFolders, metadataScripts } = tablesOf(db);
  const folders = first(
    await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(metadataScriptFolders)
      .where(
        and(
          eq(metadataScriptFolders.projectId, projectId),
          sql`substr(${metadataScriptFolders.path}, 1, ${path.length + 1}) = ${`${path}/`}`,
        ),
      ),
  );
  const scripts = first(
    await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(metadataScripts)
      .where(
        and(eq(metadataScripts.projectId, projectId), inSubtree(metadataScripts.folder, path)),
      ),
  );
  // Number(): drizzle reads PostgreSQL's bigint count as text.
  return { folders: Number(folders?.n ?? 0), scripts: Number(scripts?.n ?? 0) };
}

/** Folders and scripts under `from` (it included) move under `to`; answers how many of each. */
export async function moveScriptFolder(db: Db, projectId: number, from: string, to: string) {
  await storeTurn(db);
  const { metadataScriptFolders, metadataScripts } = tablesOf(db);
  const rest = sql.raw(String(from.length + 1));
  const folders = changedRows(
    await db
      .update(metadataScriptFolders)
      .set({ path: sql`${to} || substr(${metadataScriptFolders.path}, ${rest})` })
      .where(
        and(
          eq(metadataScriptFolders.projectId, projectId),
          inSubtree(metadataScriptFolders.path, from),
        ),
      ),
  );
  const scripts = changedRows(
    await db
      .update(metadataScripts)
      .set({ folder: sql`${to} || substr(${metadataScripts.folder}, ${rest})` })
      .where(
        and(eq(metadataScripts.projectId, projectId), inSubtree(metadataScripts.folder, from)),
      ),
  );
  return { folders, scripts };
}

export async function deleteScriptFolder(db: Db, projectId: number, path: string): Promise<void> {
  await storeTurn(db);
  const { metadataScriptFolders } = tablesOf(db);
  await db
    .delete(metadataScriptFolders)
    .where(
      and(eq(metadataScriptFolders.projectId, projectId), eq(metadataScriptFolders.path, path)),
    );
}

export async function findScript(db: Db, id: number): Promise<ScriptRow | undefined> {
  await storeTurn(db);
  const { metadataScripts } = tablesOf(db);
  return first(await db.select().from(metadataScripts).where(eq(metadataScripts.id, id)));
}

export async function findScriptByName(db: Db, projectId: number, folder: string, name: string) {
  await storeTurn(db);
  const { metadataScripts } = tablesOf(db);
  return first(
    await db
      .select({ id: metadataScripts.id })
      .from(metadataScripts)
      .where(
        and(
          eq(metadataScripts.projectId, projectId),
          eq(metadataScripts.folder, folder),
          eq(metadataScripts.name, name),
        ),
      ),
  );
}

export type ScriptSave = Pick<
  ScriptRow,
  "folder" | "name" | "body" | "versNo" | "updatedBy" | "updatedByEmail" | "updatedAt"
>;

/** Stores a script's new state and keeps it as that version. */
async function keepVersion(db: Db, scriptId: number, s: ScriptSave): Promise<void> {
  const { metadataScriptVersions } = tablesOf(db);
  await db.insert(metadataScriptVersions).values({
    scriptId,
    versNo: s.versNo,
    folder: s.folder,
    name: s.name,
    body: s.body,
    userId: s.updatedBy,
    userEmail: s.updatedByEmail,
    at: s.updatedAt,
  });
}

export async function insertScript(db: Db, projectId: number, s: ScriptSave): Promise<ScriptRow> {
  await storeTurn(db);
  const { metadataScripts } = tablesOf(db);
  const row = returnedRow(
    await db
      .insert(metadataScripts)
      .values({ projectId, ...s })
      .returning(),
  );
  await keepVersion(db, row.id, s);
  return row;
}

export async function updateScript(db: Db, id: number, s: ScriptSave): Promise<ScriptRow> {
  await storeTurn(db);
  const { metadataScripts } = tablesOf(db);
  const row = first(
    await db.update(metadataScripts).set(s).where(eq(metadataScripts.id, id)).returning(),
  );
  await keepVersion(db, id, s);
  return row as ScriptRow;
}

/** Deletes a script with its versions; its runs stay in the history. */
export async function deleteScript(db: Db, id: number): Promise<void> {
  await storeTurn(db);
  const { metadataScriptVersions, metadataScripts } = tablesOf(db);
  await db.delete(metadataScriptVersions).where(eq(metadataScriptVersions.scriptId, id));
  await db.delete(metadataScripts).where(eq(metadataScripts.id, id));
}

/** A script's versions without their bodies, newest first. */
export async function listScriptVersions(db: Db, scriptId: number) {
  await storeTurn(db);
  const { metadataScriptVersions } = tablesOf(db);
  const { body: _, ...columns } = getTableColumns(metadataScriptVersions);
  return await db
    .select(columns)
    .from(metadataScriptVersions)
    .where(eq(metadataScriptVersions.scriptId, scriptId))
    .orderBy(desc(metadataScriptVersions.versNo));
}

export async function findScriptVersion(db: Db, scriptId: number, versNo: number) {
  await storeTurn(db);
  const { metadataScriptVersions } = tablesOf(db);
  return first(
    await db
      .select()
      .from(metadataScriptVersions)
      .where(
        and(
          eq(metadataScriptVersions.scriptId, scriptId),
          eq(metadataScriptVersions.versNo, versNo),
        ),
      ),
  );
}

/** Runs recorded against a script (every user's), newest first, with who ran them. */
export async function listScriptRuns(
  db: Db,
  f: { projectId: number; scriptId: number; limit: number },
) {
  await storeTurn(db);
  const { metadataExecutions, users } = tablesOf(db);
  return await db
    .select({ run: metadataExecutions, email: users.email })
    .from(metadataExecutions)
    .leftJoin(users, eq(users.id, metadataExecutions.userId))
    .where(
      and(
        eq(metadataExecutions.projectId, f.projectId),
        eq(metadataExecutions.scriptId, f.scriptId),
      ),
    )
    .orderBy(desc(metadataExecutions.startTime), desc(insertionOrder(db, metadataExecutions)))
    .limit(f.limit);
}
