import type { BundlePattern } from "@metabuild/contract";
import {
  AppError,
  checkNamePattern,
  checkSnippetName,
  constraintProblems,
  namePatternProblem,
  tooLongMessage,
} from "@metabuild/core";
import {
  addReleases,
  bundleTables as t,
  deleteDeploymentsNotIn,
  deleteVariablesNotIn,
  findPatternByName,
  findReleaseGroupIdByName,
  listSnippetsOf,
  listTemplatesOf,
  markOtherColumnsDeleted,
  replaceSnippets,
  replaceTemplates,
  setPatternConstraints,
  upsertByKey,
} from "@metabuild/db";
import { revalidatePatternInstances, validationRulesText } from "../revalidation.ts";
import { type EntryPath, type ImportContext, rejectDuplicates } from "./context.ts";
import { checkBundleNames } from "./check-names.ts";
import { BundleError } from "./parse.ts";
import { storedPropertyFormat } from "./property-references.ts";

const bit = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);

/** Release groups and their releases; releases the file leaves out are kept. */
export async function importReleaseGroups(
  ctx: ImportContext,
  groups: readonly { name: string; releases: string[] }[],
): Promise<void> {
  const path = [...ctx.base, "release_groups"];
  rejectDuplicates(groups, (g) => g.name, path, "release group");
  for (const group of groups) {
    const groupId = await upsertByKey(ctx.db, t.releaseGroups, {
      customerId: ctx.customerId,
      name: group.name,
    });
    await addReleases(ctx.db, groupId, group.releases);
  }
}

/** How a pattern is written: the console's editor saves the whole definition (`exact`). */
export interface PatternImportHow {
  /**
   * Variables and deployments the definition leaves out are removed too
   * (a deployment a build used is kept and named in the error).
   */
  exact?: boolean;
  /** Pattern names the same bundle brings, which a reference property may name before they exist. */
  patternsInBundle?: ReadonlySet<string>;
}

/**
 * A pattern with its properties, roles, variables, templates, deployments
 * and snippets. Properties and roles the file no longer lists are marked
 * deleted (stored rows may still hold their cells); templates and snippets
 * are replaced as a whole when they differ; variables and deployments the
 * file leaves out are kept (removed with `how.exact`).
 */
export async function importPattern(
  ctx: ImportContext,
  p: BundlePattern,
  path: EntryPath,
  how: PatternImportHow = {},
): Promise<number> {
  // The pattern editor's saves come here without checkBundle: the names of the part, then.
  checkBundleNames(p, path);
  const { nameLength } = ctx.writer.limits;
  if (p.name.length > nameLength)
    throw new BundleError([...path, "name"], tooLongMessage("name", nameLength, p.name.length));
  let releaseGroupId: number | null | undefined = p.release_group === null ? null : undefined;
  if (typeof p.release_group === "string") {
    releaseGroupId = await findReleaseGroupIdByName(ctx.db, ctx.customerId, p.release_group);
    if (releaseGroupId === undefined)
      throw new BundleError(
        [...path, "release_group"],
        `unknown release group '${p.release_group}'`,
      );
  }
  // Left out keeps the stored rule; null or blank is the default (docs/instance-names.md).
  const namePattern = p.instance_name_pattern;
  const problem = namePatternProblem(namePattern);
  if (problem !== undefined) {
    // The pattern editor saves one pattern at the top level: the field alone names it.
    if (path.length === 0) checkNamePattern(namePattern);
    throw new BundleError([...path, "instance_name_pattern"], problem);
  }
  const existing = await findPatternByName(ctx.db, ctx.customerId, p.name);
  const rulesBefore = existing ? await validationRulesText(ctx.db, existing.id) : undefined;
  const patternId = await upsertByKey(
    ctx.db,
    t.patterns,
    { customerId: ctx.customerId, name: p.name },
    {
      type: p.type,
      description: p.description,
      versNo: p.vers_no,
      status: p.status,
      releaseGroupId,
      instanceNamePattern: namePattern === undefined ? undefined : checkNamePattern(namePattern),
      active: bit(p.active),
      disabled: bit(p.disabled),
      deleted: bit(p.deleted),
    },
  );

  rejectDuplicates(p.properties, (x) => x.name, [...path, "properties"], "property");
  const knownPatterns = new Set([p.name, ...(how.patternsInBundle ?? [])]);
  for (const [i, prop] of p.properties.entries()) {
    const propPath = [...path, "properties", i];
    const format = await storedPropertyFormat(ctx, prop, propPath, knownPatterns);
    await upsertByKey(
      ctx.db,
      t.instanceProperties,
      { patternId, name: prop.name },
      {
        datatype: prop.datatype ?? "string",
        required: prop.required ? 1 : 0,
        format,
        description: prop.description ?? null,
        posNo: prop.pos_no ?? i + 1,
        deleted: 0,
      },
    );
  }
  await markOtherColumnsDeleted(
    ctx.db,
    "properties",
    patternId,
    p.properties.map((x) => x.name),
  );

  const roles = p.functional_roles;
  rejectDuplicates(roles, (x) => x.name, [...path, "functional_roles"], "functional role");
  const propertyNames = new Set(p.properties.map((x) => x.name));
  for (const [i, role] of roles.entries()) {
    // One header holds both: a role named like a property would make cells ambiguous.
    if (propertyNames.has(role.name))
      throw new BundleError(
        [...path, "functional_roles", i, "name"],
        `'${role.name}' is already a property`,
      );
    await upsertByKey(
      ctx.db,
      t.functionalRoles,
      { patternId, name: role.name },
      {
        cardinalityMin: role.cardinality_min ?? "0",
        cardinalityMax: role.cardinality_max ?? "N",
        class: role.class ?? null,
        domain: role.domain ?? null,
        readonly: role.readonly ? 1 : 0,
        disabled: role.disabled ? 1 : 0,
        mergeStrategy: role.merge_strategy ?? null,
        posNo: role.pos_no ?? i + 1,
        deleted: 0,
      },
    );
  }
  await markOtherColumnsDeleted(
    ctx.db,
    "roles",
    patternId,
    roles.map((x) => x.name),
  );
  if (p.constraints !== undefined) {
    // Left out keeps the stored ones, like the name rule (docs/pattern-constraints.md).
    const live = new Set([...p.properties.map((x) => x.name), ...roles.map((x) => x.name)]);
    const problem = constraintProblems(p.constraints, live)[0];
    if (problem)
      throw new BundleError(
        [...path, "constraints", problem.index, ...problem.field],
        problem.message,
      );
    await setPatternConstraints(ctx.db, patternId, p.constraints);
  }
  // Instances the file does not list follow the pattern's new rules too.
  if (rulesBefore !== undefined && rulesBefore !== (await validationRulesText(ctx.db, patternId)))
    await revalidatePatternInstances(ctx.db, patternId);

  rejectDuplicates(p.variables, (x) => x.name, [...path, "variables"], "variable");
  for (const v of p.variables)
    await upsertByKey(
      ctx.db,
      t.variableDefinitions,
      { patternId, name: v.name },
      { defaultValue: v.default ?? null, description: v.description ?? null },
    );
  if (how.exact)
    await deleteVariablesNotIn(
      ctx.db,
      patternId,
      p.variables.map((v) => v.name),
    );

  const stored = (await listTemplatesOf(ctx.db, patternId)).map((x) => ({
    path: x.path,
    body: x.body,
  }));
  const wanted = p.templates.map((x) => ({ path: x.path, body: x.body }));
  if (JSON.stringify(stored) !== JSON.stringify(wanted))
    await replaceTemplates(ctx.db, patternId, wanted);

  rejectDuplicates(p.deployments, (x) => x.name, [...path, "deployments"], "deployment");
  for (const d of p.deployments)
    await upsertByKey(
      ctx.db,
      t.deployments,
      { patternId, name: d.name },
      { kind: d.kind, config: JSON.stringify(d.config) },
    );
  if (how.exact) {
    const used = await deleteDeploymentsNotIn(
      ctx.db,
      patternId,
      p.deployments.map((d) => d.name),
    );
    if (used.length > 0)
      throw new BundleError(
        [...path, "deployments"],
        `deployment '${used[0]}' was used by builds and cannot be removed`,
      );
  }
  await importSnippets(ctx, patternId, p.snippets, [...path, "snippets"]);
  return patternId;
}

/** Snippets are replaced as a whole when they differ, like templates. */
async function importSnippets(
  ctx: ImportContext,
  patternId: number,
  snippets: BundlePattern["snippets"],
  path: EntryPath,
): Promise<void> {
  rejectDuplicates(snippets, (x) => x.name, path, "snippet");
  snippets.forEach((s, i) => {
    try {
      checkSnippetName(s.name, ctx.writer.limits.nameLength, "name");
    } catch (err) {
      if (err instanceof AppError) throw new BundleError([...path, i, "name"], err.message);
      throw err;
    }
  });
  const stored = (await listSnippetsOf(ctx.db, patternId)).map((x) => ({
    name: x.name,
    body: x.body,
  }));
  const wanted = [...snippets]
    .map((x) => ({ name: x.name, body: x.body }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (JSON.stringify(stored) !== JSON.stringify(wanted))
    await replaceSnippets(ctx.db, patternId, wanted);
}

export async function importPatterns(
  ctx: ImportContext,
  patterns: readonly BundlePattern[],
): Promise<Map<string, number>> {
  const path = [...ctx.base, "patterns"];
  rejectDuplicates(patterns, (p) => p.name, path, "pattern");
  const ids = new Map<string, number>();
  const patternsInBundle = new Set(patterns.map((p) => p.name));
  for (const [i, p] of patterns.entries())
    ids.set(p.name, await importPattern(ctx, p, [...path, i], { patternsInBundle }));
  return ids;
}
