import type { LineageEdge, LineageGraph, LineageNode } from "@metabuild/contract";
import { type KeyboardEvent, useMemo } from "react";
import { NODE_HEIGHT, NODE_WIDTH, layoutBlocks, layoutGraph } from "../graph-layout.ts";

/** `PATTERN:/folder/NAME`, the way a reference names an instance (docs/lineage.md). */
export function nodeLabel(n: Pick<LineageNode, "pattern" | "folder" | "name">): string {
  return `${n.pattern}:${n.folder === "/" ? "" : n.folder}/${n.name}`;
}

const PAD = 8;

function activate(e: KeyboardEvent, run: () => void) {
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    run();
  }
}

/**
 * The lineage graph (docs/lineage.md "The console"): laid out in layers
 * here, no graph library. The edges are SVG; the nodes are plain boxes over
 * it, which the browser lays out and paints far faster than SVG text and
 * skips in blocks while out of view (`layoutBlocks`), so 5,000
 * nodes draw at first render under a second (bench/lineage). A click (or
 * Enter) on a node opens it; on an edge, it follows the edge to its far end
 * from `focus`.
 */
export function LineageGraphView({
  graph,
  focus,
  onOpen,
}: {
  graph: LineageGraph;
  focus?: number;
  onOpen: (id: number) => void;
}) {
  const layout = useMemo(() => layoutGraph(graph), [graph]);
  const byId = useMemo(() => new Map(graph.nodes.map((n) => [n.id, n])), [graph]);
  // Edges away from the focus are one path (a single element however many);
  // the focus's own edges are links to follow.
  const { background, followed } = useMemo(() => {
    const curve = (e: LineageEdge) => {
      const a = layout.positions.get(e.from);
      const b = layout.positions.get(e.to);
      if (!a || !b) return "";
      const x1 = a.x + NODE_WIDTH;
      const y1 = a.y + NODE_HEIGHT / 2;
      const x2 = b.x;
      const y2 = b.y + NODE_HEIGHT / 2;
      const mid = (x1 + x2) / 2;
      return `M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2},${y2}`;
    };
    const own = graph.edges.filter((e) => e.from === focus || e.to === focus);
    const rest = graph.edges.filter((e) => e.from !== focus && e.to !== focus);
    return {
      background: rest.map(curve).join(" "),
      followed: own.map((e) => ({ edge: e, d: curve(e) })),
    };
  }, [graph, layout, focus]);
  const blocks = useMemo(() => layoutBlocks(graph, layout), [graph, layout]);
  const follow = (e: LineageEdge) => onOpen(e.from === focus ? e.to : e.from);
  // One handler for every node (event delegation): 5,000 nodes, no 5,000 closures.
  const nodeOf = (target: EventTarget | null) => {
    const box = (target as Element | null)?.closest?.("[data-id]");
    return box ? Number(box.getAttribute("data-id")) : undefined;
  };
  const width = layout.width + 2 * PAD;
  const height = layout.height + 2 * PAD;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the drawing groups its links; a fieldset would style them as a form.
    <div
      className="lineage-graph"
      role="group"
      aria-label={`Lineage graph: ${graph.nodes.length} instances, ${graph.edges.length} references`}
      data-testid="lineage-graph"
      onClick={(e) => {
        const id = nodeOf(e.target);
        if (id !== undefined) onOpen(id);
      }}
      onKeyDown={(e) => {
        const id = nodeOf(e.target);
        if (id !== undefined) activate(e, () => onOpen(id));
      }}
    >
      <div className="lineage-canvas" style={{ width, height }}>
        <svg width={width} height={height} viewBox={`${-PAD} ${-PAD} ${width} ${height}`}>
          <title>References</title>
          <path d={background} fill="none" stroke="currentColor" strokeOpacity={0.3} />
          {followed.map(({ edge: e, d }) => {
            const from = byId.get(e.from);
            const to = byId.get(e.to);
            const label = `${from ? nodeLabel(from) : e.from} → ${to ? nodeLabel(to) : e.to} (${e.property}${e.from_row ? ` #${e.from_row}` : ""})`;
            return (
              // biome-ignore lint/a11y/useSemanticElements: an SVG path has no link element to use.
              <path
                key={`${e.from}-${e.to}-${e.to_pos_no}-${e.property}`}
                d={d}
                fill="none"
                stroke="#1d4ed8"
                strokeWidth={2}
                role="link"
                tabIndex={0}
                aria-label={`Follow ${label}`}
                style={{ cursor: "pointer" }}
                onClick={(k) => {
                  k.stopPropagation();
                  follow(e);
                }}
                onKeyDown={(k) => {
                  k.stopPropagation();
                  activate(k, () => follow(e));
                }}
              >
                <title>{label}</title>
              </path>
            );
          })}
        </svg>
        {blocks.map((block) => (
          <div
            key={block.key}
            className="lineage-block"
            style={{ left: block.x + PAD, top: block.y + PAD, height: block.height }}
          >
            {block.nodes.map(({ node: n, y }) => {
              const state = n.deleted
                ? "deleted"
                : !n.valid
                  ? "invalid"
                  : n.build_disabled
                    ? "build-disabled"
                    : "";
              return (
                // biome-ignore lint/a11y/useSemanticElements: a node opens an instance in the app's router, through the graph's one handler.
                <div
                  key={n.id}
                  className="lineage-node"
                  data-id={n.id}
                  style={{ top: y }}
                  role="link"
                  tabIndex={0}
                  aria-label={`Open ${nodeLabel(n)}${state ? ` (${state})` : ""}`}
                  aria-current={n.id === focus ? "true" : undefined}
                  data-state={state || undefined}
                >
                  {n.pattern} {n.name}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
