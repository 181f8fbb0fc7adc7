import {
  type CatalogSource,
  type CatalogView,
  type SchemaName,
  asciiUpper,
} from "@metabuild/contract";
import { type SourcePos, SqlError } from "./sql-error.ts";

export type {
  CatalogColumn,
  CatalogSource,
  CatalogView,
  CustomColumn,
  SchemaName,
  SqlValue,
} from "@metabuild/contract";
export { ROW_ID_COLUMN, findByName } from "@metabuild/contract";

/** What the translator asks the store for; packages/db implements it per project. */
export interface Catalog {
  /**
   * A source by name (ASCII case-insensitive, exact spelling first), or
   * undefined when unknown. `rowId`: the first column is `@ROWID` (UPDATE and
   * DELETE on @TABLES need it). A view of @TABLES comes as its text; the
   * emitter expands it.
   */
  source(
    schema: SchemaName,
    name: string,
    options?: { rowId?: boolean },
  ): CatalogSource | CatalogView | undefined;
}

const SCHEMAS: Record<string, SchemaName> = {
  "@INSTANCES": "INSTANCES",
  "@TABLES": "TABLES",
  "@INFORMATION_SCHEMA": "INFORMATION_SCHEMA",
};

export function schemaOf(raw: string, pos?: SourcePos): SchemaName {
  const schema = SCHEMAS[asciiUpper(raw)];
  if (!schema)
    throw new SqlError(
      `Unknown schema '${raw}'; tables are @INSTANCES.<pattern>, @TABLES.<table> or @INFORMATION_SCHEMA.<view>`,
      pos,
    );
  return schema;
}

export function qualifiedName(schema: SchemaName, name: string): string {
  return `@${schema}.${name}`;
}
