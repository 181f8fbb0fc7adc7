import type { AppError, InstanceFlags, MetadataCells, WriteSource } from "@metabuild/core";
import type { InstanceRecord } from "@metabuild/db";

/** What a write sets; the fields left undefined stay as they are. */
export interface InstanceFields {
  /** Keys: property and role names, optionally `@POS_NO` (orders the rows). Undefined keeps the stored rows and their positions. */
  rows?: MetadataCells[];
  /** Left as it is when undefined. */
  description?: string | null;
  /** A release name in the pattern's release group; null clears it, undefined keeps it. */
  release?: string | null;
  /** Replaces the instance's labels when given. */
  labels?: string[];
  flags?: Partial<InstanceFlags>;
  /** Where the input comes from, for the writer's refusals of its parts. */
  where?: WriteWhere;
}

/** A write by names, for callers that start from them (upload, metadata INSERT, bundle import). */
export interface InstanceWrite extends InstanceFields {
  projectId: number;
  patternId: number;
  /** Folder path; created with its parents when missing. */
  folder: string;
  name: string;
}

/**
 * A write of an instance the caller resolved already (console, bulk,
 * restore, folder moves): found by id, not by its names again.
 */
export interface TargetWrite extends InstanceFields {
  target: {
    id: number;
    /** Its folder's path: where it is filed, or where a folder move takes it. */
    folder: string;
  };
}

export type WriteInput = InstanceWrite | TargetWrite;

/** The part of a write's input a refusal is about: [] the instance, ["name"], ["folder"], ["rows", row, column]. */
export type WritePart = readonly (string | number)[];

/**
 * Where a write's input comes from (a statement's row, a sheet's line, a
 * bundle's entry): the writer's refusals of the name, the folder and the
 * cells name it, so callers need not check first (docs/architecture.md
 * "The instance write path").
 */
export interface WriteWhere {
  /** The input's own names of the name and folder fields (`@INSTANCE`, `@FOLDER`); default `name`, `folder`. */
  fields?: { name?: string; folder?: string };
  /** Comes first in a refusal of the name or the folder: `Row 3`. */
  prefix?: string;
  /**
   * Words a refusal of `part` the caller's way (a bundle names the entry's
   * path): `detail` is the message without the instance's path, `error`
   * the writer's own.
   */
  refused?: (part: WritePart, detail: string, error: AppError) => AppError;
}

export interface WriteOptions {
  source: WriteSource;
  overwrite: boolean;
  /** The commit message people read in the version history (console saves). */
  message?: string;
  /** A new instance or nothing: an existing one of that key answers 409, whatever its state. */
  createOnly?: boolean;
  /** An admin's console change of an edit-disabled instance (its flags, to lift the lock). */
  ignoreEditDisabled?: boolean;
  /**
   * The version the change was made from (read-modify-write clients): any
   * other current version answers 409, checked in the write's transaction.
   */
  baseVersion?: number;
  /** Refusals (lock, someone else's checkout) become SKIPPED outcomes instead of 403s. */
  skipRefused?: boolean;
  /**
   * Its folder moved (docs/folders-and-projects.md): a new version even when
   * nothing else changed, so the history shows who moved it and when.
   */
  moved?: boolean;
  /**
   * Console writes record an audit event per changed instance: this action
   * instead of the default (`instance.create`/`update`/`delete`), or false
   * when the caller records one event for the whole write (docs/audit-log.md).
   */
  auditAction?: string | false;
  /** The change's impact summary, recorded in its audit event as `after.impact` (docs/lineage.md). */
  auditImpact?: Record<string, unknown>;
}

/** An instance its caller loaded already (`findInstanceWithNames`). */
export interface LoadedInstance {
  instance: InstanceRecord;
  folder: string;
}

/** A console change of a loaded instance; the fields left undefined stay. */
export type InstanceChange = Omit<InstanceFields, "where"> & {
  /** The version the user saw; 409 when it is no longer the current one. */
  baseVersion: number;
  message?: string;
  /** An admin may change an edit-disabled instance (to lift the lock). */
  mayUnlock?: boolean;
  /** Report a refusal as SKIPPED (bulk changes) instead of answering 403. */
  skipRefused?: boolean;
  /** See WriteOptions.auditAction. */
  auditAction?: string | false;
  /** See WriteOptions.auditImpact. */
  auditImpact?: Record<string, unknown>;
};

export interface WriteOutcome {
  id: number;
  name: string;
  folder: string;
  status: "INSERTED" | "UPDATED" | "SKIPPED" | "UNCHANGED";
  version: number;
  reason?: string;
}

// The pure instance model lives in core (docs/console-instance-writes.md);
// the writer's callers take it from here.
export {
  INSTANCE_FLAGS,
  instancePath,
  type InstanceFlag,
  type InstanceFlags,
  type InstanceState,
  type MetadataCells,
  type WriteSource,
} from "@metabuild/core";
export { INSTANCE_FLAG_COLUMNS } from "./flag-columns.ts";
