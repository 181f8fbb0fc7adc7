export * from "./archive.ts";
export * from "./context.ts";
export * from "./diff.ts";
export * from "./engine.ts";
export * from "./manifest.ts";
export * from "./paths.ts";
export * from "./pool.ts";
export * from "./renderer.ts";
