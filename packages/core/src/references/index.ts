export * from "./reference-text.ts";
export * from "./reference-cells.ts";
