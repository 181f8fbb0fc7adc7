export * from "./client.ts";
export * as schema from "./schema/index.ts";
export * from "./queries/paging.ts";
export * from "./queries/projects.ts";
export * from "./queries/users.ts";
export * from "./queries/patterns.ts";
