import type { Deployment, DeploymentQuery } from "@metabuild/contract";
import { NotFound, type Principal, messages } from "@metabuild/core";
import { type Db, type DeploymentRow, findDeploymentById, listDeployments } from "@metabuild/db";
import type { PatternService } from "./patterns.ts";

/** Only id, pattern_id and name are part of the interface (docs/reference/endpoints.md "Deployment"). */
export function toDeployment(row: DeploymentRow): Deployment {
  return { id: row.id, pattern_id: row.patternId, name: row.name };
}

/** Deployment definitions of the customer's patterns (customer-wide reads). */
export class DeploymentService {
  constructor(
    private readonly db: Db,
    private readonly patterns: PatternService,
  ) {}

  async list(principal: Principal, query: DeploymentQuery) {
    return await this.patterns.listOwned(
      principal,
      query,
      async (f) => await listDeployments(this.db, f),
      toDeployment,
    );
  }

  async get(principal: Principal, id: number): Promise<Deployment> {
    const row = await findDeploymentById(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    return toDeployment(row);
  }
}
