export * from "./columns.ts";
export * from "./export-layout.ts";
export * from "./upload-plan.ts";
