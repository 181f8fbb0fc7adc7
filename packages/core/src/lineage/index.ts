export * from "./graph.ts";
export * from "./walk.ts";
export * from "./plan-order.ts";
