import type { LineageEdge, LineageGraph, LineageNode, LineageQuery } from "@metabuild/contract";
import { NotFound, type Principal, messages, walkLineage } from "@metabuild/core";
import {
  type Db,
  type LineageEdgeRow,
  type LineageNodeRow,
  lineageEdgesAt,
  lineageNodes,
  projectLineageEdges,
} from "@metabuild/db";
import type { AccessService } from "../access.ts";

export function toLineageNode(row: LineageNodeRow): LineageNode {
  return {
    id: row.id,
    pattern: row.pattern,
    folder: row.folder,
    name: row.name,
    valid: row.errors === 0,
    deleted: row.deleted === 1,
    build_disabled: row.buildDisabled === 1,
  };
}

export function toLineageEdge(row: LineageEdgeRow): LineageEdge {
  return {
    from: row.from,
    to: row.to,
    property: row.property,
    to_pos_no: row.toPosNo,
    from_row: row.fromRow,
  };
}

/** A part of a project's graph as the store answers it, before shaping. */
export interface LineagePart {
  nodes: LineageNodeRow[];
  edges: LineageEdgeRow[];
}

/** The lineage graph of a project (docs/lineage.md "The graph over the API"). */
export class LineageService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
  ) {}

  /** GET /api/v1/lineage: read access to the project, as the instance list asks. */
  async graph(principal: Principal, query: LineageQuery): Promise<LineageGraph> {
    const project = await this.access.resolveProject(principal, query);
    const part =
      query.instance_id === undefined
        ? await this.wholeProject(project.id)
        : await this.around(project.id, query.instance_id, query.direction ?? "both", query.depth);
    return { nodes: part.nodes.map(toLineageNode), edges: part.edges.map(toLineageEdge) };
  }

  /**
   * Every instance of a project and every edge; a deleted instance only when
   * an edge still touches it (a reference left dangling by the delete).
   */
  async wholeProject(projectId: number): Promise<LineagePart> {
    const [nodes, edges] = await Promise.all([
      lineageNodes(this.db, projectId),
      projectLineageEdges(this.db, projectId),
    ]);
    const touched = new Set<number>();
    for (const e of edges) {
      touched.add(e.from);
      touched.add(e.to);
    }
    return { nodes: nodes.filter((n) => n.deleted === 0 || touched.has(n.id)), edges };
  }

  /**
   * The graph around one instance of the project; an instance of another
   * project or customer is 404 like a missing one (as GET /api/v1/instances/:id).
   */
  async around(
    projectId: number,
    instanceId: number,
    direction: "upstream" | "downstream" | "both",
    depth: number | undefined,
  ): Promise<LineagePart> {
    const start = await lineageNodes(this.db, projectId, [instanceId]);
    if (start.length === 0) throw new NotFound(messages.recordNotFound(instanceId));
    const walk = await walkLineage(instanceId, direction, depth, (ids, side) =>
      lineageEdgesAt(this.db, projectId, ids, side),
    );
    const others = [...walk.nodes].filter((id) => id !== instanceId);
    const nodes = [...start, ...(await lineageNodes(this.db, projectId, others))].sort(
      (a, b) => a.id - b.id,
    );
    return { nodes, edges: walk.edges };
  }
}
