import { z } from "zod";
import { ProjectRef } from "./common.ts";
import { InstanceFolder } from "./folders.ts";

/**
 * Console writes of folders and projects (docs/folders-and-projects.md).
 * Folder paths are given loosely (`a/b/`) and answered in normal form (`/a/b`).
 */
const FolderPlace = ProjectRef.extend({
  path: z.string().meta({ description: "The folder's path, e.g. `/raw/crm`" }),
});

/** POST /api/console/folders: an (empty) folder, with any missing parents. */
export const FolderCreate = FolderPlace.strict();
export type FolderCreate = z.infer<typeof FolderCreate>;

/** PATCH /api/console/folders: rename and/or move `path` (with its subtree) to `new_path`. */
export const FolderMove = FolderPlace.extend({
  new_path: z.string().meta({
    description:
      "The folder's full path afterwards: a rename changes the last segment, a move the rest",
  }),
  message: z
    .string()
    .optional()
    .meta({ description: "Commit message of the moved instances' versions" }),
}).strict();
export type FolderMove = z.infer<typeof FolderMove>;

/** DELETE /api/console/folders?project=…&path=…: an empty folder. */
export const FolderRef = FolderPlace.strict();
export type FolderRef = z.infer<typeof FolderRef>;

/** The answer of a move: the folder where it is now and what moved with it. */
export const FolderMoved = z
  .object({
    folder: InstanceFolder,
    from: z.string().meta({ description: "The path before the move" }),
    folders: z.number().int().meta({ description: "Folders moved, the folder itself included" }),
    instances: z.number().int().meta({ description: "Instances moved (each has a new version)" }),
  })
  .meta({ id: "FolderMoved" });
export type FolderMoved = z.infer<typeof FolderMoved>;

const ProjectName = z.string().trim().min(1, "A project name is required");

/** POST /api/console/projects (admins). */
export const ProjectCreate = z.strictObject({ name: ProjectName });
export type ProjectCreate = z.infer<typeof ProjectCreate>;

/** PATCH /api/console/projects/:id (admins): rename, disable or enable. */
export const ProjectUpdate = z
  .strictObject({ name: ProjectName.optional(), disabled: z.boolean().optional() })
  .refine((u) => u.name !== undefined || u.disabled !== undefined, {
    message: "Give at least one of name, disabled",
  });
export type ProjectUpdate = z.infer<typeof ProjectUpdate>;
