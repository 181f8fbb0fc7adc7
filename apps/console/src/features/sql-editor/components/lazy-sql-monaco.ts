import { lazy } from "react";

// Monaco loads with the SQL page only (own chunk, never in the first route).
export const SqlMonaco = lazy(() => import("./sql-monaco.tsx"));
