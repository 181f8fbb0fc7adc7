export * from "./errors.ts";
export * from "./permissions.ts";
