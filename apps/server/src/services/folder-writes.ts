import type {
  FolderCreate,
  FolderMove,
  FolderMoved,
  FolderRef,
  InstanceFolder,
} from "@metabuild/contract";
import {
  BadRequest,
  Conflict,
  NotFound,
  type Principal,
  type WriteLimits,
  checkFolderMove,
  checkFolderSegments,
  folderPathSegments,
  messages,
} from "@metabuild/core";
import {
  type Db,
  type FolderRow,
  type ProjectRow,
  deleteEmptyFolder,
  ensureFolder,
  findFolderById,
  findFolderByPath,
  folderHoldings,
  listFolderSubtree,
  listInstancesInFolders,
  transaction,
  updateFolderPlace,
} from "@metabuild/db";
import type { AccessService } from "./access.ts";
import { toInstanceFolder } from "./folders.ts";
import type { InstanceWriter } from "./instances/writer.ts";
import { rewriteReferencesTo } from "./instances/references.ts";
import { recordAudit } from "./audit.ts";

/** A checked folder path: its normal form and segments. */
interface CheckedPath {
  path: string;
  segments: string[];
}

/**
 * Creating, renaming, moving and deleting folders from the console
 * (docs/folders-and-projects.md). Each needs `write_instances` on the project.
 * One function per change, each in one transaction.
 */
export class FolderWriteService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly writer: InstanceWriter,
  ) {}

  private get limits(): WriteLimits {
    return this.writer.limits;
  }

  /** An empty folder (with any missing parents); 409 when it exists. */
  async create(principal: Principal, input: FolderCreate): Promise<InstanceFolder> {
    const project = await this.access.resolveProject(principal, input, "write_instances");
    const { path, segments } = this.checked(input.path, "path");
    if (segments.length === 0)
      throw new BadRequest("Invalid value for 'path': the root folder always exists");
    return await transaction(this.db, async () => {
      if (await findFolderByPath(this.db, project.id, path))
        throw new Conflict(`Folder '${path}' already exists`);
      const id = await ensureFolder(this.db, project.id, segments);
      await recordAudit(this.db, principal, {
        action: "folder.create",
        projectId: project.id,
        target: { kind: "folder", id, label: path },
        after: { path },
      });
      return toInstanceFolder((await findFolderById(this.db, id)) as FolderRow);
    });
  }

  /**
   * Renames or moves a folder with its subtree. Folders keep their ids, so
   * instances and folder-level values go along; every instance gets a new
   * version through the InstanceWriter (limits, refusals, history).
   */
  async move(principal: Principal, input: FolderMove): Promise<FolderMoved> {
    const project = await this.access.resolveProject(principal, input, "write_instances");
    const from = this.checked(input.path, "path");
    const to = this.checked(input.new_path, "new_path");
    checkFolderMove(from, to);
    return await transaction(this.db, async () => {
      const folder = await findFolderByPath(this.db, project.id, from.path);
      if (!folder) throw new NotFound(messages.folderNotFound(from.path));
      if (await findFolderByPath(this.db, project.id, to.path))
        throw new Conflict(
          `Cannot move '${from.path}' to '${to.path}': folder '${to.path}' already exists`,
        );
      const subtree = await listFolderSubtree(this.db, project.id, from.path);
      const renamed = subtree.map((f) => ({
        folder: f,
        path: to.path + f.path.slice(from.path.length),
      }));
      for (const r of renamed)
        checkFolderSegments(
          folderPathSegments(r.path),
          r.path,
          this.limits,
          "new_path",
          `Folder '${r.folder.path}' would become '${r.path}'`,
        );
      const parentId = await ensureFolder(this.db, project.id, to.segments.slice(0, -1));
      for (const r of renamed)
        await updateFolderPlace(
          this.db,
          r.folder.id,
          r.folder.id === folder.id
            ? { path: r.path, name: to.segments.at(-1) as string, parentId }
            : { path: r.path },
        );
      const moved = await listInstancesInFolders(
        this.db,
        subtree.map((f) => f.id),
      );
      // References to the moved instances follow them (docs/lineage.md), before
      // the re-saves below resolve the references inside the subtree.
      await rewriteReferencesTo(
        this.db,
        moved.map((i) => i.id),
      );
      // One writeAll per folder: its instances share the message and the writer's lookups.
      for (const r of renamed) {
        const inFolder = moved.filter((i) => i.instanceFolderId === r.folder.id);
        if (inFolder.length === 0) continue;
        await this.writer.writeAll(
          principal,
          inFolder.map((i) => ({ target: { id: i.id, folder: r.path } })),
          {
            source: "console",
            overwrite: true,
            moved: true,
            // One folder.move event below stands for every instance it carried.
            auditAction: false,
            message: input.message?.trim() || `Moved from '${r.folder.path}' to '${r.path}'`,
          },
        );
      }
      await recordAudit(this.db, principal, {
        action: "folder.move",
        projectId: project.id,
        target: { kind: "folder", id: folder.id, label: to.path },
        before: { path: from.path },
        after: { path: to.path, folders: subtree.length, instances: moved.length },
      });
      return {
        folder: toInstanceFolder((await findFolderById(this.db, folder.id)) as FolderRow),
        from: from.path,
        folders: subtree.length,
        instances: moved.length,
      };
    });
  }

  /** An empty folder (no subfolders, no instances, deleted ones included); its folder-level values go with it. */
  async remove(principal: Principal, input: FolderRef): Promise<InstanceFolder> {
    const project: ProjectRow = await this.access.resolveProject(
      principal,
      input,
      "write_instances",
    );
    const { path, segments } = this.checked(input.path, "path");
    if (segments.length === 0)
      throw new BadRequest("Invalid value for 'path': the root folder cannot be deleted");
    return await transaction(this.db, async () => {
      const folder = await findFolderByPath(this.db, project.id, path);
      if (!folder) throw new NotFound(messages.folderNotFound(path));
      const held = await folderHoldings(this.db, folder.id);
      if (held.folders > 0 || held.instances > 0)
        throw new Conflict(
          `Folder '${path}' is not empty: it holds ${count(held.instances, "instance")} and ${count(held.folders, "folder")}`,
        );
      await deleteEmptyFolder(this.db, folder.id);
      await recordAudit(this.db, principal, {
        action: "folder.delete",
        projectId: project.id,
        target: { kind: "folder", id: folder.id, label: path },
        before: { path },
      });
      return toInstanceFolder(folder);
    });
  }

  /** The normal form of a path given in `field`, within the path limits. */
  private checked(raw: string, field: string): CheckedPath {
    const segments = folderPathSegments(raw);
    checkFolderSegments(segments, raw, this.limits, field);
    return { path: `/${segments.join("/")}`, segments };
  }
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
