export * from "./builds.ts";
export * from "./instances.ts";
export * from "./patterns.ts";
export * from "./tenancy.ts";
export * from "./audit.ts";
export * from "./harvests.ts";
