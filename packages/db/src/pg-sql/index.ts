/** Metadata statements on PostgreSQL, the store's reader (docs/metadata-sql.md "On PostgreSQL"). */
export {
  type ReaderCatalog,
  type ReaderMetadataScope,
  type ReaderViewColumns,
  loadReaderCatalog,
} from "./catalog.ts";
export {
  METADATA_READER_ROLE,
  type ReaderQueryable,
  beginReaderTransaction,
  metadataReaderSql,
  prepareMetadataReader,
} from "./confine.ts";
export {
  MetadataTimeout,
  type ReaderScriptOptions,
  type ReaderSelect,
  type ReaderSelectOutcome,
  describeReaderError,
  readerColumnNames,
  runReaderScript,
  runReaderSelect,
  selectRowsForWrite,
  timeLimitMessage,
} from "./run.ts";
export { metadataPool, prepareMetadataStore, transactionClient } from "./store.ts";
