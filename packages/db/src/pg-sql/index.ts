/** Metadata statements on PostgreSQL (docs/metadata-sql.md "On PostgreSQL"). */
export {
  type PgCatalog,
  type PgMetadataScope,
  type PgViewColumns,
  loadPostgresCatalog,
} from "./catalog.ts";
export {
  METADATA_READER_ROLE,
  type PgQueryable,
  beginReaderTransaction,
  metadataReaderSql,
  prepareMetadataReader,
} from "./confine.ts";
export {
  MetadataTimeout,
  type PgScriptOptions,
  type PgSelect,
  type PgSelectOutcome,
  describePgError,
  queryColumnNamesOnPostgres,
  runMetadataScriptOnPostgres,
  runMetadataSelectOnPostgres,
  selectRowsForWrite,
  timeLimitMessage,
} from "./run.ts";
export { metadataPool, prepareMetadataStore, transactionClient } from "./store.ts";
