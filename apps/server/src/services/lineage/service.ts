import type { LineageEdge, LineageGraph, LineageNode, LineageQuery } from "@metabuild/contract";
import { NotFound, type Principal, messages, walkLineage } from "@metabuild/core";
import {
  type Db,
  type LineageEdgeRow,
  type LineageNodeRow,
  lineageEdgesAt,
  lineageNodes,
  projectLineageJson,
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

  /**
   * GET /api/v1/lineage: read access to the project, as the instance list
   * asks. The whole project comes as the store's JSON text (a graph of
   * 100,000 nodes is built there, not object by object; deleted instances
   * only while an edge still touches them).
   */
  async graph(principal: Principal, query: LineageQuery): Promise<LineageGraph | { json: string }> {
    const project = await this.access.resolveProject(principal, query);
    if (query.instance_id === undefined)
      return { json: await projectLineageJson(this.db, project.id) };
    const part = await this.around(
      project.id,
      query.instance_id,
      query.direction ?? "both",
      query.depth,
    );
    return { nodes: part.nodes.map(toLineageNode), edges: part.edges.map(toLineageEdge) };
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
