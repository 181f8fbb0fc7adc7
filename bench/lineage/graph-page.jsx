// The page bench/lineage/browser.ts opens: the console's lineage drawing alone,
// fed the graph the page inlines (window.__GRAPH__). Plain JSX: esbuild bundles it.
import { createRoot } from "react-dom/client";
// The console's styles: the drawing's nodes are laid out by them.
import "../../apps/console/src/styles.css";
import { LineageGraphView } from "../../apps/console/src/features/lineage/components/lineage-graph.tsx";

const root = createRoot(document.getElementById("root"));
root.render(
  <LineageGraphView graph={window.__GRAPH__} focus={window.__FOCUS__} onOpen={() => {}} />,
);
// After React's commit, the next frame is the first one painted with the graph.
requestAnimationFrame(() =>
  setTimeout(() => {
    window.__RENDERED_MS__ = performance.now();
  }, 0),
);
