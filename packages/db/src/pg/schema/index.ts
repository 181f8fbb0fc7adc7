// The PostgreSQL schema: one file per SQLite schema file, same tables (docs/stores.md).
export * from "./builds.ts";
export * from "./instances.ts";
export * from "./patterns.ts";
export * from "./tenancy.ts";
export * from "./audit.ts";
export * from "./metadata-scripts.ts";
export * from "./deployment-plans.ts";
export * from "./metadata-views.ts";
export * from "./harvests.ts";
export * from "./server-state.ts";
export * from "./identity.ts";
