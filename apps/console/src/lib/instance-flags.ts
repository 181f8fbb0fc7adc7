import type { InstanceDetailsSave } from "@metabuild/contract";

export type InstanceFlag = keyof NonNullable<InstanceDetailsSave["flags"]>;

/** The flags of docs/reference/rules.md §4 as the console names them, with what each does. */
export const INSTANCE_FLAG_CHOICES: { flag: InstanceFlag; label: string; effect: string }[] = [
  { flag: "build_disabled", label: "Build disabled", effect: "builds skip it" },
  {
    flag: "upload_disabled",
    label: "Upload disabled",
    effect: "spreadsheet uploads leave it as it is",
  },
  { flag: "insert_disabled", label: "Insert disabled", effect: "metadata INSERTs refuse it" },
  { flag: "edit_disabled", label: "Edit disabled", effect: "read-only in the console" },
  { flag: "deleted", label: "Deleted", effect: "hidden from lists and wildcard builds" },
];

/** Label names as typed: separated by commas or spaces, each once. */
export function labelList(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((l) => l !== ""))];
}
