/** Words of table loading without zod, for the console (docs/metadata-tables.md "Loading"). */
export const TABLE_LOAD_MODES = ["create", "replace", "append"] as const;
export type TableLoadMode = (typeof TABLE_LOAD_MODES)[number];

/** The custom table datatypes, in the order inference tries them. */
export const TABLE_COLUMN_TYPES = ["integer", "number", "boolean", "date", "string"] as const;
export type TableColumnType = (typeof TABLE_COLUMN_TYPES)[number];
