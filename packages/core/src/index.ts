export * from "./errors.ts";
export * from "./permissions.ts";
export * from "./validation.ts";
export * from "./folder-path.ts";
export * from "./instance-header.ts";
export * from "./cascade.ts";
export * from "./spreadsheet/index.ts";
export * from "./render/index.ts";
