import { z } from "zod";
import { BundlePattern } from "./bundle.ts";
import { queryBoolean, queryInt } from "./common.ts";
import { LineageImpact } from "./lineage-impact.ts";
import { Pattern } from "./patterns.ts";

/**
 * Pattern authoring in the console (docs/patterns-authoring.md). A pattern's
 * definition has the bundle's pattern shape (docs/bundles.md), so what the
 * editor saves and what a bundle imports go through one code path; the
 * server numbers the versions, so `vers_no` is not part of it.
 */
export const PatternDefinition = BundlePattern.omit({ vers_no: true }).meta({
  id: "PatternDefinition",
});
export type PatternDefinition = z.infer<typeof PatternDefinition>;
export type PatternDefinitionInput = z.input<typeof PatternDefinition>;

/** PUT /api/console/patterns/:id: the whole definition plus the version it was edited from. */
export const PatternSave = BundlePattern.omit({ vers_no: true })
  .extend({
    base_version: z
      .number()
      .int()
      .positive()
      .optional()
      .meta({ description: "The vers_no the change was edited from (or an If-Match header)" }),
  })
  .meta({ id: "PatternSave" });
export type PatternSaveInput = z.input<typeof PatternSave>;

export const PatternSaveQuery = z.object({
  dry_run: queryBoolean
    .optional()
    .meta({ description: "true: answer what the save would do, store nothing" }),
});

/** The pattern with its current definition: what the editor loads. */
export const PatternAuthoring = z
  .object({
    pattern: Pattern,
    /** The pattern's version number (its `vers_no` as an integer): the next save's base_version. */
    version: z.number().int(),
    definition: PatternDefinition,
  })
  .meta({ id: "PatternAuthoring" });
export type PatternAuthoring = z.infer<typeof PatternAuthoring>;

/** What a save (or its dry run) did to the pattern's instances. */
export const PatternSaveResult = z
  .object({
    pattern: Pattern,
    version: z.number().int(),
    dry_run: z.boolean(),
    /** Instances valid before the save that are invalid after it. */
    invalid_instances: z.number().int(),
    /** Instances of the pattern invalid after the save, those before included. */
    invalid_total: z.number().int(),
    /** A dry run's impact downstream (docs/lineage.md "Impact"). */
    impact: LineageImpact.optional(),
  })
  .meta({ id: "PatternSaveResult" });
export type PatternSaveResult = z.infer<typeof PatternSaveResult>;

export const PatternVersionEntry = z
  .object({
    version: z.number().int(),
    user: z.string().nullable().meta({ description: "E-mail of who saved it" }),
    created_at: z.string(),
  })
  .meta({ id: "PatternVersionEntry" });
export type PatternVersionEntry = z.infer<typeof PatternVersionEntry>;

export const PatternVersionList = z.object({ data: z.array(PatternVersionEntry) });
export type PatternVersionList = z.infer<typeof PatternVersionList>;

export const PatternVersionParams = z.object({ id: queryInt, version: queryInt });

export const PatternVersionDetail = PatternVersionEntry.extend({
  definition: PatternDefinition,
}).meta({ id: "PatternVersionDetail" });
export type PatternVersionDetail = z.infer<typeof PatternVersionDetail>;

const PreviewTemplate = z.strictObject({ path: z.string().min(1), body: z.string() });

export const PatternPreviewRequest = z
  .strictObject({
    instance_id: z.number().int().positive(),
    templates: z
      .array(PreviewTemplate)
      .optional()
      .meta({ description: "Templates to render instead of the stored ones" }),
    snippets: z
      .array(z.strictObject({ name: z.string(), body: z.string() }))
      .optional()
      .meta({ description: "Snippets to use instead of the stored ones" }),
  })
  .meta({ id: "PatternPreviewRequest" });
export type PatternPreviewRequest = z.infer<typeof PatternPreviewRequest>;

export const PreviewError = z
  .object({
    template: z.string(),
    line: z.number().int().nullable(),
    column: z.number().int().nullable(),
    message: z.string(),
  })
  .meta({ id: "PreviewError" });
export type PreviewError = z.infer<typeof PreviewError>;

export const PatternPreview = z
  .object({
    files: z.array(z.object({ path: z.string(), content: z.string() })),
    errors: z.array(PreviewError),
  })
  .meta({ id: "PatternPreview" });
export type PatternPreview = z.infer<typeof PatternPreview>;
