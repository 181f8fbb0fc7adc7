import type { BundleProject } from "@metabuild/contract";
import { AppError, checkScriptName, scriptFolderPlace } from "@metabuild/core";
import {
  ensureScriptFolders,
  findScript,
  findScriptByName,
  insertScript,
  updateScript,
} from "@metabuild/db";
import { type EntryPath, type ImportContext, rejectDuplicates } from "./context.ts";
import { BundleError } from "./parse.ts";

/**
 * The project's saved SQL scripts (docs/metadata-scripts.md "Bundles"): a
 * new one is created, one whose text differs gets a new version; scripts the
 * file does not name stay, as custom tables do. The import has no signed-in
 * user, so its versions name nobody.
 */
export async function importScripts(
  ctx: ImportContext,
  project: BundleProject,
  projectId: number,
  path: EntryPath,
): Promise<void> {
  const places = project.scripts.map((s, i) => {
    const at = [...path, "scripts", i];
    return {
      folder: checked(
        () => scriptFolderPlace(s.folder, ctx.writer.limits, "folder"),
        [...at, "folder"],
      ),
      name: checked(() => checkScriptName(s.name, ctx.writer.limits), [...at, "name"]),
      body: s.body,
    };
  });
  rejectDuplicates(places, (s) => `${s.folder.path} ${s.name}`, [...path, "scripts"], "script");
  const saved = { updatedBy: null, updatedByEmail: null, updatedAt: ctx.clock.now().toISOString() };
  for (const s of places) {
    await ensureScriptFolders(ctx.db, projectId, s.folder.lineage);
    const known = await findScriptByName(ctx.db, projectId, s.folder.path, s.name);
    const current = known && (await findScript(ctx.db, known.id));
    if (!current)
      await insertScript(ctx.db, projectId, {
        folder: s.folder.path,
        name: s.name,
        body: s.body,
        versNo: 1,
        ...saved,
      });
    else if (current.body !== s.body)
      await updateScript(ctx.db, current.id, {
        folder: current.folder,
        name: current.name,
        body: s.body,
        versNo: current.versNo + 1,
        ...saved,
      });
  }
}

/** A domain rule's 400 as a bundle error at `at`. */
function checked<T>(check: () => T, at: EntryPath): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof AppError) throw new BundleError(at, err.message);
    throw err;
  }
}
