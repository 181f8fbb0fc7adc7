import { INSTANCE_FLAGS, type InstanceFlag, type InstanceFlags } from "@metabuild/core";
import type { InstanceRecord } from "@metabuild/db";

/** The store column of each flag. */
export const INSTANCE_FLAG_COLUMNS = {
  deleted: "deleted",
  upload_disabled: "uploadDisabled",
  insert_disabled: "insertDisabled",
  build_disabled: "buildDisabled",
  edit_disabled: "editDisabled",
} as const satisfies Record<InstanceFlag, keyof InstanceRecord>;

/** Flags are 0/1 integers in the store and booleans on the wire (docs/architecture.md). */
export function flagsOf(row: InstanceRecord): InstanceFlags {
  const flags = {} as InstanceFlags;
  for (const f of INSTANCE_FLAGS) flags[f] = row[INSTANCE_FLAG_COLUMNS[f]] === 1;
  return flags;
}

export function flagValues(flags: InstanceFlags) {
  const values: Partial<Record<(typeof INSTANCE_FLAG_COLUMNS)[InstanceFlag], number>> = {};
  for (const f of INSTANCE_FLAGS) values[INSTANCE_FLAG_COLUMNS[f]] = flags[f] ? 1 : 0;
  return values;
}
