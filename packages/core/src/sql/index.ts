/** The metadata SQL dialect (docs/reference/rules.md §8): parse, check against the allow-list, translate. */
export {
  type ParsedStatement,
  type Statement as MetadataStatement,
  isWrite,
  statementType,
  statementTypeOfText,
} from "./ast.ts";
export { type Catalog, qualifiedName } from "./catalog.ts";
export { coerceCustomValue } from "./custom-tables.ts";
export type { EmittedQuery } from "./emitter.ts";
export { SQLITE, type SqlDialect } from "./dialect.ts";
export { POSTGRES } from "./dialect-postgres.ts";
export { sqlDialectNamed } from "./dialects.ts";
export { ScriptError, parseScript } from "./parser.ts";
export { type SourcePos, SqlError } from "./sql-error.ts";
export {
  type TranslateOptions,
  type Translation,
  type ViewLimits,
  type WriteTarget,
  translate,
  viewQuery,
} from "./translate.ts";
export { DEFAULT_VIEW_DEPTH, ViewError, viewReads } from "./views.ts";
export { DEFAULT_VIEW_MAX_EXPANDED, expandedSize } from "./view-size.ts";
export { dryRunRefusal } from "./dry-run.ts";
