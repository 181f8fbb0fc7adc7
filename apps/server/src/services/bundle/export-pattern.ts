import type { BundleInput } from "@metabuild/contract";
import { REFERENCE_DATATYPE, referencesOf } from "@metabuild/core";
import { constraintsOf, type loadCustomerForExport } from "@metabuild/db";

type Loaded = Awaited<ReturnType<typeof loadCustomerForExport>>;
type ExportedPattern = NonNullable<BundleInput["patterns"]>[number];

/** The rows one pattern owns, as `loadCustomerForExport` reads them. */
export interface PatternParts {
  properties: Loaded["properties"];
  roles: Loaded["roles"];
  variables: Loaded["variables"];
  templates: Loaded["templates"];
  deployments: Loaded["deployments"];
  snippets: Loaded["snippets"];
}

const yes = (v: number) => v === 1;

/**
 * One pattern in the bundle's shape: what the export writes and what the
 * console's pattern editor loads (docs/patterns-authoring.md). Deleted
 * properties and roles are left out.
 */
export function bundlePatternOf(
  p: Loaded["patterns"][number],
  parts: PatternParts,
  releaseGroupName: (id: number) => string,
): ExportedPattern {
  return {
    name: p.name,
    type: p.type,
    description: p.description,
    vers_no: p.versNo,
    status: p.status,
    release_group: p.releaseGroupId === null ? null : releaseGroupName(p.releaseGroupId),
    // Only a stated rule is written: bundles of default patterns stay as they were.
    ...(p.instanceNamePattern ? { instance_name_pattern: p.instanceNamePattern } : {}),
    ...(p.constraints ? { constraints: constraintsOf(p) } : {}),
    active: yes(p.active),
    disabled: yes(p.disabled),
    deleted: yes(p.deleted),
    properties: parts.properties
      .filter((x) => x.deleted === 0)
      .map((x) => ({
        name: x.name,
        datatype: x.datatype as "string",
        // A reference property keeps its patterns in `format` (docs/lineage.md).
        ...(x.datatype === REFERENCE_DATATYPE
          ? { references: referencesOf(x.format) }
          : { format: x.format }),
        required: yes(x.required),
        description: x.description,
        pos_no: x.posNo,
      })),
    functional_roles: parts.roles
      .filter((r) => r.deleted === 0)
      .map((r) => ({
        name: r.name,
        cardinality_min: r.cardinalityMin,
        cardinality_max: r.cardinalityMax,
        class: r.class,
        domain: r.domain,
        readonly: yes(r.readonly),
        disabled: yes(r.disabled),
        merge_strategy: r.mergeStrategy,
        pos_no: r.posNo,
      })),
    variables: parts.variables.map((v) => ({
      name: v.name,
      default: v.defaultValue,
      description: v.description,
    })),
    templates: parts.templates.map((t) => ({ path: t.path, body: t.body })),
    deployments: parts.deployments.map((d) => ({
      name: d.name,
      kind: d.kind as "directory",
      config: JSON.parse(d.config) as Record<string, unknown>,
    })),
    // Left out when empty: exports of patterns without snippets read as before.
    ...(parts.snippets.length > 0 && {
      snippets: parts.snippets.map((s) => ({ name: s.name, body: s.body })),
    }),
  };
}
