import { lazy } from "react";

// Monaco loads only when a viewer is shown (own chunk, never in the first route).
export const CodeViewer = lazy(() =>
  import("./monaco-editors.tsx").then((m) => ({ default: m.CodeViewer })),
);
export const CodeDiff = lazy(() =>
  import("./monaco-editors.tsx").then((m) => ({ default: m.CodeDiff })),
);
