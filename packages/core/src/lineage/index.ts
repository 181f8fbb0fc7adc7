export * from "./graph.ts";
export * from "./walk.ts";
