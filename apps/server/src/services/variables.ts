import type {
  PatternVariable,
  PatternVariableDefinition,
  PatternVariableQuery,
} from "@metabuild/contract";
import {
  BadRequest,
  NotFound,
  type Principal,
  type ResolvedVariable,
  defaultOf,
  messages,
  normalizeFolderPath,
  resolveEach,
} from "@metabuild/core";
import {
  type Db,
  type ProjectRow,
  findFolder,
  findFolderIdByPath,
  findInstanceWithNames,
  findInstancesNamed,
  findVariableDefinition,
  folderChain,
  loadVariableCascade,
} from "@metabuild/db";
import type { AccessService } from "./access.ts";
import { pageInMemory } from "./paging.ts";
import type { PatternService } from "./patterns.ts";

/** One scope object of docs/reference/rules.md §7: a project, one of its folders, or one instance. */
interface VariableScope {
  project: ProjectRow;
  /** The scope's folder and its ancestors, nearest first (empty for a project). */
  chain: { id: number; path: string }[];
  instanceId?: number;
  /** An instance scope only has its own pattern's variables. */
  patternId?: number;
}

const SORTABLE = [
  "pattern_variable_id",
  "pattern_id",
  "name",
  "value",
  "level",
  "project_id",
  "instance_folder_id",
  "instance_folder",
  "instance_id",
] as const;

function toPatternVariable(v: ResolvedVariable, paths: Map<number, string>): PatternVariable {
  return {
    pattern_variable_id: v.variableId,
    pattern_id: v.patternId,
    name: v.name,
    value: v.value,
    level: v.level,
    project_id: v.projectId,
    instance_folder_id: v.instanceFolderId,
    instance_folder: v.instanceFolderId === null ? null : (paths.get(v.instanceFolderId) ?? null),
    instance_id: v.instanceId,
  };
}

function given(name: string | undefined): name is string {
  return name !== undefined && name !== "";
}

function eitherOr(q: Record<string, unknown>, a: string, b: string): void {
  if (given(q[a] as string | undefined) && q[b] !== undefined)
    throw new BadRequest(`Give either '${a}' or '${b}', not both`);
}

/**
 * GET /api/v1/pattern_variables: definitions resolved through the cascade for
 * a scope (docs/pattern-variables.md says how a scope is named).
 */
export class VariableService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly patterns: PatternService,
  ) {}

  async list(principal: Principal, q: PatternVariableQuery) {
    const pattern = await this.patterns.resolveRef(principal, q);
    const scope = await this.scopeOf(principal, q, pattern?.id);
    let entries: PatternVariable[];
    if (!scope) {
      const { definitions } = await loadVariableCascade(this.db, {
        customerId: principal.customerId,
        patternId: pattern?.id,
      });
      entries = definitions.map((d) => toPatternVariable(defaultOf(d), new Map()));
    } else if (pattern && scope.patternId !== undefined && scope.patternId !== pattern.id) {
      entries = [];
    } else {
      const { definitions, overrides } = await loadVariableCascade(this.db, {
        customerId: principal.customerId,
        projectId: scope.project.id,
        patternId: scope.patternId ?? pattern?.id,
      });
      const resolved = resolveEach(definitions, overrides, {
        projectId: scope.project.id,
        folderChain: scope.chain.map((f) => f.id),
        instanceId: scope.instanceId,
      });
      const paths = new Map(scope.chain.map((f) => [f.id, f.path]));
      entries = resolved.map((v) => toPatternVariable(v, paths));
    }
    const filtered = entries.filter(
      (e) =>
        (q.name === undefined || e.name === q.name) &&
        (q.value === undefined || e.value === q.value),
    );
    return pageInMemory(filtered, q, SORTABLE);
  }

  async get(principal: Principal, id: number): Promise<PatternVariableDefinition> {
    const row = await findVariableDefinition(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    return {
      id: row.id,
      pattern_id: row.patternId,
      name: row.name,
      default_value: row.defaultValue,
      description: row.description,
    };
  }

  /**
   * The scope the query names, or undefined for none. Names (folder path,
   * instance name) need a project; ids bring their own, and a project given
   * with them must be theirs. Checks: 400, 404, then 403.
   */
  private async scopeOf(
    principal: Principal,
    q: PatternVariableQuery,
    patternId: number | undefined,
  ): Promise<VariableScope | undefined> {
    eitherOr(q, "instance_folder", "instance_folder_id");
    eitherOr(q, "instance", "instance_id");
    const { customerId } = principal;
    const byId =
      q.instance_id !== undefined
        ? await findInstanceWithNames(this.db, customerId, q.instance_id)
        : undefined;
    if (q.instance_id !== undefined && !byId)
      throw new NotFound(messages.recordNotFound(q.instance_id));
    const folderById =
      q.instance_folder_id !== undefined
        ? await findFolder(this.db, customerId, q.instance_folder_id)
        : undefined;
    if (q.instance_folder_id !== undefined && !folderById)
      throw new NotFound(messages.recordNotFound(q.instance_folder_id));

    let project: ProjectRow;
    if (given(q.project) || q.project_id !== undefined)
      project = await this.access.resolveProject(principal, q);
    else if (byId || folderById) {
      project = await this.access.projectById(principal, (byId?.instance ?? folderById)!.projectId);
      await this.access.require(principal, project.id);
    } else if (given(q.instance) || given(q.instance_folder))
      throw new BadRequest(messages.projectRequired);
    else return undefined;

    let folderId: number | undefined;
    if (folderById) {
      if (folderById.projectId !== project.id)
        throw new NotFound(messages.recordNotFound(folderById.id));
      folderId = folderById.id;
    } else if (given(q.instance_folder)) {
      const path = normalizeFolderPath(q.instance_folder);
      folderId = await findFolderIdByPath(this.db, project.id, path);
      if (folderId === undefined) throw new NotFound(messages.folderNotFound(path));
    }

    if (byId) {
      const { instance } = byId;
      if (
        instance.projectId !== project.id ||
        (folderId !== undefined && instance.instanceFolderId !== folderId)
      )
        throw new NotFound(messages.recordNotFound(instance.id));
      return await this.instanceScope(
        project,
        instance.id,
        instance.instanceFolderId,
        instance.patternId,
      );
    }
    if (given(q.instance)) {
      const found = await findInstancesNamed(this.db, {
        projectId: project.id,
        name: q.instance,
        folderId,
        patternId,
      });
      if (found.length === 0) throw new NotFound(messages.instanceNameNotFound(q.instance));
      if (found.length > 1)
        throw new BadRequest(
          `The instance name '${q.instance}' is ambiguous in project '${project.name}' (${found.length} instances): give 'instance_folder' or 'pattern'`,
        );
      const [one] = found;
      return await this.instanceScope(project, one.id, one.instanceFolderId, one.patternId);
    }
    if (folderId !== undefined) return { project, chain: await folderChain(this.db, folderId) };
    return { project, chain: [] };
  }

  private async instanceScope(
    project: ProjectRow,
    instanceId: number,
    folderId: number,
    patternId: number,
  ): Promise<VariableScope> {
    return { project, chain: await folderChain(this.db, folderId), instanceId, patternId };
  }
}
