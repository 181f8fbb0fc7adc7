import type { PatternVariable, VariableValueRef, VariableValueSet } from "@metabuild/contract";
import {
  BadRequest,
  NotFound,
  type Principal,
  messages,
  normalizeFolderPath,
  overrideLevel,
} from "@metabuild/core";
import {
  type Db,
  type OverridePlace,
  type VariableOverrideRow,
  findFolderIdByPath,
  findVariableOverride,
  findInstanceWithNames,
  loadVariableCascade,
  removeVariableOverride,
  setVariableOverride,
  transaction,
} from "@metabuild/db";
import { recordAudit, secretSafeValue } from "./audit.ts";
import type { AccessService } from "./access.ts";
import type { PatternService } from "./patterns.ts";

/** A resolved place, with the words an answer or a refusal names it by. */
export interface Place extends OverridePlace {
  patternId: number;
  name: string;
  patternName: string;
  folderPath: string | null;
  describe: string;
}

/**
 * Values of pattern variables set from the console at the project, a folder
 * or an instance (docs/pattern-variables.md "Setting values"). Every level
 * needs `write_instances` on the project (admins hold it everywhere).
 */
export class VariableValueService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly patterns: PatternService,
  ) {}

  async set(
    principal: Principal,
    input: VariableValueSet,
    /** What the change did downstream, for the audit event (docs/lineage.md "Impact"). */
    impact?: Record<string, unknown>,
  ): Promise<PatternVariable> {
    const place = await this.placeOf(principal, input);
    return await transaction(this.db, async () => {
      const before = await findVariableOverride(this.db, place);
      const row = await setVariableOverride(this.db, place, input.value);
      await this.audit(principal, "variable_value.set", place, before?.value, row.value, impact);
      return this.toWire(place, row);
    });
  }

  /** Removes the value set at the place; the cascade falls back to the next level. */
  async clear(principal: Principal, input: VariableValueRef): Promise<PatternVariable> {
    const place = await this.placeOf(principal, input);
    return await transaction(this.db, async () => {
      const removed = await removeVariableOverride(this.db, place);
      if (!removed) throw new NotFound(`No value of '${place.name}' is set at ${place.describe}`);
      await this.audit(principal, "variable_value.clear", place, removed.value, undefined);
      return this.toWire(place, removed);
    });
  }

  private async audit(
    principal: Principal,
    action: string,
    place: Place,
    before: string | null | undefined,
    after: string | null | undefined,
    impact?: Record<string, unknown>,
  ): Promise<void> {
    // undefined: no value was (or is) set at the place.
    const value = (v: string | null | undefined) =>
      v === undefined ? null : { value: v === null ? null : secretSafeValue(place.name, v) };
    await recordAudit(this.db, principal, {
      action,
      projectId: place.projectId,
      target: {
        kind: "pattern_variable",
        id: place.variableId,
        label: `${place.patternName}.${place.name} at ${place.describe}`,
      },
      before: value(before),
      after: impact ? { ...value(after), impact } : value(after),
    });
  }

  /** Checks in the order 400, 404 (project), 403, then 404/400 for the rest. */
  async placeOf(principal: Principal, input: VariableValueRef): Promise<Place> {
    if (input.folder !== undefined && input.instance_id !== undefined)
      throw new BadRequest("Give either 'folder' or 'instance_id', not both");
    const project = await this.access.resolveProject(principal, input, "write_instances");
    if ((input.pattern ?? "") === "" && input.pattern_id === undefined)
      throw new BadRequest("A pattern id or name is required ('pattern' or 'pattern_id')");
    const pattern = await this.patterns.resolveRef(principal, input);
    if (!pattern) throw new BadRequest("A pattern id or name is required");
    const { definitions } = await loadVariableCascade(this.db, {
      customerId: principal.customerId,
      patternId: pattern.id,
    });
    const definition = definitions.find((d) => d.name === input.variable);
    if (!definition)
      throw new NotFound(
        `A variable with the name '${input.variable}' does not exist in pattern '${pattern.name}'!`,
      );
    const base = {
      variableId: definition.id,
      projectId: project.id,
      patternId: pattern.id,
      name: definition.name,
      patternName: pattern.name,
    };
    if (input.instance_id !== undefined) {
      const found = await findInstanceWithNames(this.db, principal.customerId, input.instance_id);
      if (!found || found.instance.projectId !== project.id)
        throw new NotFound(messages.recordNotFound(input.instance_id));
      if (found.instance.patternId !== pattern.id)
        throw new BadRequest(
          `Invalid value for 'instance_id': instance ${input.instance_id} is not of pattern '${pattern.name}'`,
        );
      return {
        ...base,
        instanceFolderId: null,
        instanceId: found.instance.id,
        folderPath: null,
        describe: `instance ${found.instance.id}`,
      };
    }
    if (input.folder !== undefined) {
      // A value for a folder that does not exist is refused, never creates it.
      const path = normalizeFolderPath(input.folder);
      const folderId = await findFolderIdByPath(this.db, project.id, path);
      if (folderId === undefined) throw new NotFound(messages.folderNotFound(path));
      return {
        ...base,
        instanceFolderId: folderId,
        instanceId: null,
        folderPath: path,
        describe: `folder '${path}'`,
      };
    }
    return {
      ...base,
      instanceFolderId: null,
      instanceId: null,
      folderPath: null,
      describe: `project '${project.name}'`,
    };
  }

  private toWire(place: Place, row: VariableOverrideRow): PatternVariable {
    return {
      pattern_variable_id: row.variableId,
      pattern_id: place.patternId,
      name: place.name,
      value: row.value,
      level: overrideLevel(row),
      project_id: row.projectId,
      instance_folder_id: row.instanceFolderId,
      instance_folder: place.folderPath,
      instance_id: row.instanceId,
    };
  }
}
