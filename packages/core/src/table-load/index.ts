export * from "./csv.ts";
export * from "./plan.ts";
