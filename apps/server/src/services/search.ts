import type { AccessService } from "./access.ts";
import type { SearchHit, SearchQuery } from "@metabuild/contract";
import type { Principal } from "@metabuild/core";
import { type Db, searchNames } from "@metabuild/db";

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * The command palette's search: instances, folders, patterns, builds and the
 * caller's SQL history whose names contain a text, in the projects the caller
 * may read, each with the console address that shows it (docs/command-palette.md).
 */
export class SearchService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
  ) {}

  async search(principal: Principal, query: SearchQuery): Promise<SearchHit[]> {
    const found = await searchNames(this.db, {
      customerId: principal.customerId,
      accessibleTo: this.access.accessibleProjectFilter(principal),
      userId: principal.id,
      text: query.q,
      limit: query.limit,
    });
    return [
      ...found.instanceHits.map((i) => ({
        kind: "instance" as const,
        label: i.name,
        detail: `${i.pattern} · ${i.folder} · ${i.project}`,
        path: `/projects/${i.projectId}/instances/${i.id}`,
      })),
      ...found.folderHits.map((f) => ({
        kind: "folder" as const,
        label: f.path,
        detail: f.project,
        path: `/projects/${f.projectId}/instances?${q({ folder: f.path })}`,
      })),
      ...found.patternHits.map((p) => ({
        kind: "pattern" as const,
        label: p.name,
        detail: p.description ?? "Pattern",
        path: `/patterns/${p.id}`,
      })),
      ...found.buildHits.map((b) => ({
        kind: "build" as const,
        label: `Build ${b.id}`,
        detail: `${b.status} · ${b.project}${b.description ? ` · ${b.description}` : ""}`,
        path: `/projects/${b.projectId}/builds/${b.id}`,
      })),
      ...found.sqlHits.map((e) => ({
        kind: "sql" as const,
        label: e.statement.replace(/\s+/g, " ").slice(0, 120),
        detail: `SQL history · ${new Date(e.startTime).toISOString().slice(0, 16).replace("T", " ")}`,
        path: `/projects/${e.projectId}/sql?${q({ history: e.id })}`,
      })),
    ];
  }
}
