import type { BundleInstance, BundleProject } from "@metabuild/contract";
import {
  cellOf,
  AppError,
  type WriteLimits,
  checkFolderLengths,
  folderPathSegments,
  tooLongMessage,
} from "@metabuild/core";
import {
  bundleTables as t,
  deleteOverrides,
  ensureFolder,
  findPatternByName,
  findUserByEmail,
  findVariableDefinitionId,
  listOverridesOfProject,
  listTableRows,
  replaceTableRows,
  setCheckout,
  upsertByKey,
} from "@metabuild/db";
import { type EntryPath, type ImportContext, rejectDuplicates } from "./context.ts";
import { importScripts } from "./import-scripts.ts";
import { importViews } from "./import-views.ts";
import type { WriteOutcome, WriteWhere } from "../instances/writer.ts";
import { BundleError } from "./parse.ts";

/** The projects themselves, first: grants and contents refer to them by name. */
export async function importProjectRecords(
  ctx: ImportContext,
  projects: readonly BundleProject[],
): Promise<Map<string, number>> {
  const path = [...ctx.base, "projects"];
  rejectDuplicates(projects, (p) => p.name, path, "project");
  const ids = new Map<string, number>();
  for (const p of projects)
    ids.set(
      p.name,
      await upsertByKey(
        ctx.db,
        t.projects,
        { customerId: ctx.customerId, name: p.name },
        {
          disabled: p.disabled === undefined ? undefined : p.disabled ? 1 : 0,
          deleted: p.deleted === undefined ? undefined : p.deleted ? 1 : 0,
        },
      ),
    );
  return ids;
}

interface Override {
  variableId: number;
  instanceFolderId: number | null;
  instanceId: number | null;
  value: string | null;
}

async function patternIdByName(ctx: ImportContext, name: string, path: EntryPath): Promise<number> {
  const pattern = await findPatternByName(ctx.db, ctx.customerId, name);
  if (!pattern) throw new BundleError(path, `unknown pattern '${name}'`);
  return pattern.id;
}

async function variableId(
  ctx: ImportContext,
  patternId: number,
  pattern: string,
  name: string,
  path: EntryPath,
) {
  const id = await findVariableDefinitionId(ctx.db, patternId, name);
  if (id === undefined) throw new BundleError(path, `pattern ${pattern} has no variable '${name}'`);
  return id;
}

/** A text over its limit (docs/limits.md), named by its entry in the file. */
function checkLength(text: string, limit: number, at: EntryPath): void {
  if (text.length > limit)
    throw new BundleError(at, tooLongMessage(String(at.at(-1)), limit, text.length));
}

function folderSegments(path: string, at: EntryPath, limits: WriteLimits): string[] {
  const segments = folderPathSegments(path);
  try {
    checkFolderLengths(segments, limits, String(at.at(-1)));
  } catch (err) {
    if (err instanceof AppError) throw new BundleError(at, err.message);
    throw err;
  }
  checkFolderForm(path, segments, at);
  return segments;
}

/** The bundle's own form of a folder path (docs/reference/bundle-format.md). */
function checkFolderForm(path: string, segments: readonly string[], at: EntryPath): void {
  if (!path.trim().startsWith("/"))
    throw new BundleError(at, `folder path '${path}' must start with '/'`);
  if (segments.some((s) => s === "." || s === ".."))
    throw new BundleError(at, `folder path '${path}' must not contain '.' or '..'`);
}

/**
 * Everything inside one project: folders, custom tables, instances (through
 * the InstanceWriter, source `import`) and the variable overrides at all
 * three levels, which the file states in full for the project.
 */
export async function importProjectContents(
  ctx: ImportContext,
  project: BundleProject,
  projectId: number,
  path: EntryPath,
): Promise<void> {
  const overrides: Override[] = [];
  for (const [i, v] of project.variables.entries()) {
    const at = [...path, "variables", i];
    const patternId = await patternIdByName(ctx, v.pattern, [...at, "pattern"]);
    overrides.push({
      variableId: await variableId(ctx, patternId, v.pattern, v.name, [...at, "name"]),
      instanceFolderId: null,
      instanceId: null,
      value: v.value,
    });
  }

  rejectDuplicates(
    project.folders,
    (f) => `/${folderPathSegments(f.path).join("/")}`,
    [...path, "folders"],
    "folder",
  );
  for (const [i, f] of project.folders.entries()) {
    const at = [...path, "folders", i];
    const folderId = await ensureFolder(
      ctx.db,
      projectId,
      folderSegments(f.path, [...at, "path"], ctx.writer.limits),
    );
    for (const [j, v] of f.variables.entries()) {
      const vat = [...at, "variables", j];
      const patternId = await patternIdByName(ctx, v.pattern, [...vat, "pattern"]);
      overrides.push({
        variableId: await variableId(ctx, patternId, v.pattern, v.name, [...vat, "name"]),
        instanceFolderId: folderId,
        instanceId: null,
        value: v.value,
      });
    }
  }

  await importTables(ctx, project, projectId, path);
  await importScripts(ctx, project, projectId, path);
  await importViews(ctx, project, projectId, path);

  rejectDuplicates(
    project.instances,
    (x) => `${x.pattern} /${folderPathSegments(x.folder).join("/")}/${x.name}`,
    [...path, "instances"],
    "instance",
  );
  for (const [i, x] of project.instances.entries()) {
    const at = [...path, "instances", i];
    const { id, patternId } = await importInstance(ctx, x, projectId, at);
    ctx.afterInstance?.();
    for (const [j, v] of x.variables.entries()) {
      overrides.push({
        variableId: await variableId(ctx, patternId, x.pattern, v.name, [
          ...at,
          "variables",
          j,
          "name",
        ]),
        instanceFolderId: null,
        instanceId: id,
        value: v.value,
      });
    }
  }

  const keep = new Set<number>();
  for (const o of overrides)
    keep.add(
      await upsertByKey(
        ctx.db,
        t.variableOverrides,
        {
          variableId: o.variableId,
          projectId,
          instanceFolderId: o.instanceFolderId,
          instanceId: o.instanceId,
        },
        { value: o.value },
      ),
    );
  await deleteOverrides(
    ctx.db,
    (await listOverridesOfProject(ctx.db, projectId))
      .map((o) => o.id)
      .filter((id) => !keep.has(id)),
  );
}

async function importTables(
  ctx: ImportContext,
  project: BundleProject,
  projectId: number,
  path: EntryPath,
) {
  rejectDuplicates(project.tables, (x) => x.name, [...path, "tables"], "table");
  for (const [i, table] of project.tables.entries()) {
    const at = [...path, "tables", i];
    rejectDuplicates(table.columns, (c) => c.name, [...at, "columns"], "column");
    const columns = table.columns.map((c) => c.name);
    const rows = table.rows.map((row, j) => {
      const unknown = Object.keys(row).find((k) => !columns.includes(k));
      if (unknown !== undefined)
        throw new BundleError([...at, "rows", j, unknown], "unknown column");
      for (const [column, value] of Object.entries(row))
        if (typeof value === "string")
          checkLength(value, ctx.writer.limits.valueLength, [...at, "rows", j, column]);
      return JSON.stringify(Object.fromEntries(columns.map((c) => [c, cellOf(row, c) ?? null])));
    });
    const tableId = await upsertByKey(
      ctx.db,
      t.customTables,
      { projectId, name: table.name },
      { columns: JSON.stringify(table.columns) },
    );
    if (JSON.stringify(await listTableRows(ctx.db, tableId)) !== JSON.stringify(rows))
      await replaceTableRows(ctx.db, tableId, rows);
  }
}

async function importInstance(
  ctx: ImportContext,
  x: BundleInstance,
  projectId: number,
  at: EntryPath,
): Promise<{ id: number; patternId: number }> {
  const patternId = await patternIdByName(ctx, x.pattern, [...at, "pattern"]);
  checkFolderForm(x.folder, folderPathSegments(x.folder), [...at, "folder"]);
  // The writer checks the name, the folder, the columns and the values; its
  // refusals of a part are named by that part's entry (docs/bundles.md).
  const where: WriteWhere = {
    refused: (part, detail, error) =>
      part.length === 0
        ? new BundleError(at, error.message)
        : new BundleError([...at, ...part], detail),
  };
  let outcome: WriteOutcome;
  try {
    outcome = await ctx.writer.write(
      null,
      {
        projectId,
        patternId,
        folder: x.folder,
        name: x.name,
        rows: x.rows,
        description: x.description,
        release: x.release,
        labels: x.labels,
        flags: x.flags,
        where,
      },
      { source: "import", overwrite: true },
    );
  } catch (err) {
    if (err instanceof BundleError || !(err instanceof AppError)) throw err;
    throw new BundleError(at, err.message);
  }
  ctx.summary.instances[outcome.status]++;
  if (x.checked_out_by !== undefined)
    await applyCheckout(ctx, outcome.id, x.checked_out_by, [...at, "checked_out_by"]);
  return { id: outcome.id, patternId };
}

/** The declared holder; an unchanged holder keeps the time it checked out. */
async function applyCheckout(
  ctx: ImportContext,
  instanceId: number,
  email: string | null,
  at: EntryPath,
) {
  const holder = email === null ? null : await findUserByEmail(ctx.db, email);
  if (holder === undefined || (holder && holder.customerId !== ctx.customerId))
    throw new BundleError(at, `unknown user '${email}'`);
  await setCheckout(
    ctx.db,
    instanceId,
    holder && { userId: holder.id, at: ctx.clock.now().toISOString() },
  );
}
