export * from "./cells.ts";
export * from "./row-positions.ts";
export * from "./state-text.ts";
export * from "./write-rules.ts";
