import { lazy } from "react";

// Monaco loads with the pattern editor only (own chunk, never in the first route).
export const LiquidMonaco = lazy(() => import("./liquid-monaco.tsx"));
