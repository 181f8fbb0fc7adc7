import { useState } from "react";
import { useNavigate } from "react-router";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import { type LineageDirection, useLineage } from "../api/get-lineage.ts";
import { LineageGraphView } from "./lineage-graph.tsx";
import { paths } from "../../../app/paths.ts";

const DEPTHS = [1, 2, 3, 5] as const;

/**
 * The instance page's Lineage tab (docs/lineage.md "The console"): what the
 * instance reads (left) and what reads it (right), a direction and a depth
 * to choose; a node opens that instance, an edge leads to its far end.
 */
export function LineageTab({ projectId, instanceId }: { projectId: number; instanceId: number }) {
  const navigate = useNavigate();
  const [direction, setDirection] = useState<LineageDirection>("both");
  const [depth, setDepth] = useState<number | undefined>(undefined);
  const lineage = useLineage(projectId, instanceId, direction, depth);
  const open = (id: number) => navigate(paths.instance(projectId, id, "tab=lineage"));
  return (
    <div className="lineage-tab">
      <div className="toolbar">
        <label>
          Direction{" "}
          <select
            value={direction}
            onChange={(e) => setDirection(e.target.value as LineageDirection)}
          >
            <option value="both">Upstream and downstream</option>
            <option value="upstream">Upstream (what it reads)</option>
            <option value="downstream">Downstream (what reads it)</option>
          </select>
        </label>{" "}
        <label>
          Depth{" "}
          <select
            value={depth ?? ""}
            onChange={(e) => setDepth(e.target.value === "" ? undefined : Number(e.target.value))}
          >
            <option value="">All</option>
            {DEPTHS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryView query={lineage} loadingLabel="Reading the lineage…">
        {(graph) =>
          graph.edges.length === 0 ? (
            <EmptyState title="No references: nothing reads this instance and it reads nothing" />
          ) : (
            <LineageGraphView graph={graph} focus={instanceId} onOpen={open} />
          )
        }
      </QueryView>
    </div>
  );
}
