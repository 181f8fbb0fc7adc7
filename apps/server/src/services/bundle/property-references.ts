import type { BundlePattern } from "@metabuild/contract";
import { REFERENCE_DATATYPE, storedReferences } from "@metabuild/core";
import { findPatternByName } from "@metabuild/db";
import type { EntryPath, ImportContext } from "./context.ts";
import { BundleError } from "./parse.ts";

/**
 * The `format` a property is stored with: a `reference` property keeps the
 * patterns it may point to there (docs/lineage.md "References"), which must
 * be given, non-empty, and name patterns of the customer (this one, or one
 * the same bundle brings: `alsoKnown`).
 */
export async function storedPropertyFormat(
  ctx: ImportContext,
  prop: BundlePattern["properties"][number],
  path: EntryPath,
  alsoKnown: ReadonlySet<string>,
): Promise<string | null> {
  if (prop.datatype !== REFERENCE_DATATYPE) {
    if (prop.references !== undefined)
      throw new BundleError(
        [...path, "references"],
        `only a property of datatype '${REFERENCE_DATATYPE}' has references`,
      );
    return prop.format ?? null;
  }
  if (prop.format !== undefined && prop.format !== null && prop.format !== "")
    throw new BundleError(
      [...path, "format"],
      `a '${REFERENCE_DATATYPE}' property has no format: its references say what it holds`,
    );
  const references = [...new Set(prop.references ?? [])];
  if (references.length === 0)
    throw new BundleError(
      [...path, "references"],
      "must name at least one pattern the reference may point to",
    );
  for (const [i, name] of references.entries()) {
    if (name.includes(",") || name.includes(":") || name.includes("/"))
      throw new BundleError([...path, "references", i], `'${name}' is not a pattern name`);
    if (alsoKnown.has(name)) continue;
    const found = await findPatternByName(ctx.db, ctx.customerId, name);
    if (!found || found.deleted === 1)
      throw new BundleError([...path, "references", i], `unknown pattern '${name}'`);
  }
  return storedReferences(references);
}
