import {
  AppError,
  BadRequest,
  NotFound,
  type WriteLimits,
  checkFolderSegments,
  checkInstanceName,
  folderPathSegments,
  instancePath,
  messages,
} from "@metabuild/core";
import { type Db, type InstanceRecord, findInstanceById, findInstanceByKey } from "@metabuild/db";
import type { PatternShape, WriteScope } from "../write-scope.ts";
import type { InstanceWrite, TargetWrite, WritePart, WriteWhere } from "./write-types.ts";

/**
 * The instance one write changes or creates, found once: by id for callers
 * that loaded it (console, bulk, restore, folder moves), by key for callers
 * that start from names (upload, metadata INSERT, bundle import).
 */
export interface WriteTarget {
  projectId: number;
  customerId: number;
  shape: PatternShape;
  /** The folder's normal form and its segments (created when missing). */
  folder: string;
  segments: string[];
  name: string;
  /** `folder/name`, as messages name the instance. */
  path: string;
  /** The stored instance, read in the write's transaction; undefined for a new one. */
  existing: InstanceRecord | undefined;
}

/**
 * A refusal of one part of the input: the caller's `where.refused` words it
 * (a bundle entry's path), else the writer's own `message` stands.
 */
export function refused(
  where: WriteWhere | undefined,
  part: WritePart,
  detail: string,
  message: string,
): AppError {
  const error = new BadRequest(message);
  return where?.refused ? where.refused(part, detail, error) : error;
}

/** Runs a core check of `part`; its refusal goes through the caller's `where`. */
export function checkPart<T>(where: WriteWhere | undefined, part: WritePart, check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof AppError && where?.refused) throw where.refused(part, err.message, err);
    throw err;
  }
}

/** A resolved instance, read again by id so its version, flags and checkout are current. */
export async function targetById(
  db: Db,
  input: TargetWrite,
  limits: WriteLimits,
  scope: WriteScope,
): Promise<WriteTarget> {
  const { id } = input.target;
  const existing = await findInstanceById(db, id);
  if (!existing) throw new NotFound(messages.recordNotFound(id));
  const shape = await scope.pattern(existing.customerId, existing.patternId);
  if (!shape) throw new NotFound(messages.recordNotFound(existing.patternId));
  // A stored name the limits no longer accept (a '*' from before issue 14) is
  // refused as on every write (docs/folders-and-projects.md); a name stored
  // untrimmed is still this instance: it keeps its name.
  checkInstanceName(existing.name, limits);
  const segments = folderPathSegments(input.target.folder);
  const folder = `/${segments.join("/")}`;
  checkFolderSegments(segments, input.target.folder, limits);
  return {
    projectId: existing.projectId,
    customerId: existing.customerId,
    shape,
    folder,
    segments,
    name: existing.name,
    path: instancePath(folder, existing.name),
    existing,
  };
}

/** An instance named by project, pattern, folder path and name: the name and path checked first. */
export async function targetByKey(
  db: Db,
  input: InstanceWrite,
  limits: WriteLimits,
  scope: WriteScope,
): Promise<WriteTarget> {
  const customerId = await scope.customerOf(input.projectId);
  if (customerId === undefined) throw new NotFound(messages.recordNotFound(input.projectId));
  const shape = await scope.pattern(customerId, input.patternId);
  if (!shape) throw new NotFound(messages.recordNotFound(input.patternId));
  const { where } = input;
  const name = checkPart(where, ["name"], () =>
    checkInstanceName(input.name, limits, where?.fields?.name, where?.prefix),
  );
  const segments = folderPathSegments(input.folder);
  checkPart(where, ["folder"], () =>
    checkFolderSegments(segments, input.folder, limits, where?.fields?.folder, where?.prefix),
  );
  const folder = `/${segments.join("/")}`;
  const folderId = await scope.folderId(input.projectId, folder);
  const existing =
    folderId === undefined
      ? undefined
      : await findInstanceByKey(db, {
          projectId: input.projectId,
          patternId: shape.pattern.id,
          instanceFolderId: folderId,
          name,
        });
  return {
    projectId: input.projectId,
    customerId,
    shape,
    folder,
    segments,
    name,
    path: instancePath(folder, name),
    existing,
  };
}
