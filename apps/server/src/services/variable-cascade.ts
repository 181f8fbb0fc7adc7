import type {
  CascadeLink,
  CascadeNode,
  VariableCascade,
  VariableCascadeQuery,
} from "@metabuild/contract";
import {
  type ChainLink,
  NotFound,
  type Principal,
  type VariableOverride,
  cascadeChain,
  messages,
} from "@metabuild/core";
import {
  type Db,
  type FolderRow,
  findPatternById,
  listFolders,
  loadVariableCascade,
} from "@metabuild/db";
import type { AccessService } from "./access.ts";
import { instancePath } from "./instances/writer.ts";
import type { InstanceService } from "./instances/service.ts";
import { pageOrThrow } from "./paging.ts";

/** Folder ids from `id` up to the root, nearest first (the cascade's folderChain). */
function chainOf(id: number, byId: Map<number, FolderRow>): number[] {
  const out: number[] = [];
  for (let f = byId.get(id); f && out.length < 1000; f = byId.get(f.parentId ?? -1)) out.push(f.id);
  return out;
}

/**
 * The console's cascade viewer: one variable of one pattern over a project's
 * tree (project → folders → the pattern's instances), each node resolved by
 * the one cascade of @metabuild/core with the chain of values it overrides.
 */
export class VariableCascadeService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly instances: InstanceService,
  ) {}

  async tree(principal: Principal, query: VariableCascadeQuery): Promise<VariableCascade> {
    const project = await this.access.resolveProject(principal, { project_id: query.project_id });
    const pattern = await findPatternById(this.db, principal.customerId, query.pattern_id);
    if (!pattern) throw new NotFound(messages.recordNotFound(query.pattern_id));
    const { definitions, overrides } = await loadVariableCascade(this.db, {
      customerId: principal.customerId,
      patternId: pattern.id,
      projectId: project.id,
    });
    const definition = definitions.find((d) => d.name === query.name);
    if (!definition)
      throw new NotFound(
        `A variable with the name '${query.name}' does not exist in pattern '${pattern.name}'!`,
      );
    const folders = pageOrThrow(
      await listFolders(this.db, { customerId: principal.customerId, projectId: project.id }),
    ).items.sort((a, b) => a.path.localeCompare(b.path));
    const byId = new Map(folders.map((f) => [f.id, f]));
    const { items } = await this.instances.search(project, { pattern_id: pattern.id });
    const instancePaths = new Map(items.map((i) => [i.id, instancePath(i.folder, i.name)]));

    const where = (l: ChainLink): string =>
      l.level === "project"
        ? project.name
        : l.level === "instance_folder"
          ? (byId.get(l.instanceFolderId as number)?.path ?? `folder ${l.instanceFolderId}`)
          : l.level === "instance"
            ? (instancePaths.get(l.instanceId as number) ?? `instance ${l.instanceId}`)
            : "default";
    const rows = overrides as VariableOverride[];
    const node = (
      base: Pick<CascadeNode, "kind" | "id" | "name" | "path" | "parent">,
      scope: { folderChain?: number[]; instanceId?: number },
      setHere: (l: ChainLink) => boolean,
    ): CascadeNode => {
      const { resolved, chain } = cascadeChain(definition, rows, {
        projectId: project.id,
        ...scope,
      });
      const links: CascadeLink[] = chain.map((l) => ({
        level: l.level,
        value: l.value,
        defined_at: where(l),
      }));
      return {
        ...base,
        value: resolved.value,
        level: resolved.level,
        defined_at: links[0]?.defined_at ?? "default",
        set_here: setHere(chain[0] as ChainLink),
        chain: links,
      };
    };

    const nodes: CascadeNode[] = [
      node(
        { kind: "project", id: project.id, name: project.name, path: project.name, parent: null },
        {},
        (l) => l.level === "project",
      ),
    ];
    for (const f of folders) {
      const parent = f.parentId === null ? project.name : (byId.get(f.parentId)?.path ?? null);
      nodes.push(
        node(
          { kind: "folder", id: f.id, name: f.path === "/" ? "/" : f.name, path: f.path, parent },
          { folderChain: chainOf(f.id, byId) },
          (l) => l.level === "instance_folder" && l.instanceFolderId === f.id,
        ),
      );
    }
    for (const i of items) {
      nodes.push(
        node(
          {
            kind: "instance",
            id: i.id,
            name: i.name,
            path: instancePath(i.folder, i.name),
            parent: i.folder,
          },
          { folderChain: chainOf(i.instance_folder_id, byId), instanceId: i.id },
          (l) => l.level === "instance" && l.instanceId === i.id,
        ),
      );
    }
    return {
      project_id: project.id,
      project_name: project.name,
      pattern_id: pattern.id,
      pattern_name: pattern.name,
      variable_id: definition.id,
      name: definition.name,
      default_value: definition.defaultValue,
      nodes,
    };
  }
}
