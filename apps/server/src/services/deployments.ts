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

  list(principal: Principal, query: DeploymentQuery) {
    return this.patterns.listOwned(
      principal,
      query,
      (f) => listDeployments(this.db, f),
      toDeployment,
    );
  }

  get(principal: Principal, id: number): Deployment {
    const row = findDeploymentById(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    return toDeployment(row);
  }
}
