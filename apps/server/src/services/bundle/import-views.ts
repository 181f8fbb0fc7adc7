import { type BundleProject, asciiUpper, findByName } from "@metabuild/contract";
import { bundleTables as t, customTablesOf, upsertByKey } from "@metabuild/db";
import { type EntryPath, type ImportContext, rejectDuplicates } from "./context.ts";
import { BundleError } from "./parse.ts";

/**
 * A project's views (docs/metadata-sql.md "Views"), by name: the text is
 * stored as given, not checked here; every use translates and confines it
 * (and bounds its expanded size), so a bad or hostile text fails at use,
 * naming the view. A view may not
 * take the name of one of the project's tables (one namespace).
 */
export async function importViews(
  ctx: ImportContext,
  project: BundleProject,
  projectId: number,
  path: EntryPath,
): Promise<void> {
  rejectDuplicates(project.views, (v) => asciiUpper(v.name), [...path, "views"], "view");
  const tables = await customTablesOf(ctx.db, projectId);
  for (const [i, view] of project.views.entries()) {
    const table = findByName(tables, view.name, (x) => x.name);
    if (table)
      throw new BundleError(
        [...path, "views", i, "name"],
        `a table of the project is named '${table.name}': views and tables share one namespace`,
      );
    await upsertByKey(
      ctx.db,
      t.customViews,
      { projectId, name: view.name },
      // Columns are worked out by the statement executor at the next read of the schema.
      { definition: view.definition, columns: null },
    );
  }
}
