export * from "./auth.ts";
export * from "./common.ts";
export * from "./projects.ts";
export * from "./folders.ts";
export * from "./instances.ts";
export * from "./labels.ts";
export * from "./releases.ts";
