export * from "./cells.ts";
export * from "./row-positions.ts";
export * from "./state-text.ts";
export * from "./write-rules.ts";
export * from "./name-rule.ts";
