export * from "./errors.ts";
export * from "./permissions.ts";
export * from "./validation.ts";
export * from "./folder-path.ts";
export * from "./limits.ts";
export * from "./instance-header.ts";
export * from "./cascade.ts";
export * from "./cascade-chain.ts";
export * from "./spreadsheet/index.ts";
export * from "./render/index.ts";
export * from "./sql/index.ts";
export * from "./instance-model/index.ts";
export * from "./passwords.ts";
<<<<<<< HEAD
export * from "./metadata-scripts.ts";
=======
export * from "./deployment-plan.ts";
>>>>>>> h/plan
