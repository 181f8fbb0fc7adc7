import type {
  ProjectRef,
  Script,
  ScriptCreate,
  ScriptFolder,
  ScriptFolderCreate,
  ScriptFolderMove,
  ScriptFolderMoved,
  ScriptFolderRef,
  ScriptRun,
  ScriptSave,
  ScriptSummary,
  ScriptTree,
  ScriptVersion,
  ScriptVersionWithBody,
} from "@metabuild/contract";
import {
  BadRequest,
  Conflict,
  NotFound,
  type Principal,
  ScriptVersionConflict,
  type WriteLimits,
  checkFolderMove,
  checkScriptName,
  messages,
  scriptFolderPlace,
  scriptPath,
} from "@metabuild/core";
import {
  type Db,
  type ScriptRow,
  deleteScript,
  deleteScriptFolder,
  ensureScriptFolders,
  findProjectById,
  findScript,
  findScriptByName,
  findScriptFolder,
  findScriptVersion,
  insertScript,
  listScriptFolders,
  listScriptRuns,
  listScriptVersions,
  listScripts,
  moveScriptFolder,
  scriptFolderHoldings,
  transaction,
  updateScript,
} from "@metabuild/db";
import type { Clock } from "../../infra/clock.ts";
import type { AccessService } from "../access.ts";
import { recordAudit } from "../audit.ts";

/** Who may save scripts: the grant that allows metadata writes (docs/metadata-scripts.md). */
const WRITE = "write_instances" as const;
const RUNS_DEFAULT = 50;
const RUNS_MAX = 500;

/**
 * Saved SQL scripts in folders of a project's meta database
 * (docs/metadata-scripts.md). Reading needs `access`, every change
 * `write_instances`; each change is one transaction with its audit event.
 */
export class MetadataScriptService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly limits: WriteLimits,
    private readonly clock: Clock,
  ) {}

  async tree(principal: Principal, ref: ProjectRef): Promise<ScriptTree> {
    const project = await this.access.resolveProject(principal, ref);
    return {
      folders: (await listScriptFolders(this.db, project.id)).map((f) => ({
        id: f.id,
        path: f.path,
      })),
      scripts: (await listScripts(this.db, project.id)).map(toSummary),
    };
  }

  async createFolder(principal: Principal, input: ScriptFolderCreate): Promise<ScriptFolder> {
    const project = await this.access.resolveProject(principal, input, WRITE);
    const place = scriptFolderPlace(input.path, this.limits, "path");
    if (place.segments.length === 0)
      throw new BadRequest("Invalid value for 'path': the root folder always exists");
    return await transaction(this.db, async () => {
      if (await findScriptFolder(this.db, project.id, place.path))
        throw new Conflict(`Script folder '${place.path}' already exists`);
      await ensureScriptFolders(this.db, project.id, place.lineage);
      const folder = (await findScriptFolder(this.db, project.id, place.path)) as ScriptFolder;
      await recordAudit(this.db, principal, {
        action: "script_folder.create",
        projectId: project.id,
        target: { kind: "script_folder", id: folder.id, label: place.path },
        after: { path: place.path },
      });
      return { id: folder.id, path: folder.path };
    });
  }

  /** Renames or moves a folder with everything below it. */
  async moveFolder(principal: Principal, input: ScriptFolderMove): Promise<ScriptFolderMoved> {
    const project = await this.access.resolveProject(principal, input, WRITE);
    const from = scriptFolderPlace(input.path, this.limits, "path");
    const to = scriptFolderPlace(input.new_path, this.limits, "new_path");
    checkFolderMove(from, to);
    return await transaction(this.db, async () => {
      const folder = await findScriptFolder(this.db, project.id, from.path);
      if (!folder) throw new NotFound(messages.folderNotFound(from.path));
      if (await findScriptFolder(this.db, project.id, to.path))
        throw new Conflict(
          `Cannot move '${from.path}' to '${to.path}': script folder '${to.path}' already exists`,
        );
      await ensureScriptFolders(this.db, project.id, to.lineage.slice(0, -1));
      const moved = await moveScriptFolder(this.db, project.id, from.path, to.path);
      // Paths below grow by the difference: each must still fit the limits.
      for (const f of await listScriptFolders(this.db, project.id))
        if (f.path.startsWith(`${to.path}/`)) scriptFolderPlace(f.path, this.limits, "new_path");
      await recordAudit(this.db, principal, {
        action: "script_folder.move",
        projectId: project.id,
        target: { kind: "script_folder", id: folder.id, label: to.path },
        before: { path: from.path },
        after: { path: to.path, ...moved },
      });
      return { folder: { id: folder.id, path: to.path }, from: from.path, ...moved };
    });
  }

  /** An empty folder only, like instance folders. */
  async removeFolder(principal: Principal, input: ScriptFolderRef): Promise<ScriptFolder> {
    const project = await this.access.resolveProject(principal, input, WRITE);
    const place = scriptFolderPlace(input.path, this.limits, "path");
    if (place.segments.length === 0)
      throw new BadRequest("Invalid value for 'path': the root folder cannot be deleted");
    return await transaction(this.db, async () => {
      const folder = await findScriptFolder(this.db, project.id, place.path);
      if (!folder) throw new NotFound(messages.folderNotFound(place.path));
      const held = await scriptFolderHoldings(this.db, project.id, place.path);
      if (held.folders > 0 || held.scripts > 0)
        throw new Conflict(
          `Script folder '${place.path}' is not empty: it holds ${count(held.scripts, "script")} and ${count(held.folders, "folder")}`,
        );
      await deleteScriptFolder(this.db, project.id, place.path);
      await recordAudit(this.db, principal, {
        action: "script_folder.delete",
        projectId: project.id,
        target: { kind: "script_folder", id: folder.id, label: place.path },
        before: { path: place.path },
      });
      return { id: folder.id, path: folder.path };
    });
  }

  async create(principal: Principal, input: ScriptCreate): Promise<Script> {
    const project = await this.access.resolveProject(principal, input, WRITE);
    const place = scriptFolderPlace(input.folder ?? "/", this.limits, "folder");
    const name = checkScriptName(input.name, this.limits);
    return await transaction(this.db, async () => {
      await this.refuseTaken(project.id, place.path, name);
      await ensureScriptFolders(this.db, project.id, place.lineage);
      const row = await insertScript(this.db, project.id, {
        folder: place.path,
        name,
        body: input.body ?? "",
        versNo: 1,
        ...this.savedBy(principal),
      });
      await recordAudit(this.db, principal, {
        action: "script.create",
        projectId: project.id,
        target: { kind: "script", id: row.id, label: scriptPath(row.folder, name) },
        after: { folder: row.folder, name, body: row.body },
      });
      return toScript(row);
    });
  }

  async get(principal: Principal, id: number): Promise<Script> {
    return toScript(await this.readable(principal, id));
  }

  /** Saves body, name or folder as a new version, based on the version the user saw. */
  async save(
    principal: Principal,
    id: number,
    input: ScriptSave,
    baseVersion: number,
  ): Promise<Script> {
    const current = await this.readable(principal, id);
    await this.access.require(principal, current.projectId, WRITE);
    const folder =
      input.folder === undefined
        ? undefined
        : scriptFolderPlace(input.folder, this.limits, "folder");
    const name = input.name === undefined ? current.name : checkScriptName(input.name, this.limits);
    return await transaction(this.db, async () => {
      const row = await this.current(id);
      if (row.versNo !== baseVersion)
        throw new ScriptVersionConflict(scriptPath(row.folder, row.name), baseVersion, {
          version: row.versNo,
          user: row.updatedByEmail,
        });
      const place = folder?.path ?? row.folder;
      if (place !== row.folder || name !== row.name)
        await this.refuseTaken(row.projectId, place, name);
      if (folder) await ensureScriptFolders(this.db, row.projectId, folder.lineage);
      const saved = await updateScript(this.db, id, {
        folder: place,
        name,
        body: input.body ?? row.body,
        versNo: row.versNo + 1,
        ...this.savedBy(principal),
      });
      const before = { folder: row.folder, name: row.name, body: row.body };
      const after = { folder: saved.folder, name: saved.name, body: saved.body };
      await recordAudit(this.db, principal, {
        action: "script.update",
        projectId: row.projectId,
        target: { kind: "script", id, label: scriptPath(saved.folder, saved.name) },
        ...changed(before, after),
      });
      return toScript(saved);
    });
  }

  async remove(principal: Principal, id: number, baseVersion: number): Promise<Script> {
    const current = await this.readable(principal, id);
    await this.access.require(principal, current.projectId, WRITE);
    return await transaction(this.db, async () => {
      const row = await this.current(id);
      if (row.versNo !== baseVersion)
        throw new ScriptVersionConflict(scriptPath(row.folder, row.name), baseVersion, {
          version: row.versNo,
          user: row.updatedByEmail,
        });
      await deleteScript(this.db, id);
      await recordAudit(this.db, principal, {
        action: "script.delete",
        projectId: row.projectId,
        target: { kind: "script", id, label: scriptPath(row.folder, row.name) },
        before: { folder: row.folder, name: row.name, vers_no: row.versNo },
      });
      return toScript(row);
    });
  }

  async versions(principal: Principal, id: number): Promise<ScriptVersion[]> {
    await this.readable(principal, id);
    return (await listScriptVersions(this.db, id)).map((v) => ({
      vers_no: v.versNo,
      folder: v.folder,
      name: v.name,
      user: v.userEmail,
      at: v.at,
    }));
  }

  async version(principal: Principal, id: number, versNo: number): Promise<ScriptVersionWithBody> {
    await this.readable(principal, id);
    const v = await findScriptVersion(this.db, id, versNo);
    if (!v) throw new NotFound(`Script ${id} has no version ${versNo}`);
    return {
      vers_no: v.versNo,
      folder: v.folder,
      name: v.name,
      user: v.userEmail,
      at: v.at,
      body: v.body,
    };
  }

  /** Every user's runs of the script, newest first. */
  async runs(principal: Principal, id: number, limit: number | undefined): Promise<ScriptRun[]> {
    const script = await this.readable(principal, id);
    const rows = await listScriptRuns(this.db, {
      projectId: script.projectId,
      scriptId: id,
      limit: Math.min(limit ?? RUNS_DEFAULT, RUNS_MAX),
    });
    return rows.map(({ run: r, email }) => ({
      id: r.id,
      project_id: r.projectId,
      statement: r.statement,
      type: r.type,
      status: r.status as ScriptRun["status"],
      runtime: r.runtime,
      row_count: r.rowCount,
      error: r.error,
      start_time: r.startTime,
      script_id: r.scriptId,
      script_version: r.scriptVersion,
      user: email,
    }));
  }

  /** The script, if the principal may read its project; another customer's is 404 like a missing one. */
  private async readable(principal: Principal, id: number): Promise<ScriptRow> {
    const row = await findScript(this.db, id);
    const project = row && (await findProjectById(this.db, principal.customerId, row.projectId));
    // The script's id, never its project's: another tenant's id answers exactly as a missing one.
    if (!row || !project) throw new NotFound(messages.recordNotFound(id));
    await this.access.require(principal, project);
    return row;
  }

  /** The script inside a write's transaction: another request may have deleted it since. */
  private async current(id: number): Promise<ScriptRow> {
    const row = await findScript(this.db, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    return row;
  }

  private async refuseTaken(projectId: number, folder: string, name: string): Promise<void> {
    if (await findScriptByName(this.db, projectId, folder, name))
      throw new Conflict(`A script named '${name}' already exists in folder '${folder}'`);
  }

  private savedBy(principal: Principal) {
    return {
      updatedBy: principal.id,
      updatedByEmail: principal.email,
      updatedAt: this.clock.now().toISOString(),
    };
  }
}

function toSummary(r: Omit<ScriptRow, "body">): ScriptSummary {
  return {
    id: r.id,
    project_id: r.projectId,
    folder: r.folder,
    name: r.name,
    vers_no: r.versNo,
    updated_by: r.updatedByEmail,
    updated_at: r.updatedAt,
  };
}

function toScript(r: ScriptRow): Script {
  return { ...toSummary(r), body: r.body };
}

/** Only the fields that changed, for the audit event. */
function changed(before: Record<string, string>, after: Record<string, string>) {
  const b: Record<string, string> = {};
  const a: Record<string, string> = {};
  for (const key of Object.keys(after))
    if (before[key] !== after[key]) {
      b[key] = before[key] as string;
      a[key] = after[key] as string;
    }
  return { before: b, after: a };
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
