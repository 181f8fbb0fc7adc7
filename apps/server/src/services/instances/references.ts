/**
 * References between instances, as the writer and the folder and delete
 * services keep them (docs/lineage.md "References"): cells are resolved
 * set-based per instance, the edges table follows every save, moved targets
 * get their referencing cells rewritten, and deleting a referenced target
 * asks first.
 */
import {
  BadRequest,
  Conflict,
  type MetadataRow,
  REFERENCE_DATATYPE,
  type ReferenceEdge,
  type ReferenceProperty,
  type ReferenceTarget,
  type ValidationIssue,
  formatReference,
  instancePath,
  movedReference,
  referenceCells,
  referenceKey,
  referencesOf,
  resolveReferenceCells,
  validateInstance,
} from "@metabuild/core";
import {
  type Db,
  type InstancePropertyRow,
  constraintsOf,
  findInstancePaths,
  findInstancePlaces,
  findPatternById,
  findPatternByName,
  findReferenceTargets,
  findRowAt,
  listReferencesTo,
  loadPatternColumns,
  loadRowCells,
  loadRowsOfInstances,
  loadStoredRows,
  replaceInstanceReferences,
  searchReferenceTargets,
  updateInstance,
  updateRowData,
} from "@metabuild/db";

type PropertyColumn = Pick<InstancePropertyRow, "name" | "datatype" | "format" | "deleted">;

/** The live reference properties of a pattern with the patterns each may point to. */
export function referenceProperties(properties: readonly PropertyColumn[]): ReferenceProperty[] {
  return properties
    .filter((p) => !p.deleted && p.datatype === REFERENCE_DATATYPE)
    .map((p) => ({ name: p.name, references: referencesOf(p.format) }));
}

/** A customer's patterns by name and the column naming their rows, looked up once per write. */
class PatternLookups {
  private readonly ids = new Map<string, number | undefined>();
  private readonly names = new Map<number, string>();
  private readonly rowColumns = new Map<number, string | undefined>();
  constructor(
    private readonly db: Db,
    private readonly customerId: number,
  ) {}

  async idOf(name: string): Promise<number | undefined> {
    if (!this.ids.has(name)) {
      const found = await findPatternByName(this.db, this.customerId, name);
      this.ids.set(name, found?.id);
      if (found) this.names.set(found.id, name);
    }
    return this.ids.get(name);
  }

  nameOf(id: number): string | undefined {
    return this.names.get(id);
  }

  /** A row is named by its pattern's first live property (docs/lineage.md "Column-level references"). */
  async rowColumn(patternId: number): Promise<string | undefined> {
    if (!this.rowColumns.has(patternId)) {
      const { properties } = await loadPatternColumns(this.db, patternId);
      this.rowColumns.set(patternId, properties.find((p) => !p.deleted)?.name);
    }
    return this.rowColumns.get(patternId);
  }
}

/** Lookups live as long as the write that made them (a WriteScope, one transaction). */
const lookupsByScope = new WeakMap<object, PatternLookups>();

function lookupsFor(db: Db, customerId: number, scope: object | undefined): PatternLookups {
  if (!scope) return new PatternLookups(db, customerId);
  let found = lookupsByScope.get(scope);
  if (!found) {
    found = new PatternLookups(db, customerId);
    lookupsByScope.set(scope, found);
  }
  return found;
}

export interface ReferenceCheck {
  edges: ReferenceEdge[];
  issues: ValidationIssue[];
}

/**
 * Resolves an instance's reference cells against its project: undefined when
 * the pattern has no reference property (nothing to keep). One query for the
 * targets, one more for their rows when a cell names a `#ROW`.
 */
export async function checkReferences(
  db: Db,
  projectId: number,
  customerId: number,
  pattern: { properties: readonly PropertyColumn[] },
  rows: readonly MetadataRow[],
  scope?: object,
): Promise<ReferenceCheck | undefined> {
  const place = { customerId, projectId };
  const referring = referenceProperties(pattern.properties);
  if (referring.length === 0) return undefined;
  const cells = referenceCells(rows, referring);
  if (cells.length === 0) return { edges: [], issues: [] };
  const lookups = lookupsFor(db, place.customerId, scope);
  const patternIds: number[] = [];
  for (const name of new Set(referring.flatMap((p) => p.references))) {
    const id = await lookups.idOf(name);
    if (id !== undefined) patternIds.push(id);
  }
  const names = cells.flatMap((c) => (c.parsed.ok ? [c.parsed.ref.name] : []));
  const found = await findReferenceTargets(db, place.projectId, patternIds, names);
  const targets = new Map<string, ReferenceTarget & { patternId: number }>();
  for (const t of found) {
    const pattern = lookups.nameOf(t.patternId);
    if (pattern !== undefined)
      targets.set(referenceKey(pattern, t.folder, t.name), {
        id: t.id,
        deleted: t.deleted !== 0,
        patternId: t.patternId,
      });
  }
  await addRowNames(db, lookups, cells, targets);
  return resolveReferenceCells(cells, (key) => targets.get(key));
}

/** The row names of the targets some cell names a `#ROW` of. */
async function addRowNames(
  db: Db,
  lookups: PatternLookups,
  cells: ReturnType<typeof referenceCells>,
  targets: Map<string, ReferenceTarget & { patternId: number }>,
): Promise<void> {
  const wanted = new Map<number, ReferenceTarget & { patternId: number }>();
  for (const c of cells) {
    if (!c.parsed.ok || c.parsed.ref.row === null) continue;
    const { pattern, folder, name } = c.parsed.ref;
    const target = targets.get(referenceKey(pattern, folder, name));
    if (target) wanted.set(target.id, target);
  }
  if (wanted.size === 0) return;
  const names = new Map<number, Set<string>>([...wanted.keys()].map((id) => [id, new Set()]));
  for (const row of await loadRowsOfInstances(db, [...wanted.keys()])) {
    const target = wanted.get(row.instanceId) as ReferenceTarget & { patternId: number };
    const column = await lookups.rowColumn(target.patternId);
    const value = column === undefined ? undefined : (JSON.parse(row.data) as MetadataRow)[column];
    if (typeof value === "string" && value.trim() !== "")
      names.get(row.instanceId)?.add(value.trim());
  }
  for (const [id, target] of wanted) target.rowNames = names.get(id);
}

/** Keeps the edges table current for one saved instance (in the writer's transaction). */
export async function saveReferenceEdges(
  db: Db,
  projectId: number,
  sourceId: number,
  check: ReferenceCheck | undefined,
  positions: readonly number[],
): Promise<void> {
  if (!check) return;
  await replaceInstanceReferences(
    db,
    projectId,
    sourceId,
    check.edges.map((e) => ({
      property: e.property,
      sourcePosNo: positions[e.row] ?? e.row + 1,
      targetInstanceId: e.targetId,
      targetRow: e.targetRow,
    })),
  );
}

/**
 * The reference issues of a stored instance, its edges saved anew: for
 * rechecks that keep rows and versions (a pattern's new rules, a deleted or
 * restored target). A pattern without reference properties clears the edges.
 */
export async function recheckStoredReferences(
  db: Db,
  place: { id: number; customerId: number; projectId: number },
  properties: readonly PropertyColumn[],
): Promise<ValidationIssue[]> {
  const stored = await loadStoredRows(db, place.id);
  const rows = stored.texts.map((t) => JSON.parse(t) as MetadataRow);
  const check = await checkReferences(db, place.projectId, place.customerId, { properties }, rows);
  await saveReferenceEdges(db, place.projectId, place.id, check ?? NO_REFERENCES, stored.positions);
  return check?.issues ?? [];
}

const NO_REFERENCES: ReferenceCheck = { edges: [], issues: [] };

/**
 * Recomputes the stored validation of the instances that reference `targetIds`
 * (a target was deleted or restored): their rows and versions stay as they
 * are, only their check changes, like a pattern's new rules (revalidation.ts).
 */
export async function revalidateReferencers(db: Db, targetIds: readonly number[]): Promise<void> {
  const referencers = await listReferencesTo(db, targetIds);
  for (const place of await findInstancePlaces(
    db,
    referencers.map((r) => r.sourceInstanceId),
  )) {
    const pattern = await findPatternById(db, place.customerId, place.patternId);
    if (!pattern) continue;
    const { properties, roles } = await loadPatternColumns(db, place.patternId);
    const rows = (await loadRowCells(db, place.id)) as MetadataRow[];
    const issues = validateInstance(rows, properties, roles, constraintsOf(pattern));
    issues.push(...(await recheckStoredReferences(db, place, properties)));
    const text = JSON.stringify(issues);
    if (text !== place.validation)
      await updateInstance(db, place.id, { errors: issues.length, validation: text });
  }
}

/**
 * A console delete (details or bulk setting `deleted`) of instances others
 * reference: 409 naming the live referencing instances (also in `data.referenced_by`),
 * unless the caller confirmed with `force: true`; the references then dangle
 * and those instances show the error (docs/lineage.md "Deleting a target").
 */
export async function refuseDeletingReferenced(
  db: Db,
  found: readonly { instance: { id: number; name: string; deleted: number }; folder: string }[],
  flags: { deleted?: boolean } | undefined,
  force: boolean | undefined,
): Promise<void> {
  if (force || flags?.deleted !== true) return;
  const targets = found.filter((f) => f.instance.deleted === 0);
  const ids = new Set(targets.map((t) => t.instance.id));
  const referencers = (await listReferencesTo(db, [...ids])).filter(
    (r) => r.deleted === 0 && !ids.has(r.sourceInstanceId),
  );
  if (referencers.length === 0) return;
  const paths = [...new Set(referencers.map((r) => instancePath(r.folder, r.name)))];
  const more = paths.length > 10 ? ` and ${paths.length - 10} more` : "";
  const what =
    targets.length === 1
      ? `'${instancePath(targets[0]?.folder ?? "/", targets[0]?.instance.name ?? "")}' is`
      : "These instances are";
  const err = new Conflict(
    `${what} referenced by '${paths.slice(0, 10).join("', '")}'${more}: send force: true to delete anyway and leave those references dangling`,
  );
  err.data = {
    referenced_by: [...new Map(referencers.map((r) => [r.sourceInstanceId, r])).values()].map(
      (r) => ({ id: r.sourceInstanceId, path: instancePath(r.folder, r.name) }),
    ),
  };
  throw err;
}

/**
 * After targets moved (a folder rename or move): the cells that reference
 * them are rewritten in place to the new path, so every read shows it; the
 * edges keep their ids. Runs before the moved instances are re-saved, so
 * references inside the moved subtree resolve too.
 */
export async function rewriteReferencesTo(db: Db, movedIds: readonly number[]): Promise<void> {
  const referencers = await listReferencesTo(db, movedIds);
  if (referencers.length === 0) return;
  const places = new Map((await findInstancePaths(db, movedIds)).map((p) => [p.id, p]));
  for (const r of referencers) {
    const target = places.get(r.targetInstanceId);
    const row = await findRowAt(db, r.sourceInstanceId, r.sourcePosNo);
    if (!target || !row) continue;
    const cells = JSON.parse(row.data) as Record<string, string | null>;
    const text = Object.hasOwn(cells, r.property) ? cells[r.property] : undefined;
    if (typeof text !== "string") continue;
    const moved = movedReference(text, target.folder, target.name);
    if (moved === text) continue;
    cells[r.property] = moved;
    await updateRowData(db, row.id, JSON.stringify(cells));
  }
}

/** How many candidates the editor's reference picker shows at once. */
const CANDIDATES_SHOWN = 20;

/**
 * The live instances a reference cell of `column` may point to whose name
 * holds `q`, with the text that names each (the pattern left out when the
 * property allows one). 400 when `column` is no reference property.
 */
export async function referenceCandidates(
  db: Db,
  instance: { customerId: number; projectId: number },
  properties: readonly PropertyColumn[],
  query: { column: string; q: string },
): Promise<{ id: number; text: string; pattern: string; folder: string; name: string }[]> {
  const property = referenceProperties(properties).find((p) => p.name === query.column);
  if (!property)
    throw new BadRequest(`Invalid value for 'column': '${query.column}' is no reference property`);
  const lookups = new PatternLookups(db, instance.customerId);
  const patternIds: number[] = [];
  for (const name of property.references) {
    const id = await lookups.idOf(name);
    if (id !== undefined) patternIds.push(id);
  }
  const found = await searchReferenceTargets(
    db,
    instance.projectId,
    patternIds,
    query.q.trim(),
    CANDIDATES_SHOWN,
  );
  return found.map((t) => {
    const pattern = lookups.nameOf(t.patternId) ?? "";
    const place = { pattern, folder: t.folder, name: t.name };
    const explicitPattern = property.references.length > 1;
    return { id: t.id, text: formatReference({ ...place, row: null, explicitPattern }), ...place };
  });
}
