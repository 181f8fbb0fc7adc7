import type { InvalidInstanceNames, InvalidNamesQuery } from "@metabuild/contract";
import { type Principal, nameRuleBreach } from "@metabuild/core";
import { type Db, listInstanceNamesOf } from "@metabuild/db";
import type { AccessService } from "../access.ts";

/**
 * The report of stored instance names that break their pattern's rule
 * (docs/instance-names.md): they were saved before the rule or before the
 * pattern changed it, and are listed, never renamed.
 */
export class InstanceNameService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
  ) {}

  async invalid(principal: Principal, query: InvalidNamesQuery): Promise<InvalidInstanceNames> {
    const project = await this.access.resolveProject(principal, query);
    const items: InvalidInstanceNames["items"] = [];
    for (const row of await listInstanceNamesOf(this.db, project.id)) {
      const reason = nameRuleBreach(row.name, row.namePattern);
      if (reason !== undefined)
        items.push({
          id: row.id,
          pattern: row.pattern,
          folder: row.folder,
          name: row.name,
          reason,
        });
    }
    return { items };
  }
}
