// `@metabuild/db/testing`: PostgreSQL for tests (docs/stores.md "Tests").
export * from "./private-postgres.ts";
export * from "./postgres-store.ts";
export { TEMPLATE_DATABASE } from "./shared-cluster.ts";
export * from "./postgres-handles.ts";
