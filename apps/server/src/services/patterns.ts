import type {
  FunctionalRole,
  FunctionalRoleQuery,
  InstanceProperty,
  InstancePropertyQuery,
  Pattern,
  PatternQuery,
  PatternRef,
  PatternTemplate,
} from "@metabuild/contract";
import {
  BadRequest,
  NotFound,
  type Principal,
  REFERENCE_DATATYPE,
  messages,
  referencesOf,
} from "@metabuild/core";
import {
  type Db,
  type FunctionalRoleRow,
  type InstancePropertyRow,
  type Page,
  type PatternPartFilter,
  type PatternRow,
  findFunctionalRole,
  findInstanceProperty,
  findPatternById,
  findPatternByName,
  listFunctionalRoles,
  listInstanceProperties,
  listPatterns,
  patternTemplates,
} from "@metabuild/db";
import { pageOrThrow } from "./paging.ts";

export function toPattern(row: PatternRow): Pattern {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    vers_no: row.versNo,
    status: row.status,
    active: row.active === 1,
    deleted: row.deleted === 1,
    disabled: row.disabled === 1,
    release_group_id: row.releaseGroupId,
  };
}

export function toFunctionalRole(row: FunctionalRoleRow): FunctionalRole {
  return {
    id: row.id,
    pattern_id: row.patternId,
    name: row.name,
    class: row.class,
    domain: row.domain,
    cardinality_min: row.cardinalityMin,
    cardinality_max: row.cardinalityMax,
    pos_no: row.posNo,
    deleted: row.deleted === 1,
    disabled: row.disabled === 1,
    readonly: row.readonly === 1,
    merge_strategy: row.mergeStrategy,
  };
}

export function toInstanceProperty(row: InstancePropertyRow): InstanceProperty {
  return {
    id: row.id,
    pattern_id: row.patternId,
    name: row.name,
    datatype: row.datatype,
    ...(row.datatype === REFERENCE_DATATYPE
      ? { references: referencesOf(row.format), format: null }
      : { format: row.format }),
    description: row.description,
    deleted: row.deleted === 1,
    required: row.required === 1,
    pos_no: row.posNo,
  };
}

/** Patterns and their structure (roles, properties): customer-wide reads (docs/reference/rules.md §1). */
export class PatternService {
  constructor(private readonly db: Db) {}

  /**
   * The pattern named by `pattern` or `pattern_id`, if either is given:
   * 404 `A pattern with the name 'X' does not exist!` for an unknown name,
   * 404 `No record found for id 'X'` for an unknown (or another customer's) id;
   * both together must agree (400 otherwise).
   */
  async resolveRef(principal: Principal, ref: PatternRef): Promise<PatternRow | undefined> {
    const hasName = ref.pattern !== undefined && ref.pattern !== "";
    const byId =
      ref.pattern_id === undefined ? undefined : await this.byId(principal, ref.pattern_id);
    if (!hasName) return byId;
    const row = await findPatternByName(this.db, principal.customerId, ref.pattern as string);
    if (!row) throw new NotFound(messages.patternNotFound(ref.pattern as string));
    // docs/reference/endpoints.md does not make the two exclusive (unlike project/project_id): both may
    // be given as long as they name the same pattern.
    if (byId && byId.id !== row.id)
      throw new BadRequest(
        `'pattern' and 'pattern_id' name different patterns ('${row.name}' is id ${row.id})`,
      );
    return row;
  }

  async byId(principal: Principal, id: number): Promise<PatternRow> {
    const row = await findPatternById(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    return row;
  }

  async list(principal: Principal, query: PatternQuery) {
    const page = pageOrThrow(
      await listPatterns(this.db, { ...query, customerId: principal.customerId }),
    );
    return { items: page.items.map(toPattern), total: page.total };
  }

  async get(principal: Principal, id: number): Promise<Pattern> {
    return toPattern(await this.byId(principal, id));
  }

  /**
   * A page of rows the customer's patterns own (roles, properties,
   * deployments), narrowed to the pattern `query` names if it names one.
   */
  async listOwned<Q extends PatternRef, R, T>(
    principal: Principal,
    query: Q,
    list: (
      filter: Q & { customerId: number; patternId: number | undefined },
    ) => Promise<Page<R> | { unknownField: string }>,
    toWire: (row: R) => T,
  ): Promise<{ items: T[]; total: number }> {
    const patternId = (await this.resolveRef(principal, query))?.id;
    const page = pageOrThrow(await list({ ...query, customerId: principal.customerId, patternId }));
    return { items: page.items.map(toWire), total: page.total };
  }

  async listRoles(principal: Principal, query: FunctionalRoleQuery) {
    return await this.listOwned(
      principal,
      query,
      async (f) => await listFunctionalRoles(this.db, f),
      toFunctionalRole,
    );
  }

  async getRole(principal: Principal, id: number): Promise<FunctionalRole> {
    const row = await findFunctionalRole(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    return toFunctionalRole(row);
  }

  async listProperties(principal: Principal, query: InstancePropertyQuery) {
    const list = async (f: PatternPartFilter) => await listInstanceProperties(this.db, f);
    return await this.listOwned(principal, query, list, toInstanceProperty);
  }

  /** A pattern's templates in render order (the console shows them on the pattern page). */
  async templates(principal: Principal, patternId: number): Promise<PatternTemplate[]> {
    const pattern = await this.byId(principal, patternId);
    return (await patternTemplates(this.db, pattern.id)).map((t) => ({
      id: t.id,
      pattern_id: t.patternId,
      path: t.path,
      body: t.body,
      pos_no: t.posNo,
    }));
  }

  async getProperty(principal: Principal, id: number): Promise<InstanceProperty> {
    const row = await findInstanceProperty(this.db, principal.customerId, id);
    if (!row) throw new NotFound(messages.recordNotFound(id));
    return toInstanceProperty(row);
  }
}
