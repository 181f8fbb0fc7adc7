import {
  IdParam,
  PatternAuthoring,
  PatternDefinition,
  PatternPreview,
  PatternPreviewRequest,
  PatternSave,
  PatternSaveQuery,
  PatternSaveResult,
  PatternVersionDetail,
  PatternVersionList,
  PatternVersionParams,
} from "../../index.ts";
import { defineOperation } from "../operation.ts";

export const createPattern = defineOperation({
  method: "post",
  path: "/api/console/patterns",
  status: 201,
  errors: [409],
  summary: "Create a pattern (admins): version 1 of its definition",
  description:
    "The definition has the bundle's pattern shape (docs/bundles.md) without `vers_no`: " +
    "properties, functional roles, variables, templates, deployments and snippets. " +
    "409 when a pattern of that name exists.",
  tags: ["console"],
  body: PatternDefinition,
  response: PatternAuthoring,
});

export const getPatternAuthoring = defineOperation({
  method: "get",
  path: "/api/console/patterns/:id",
  summary: "A pattern with its whole definition and version, as the pattern editor loads it",
  tags: ["console"],
  params: IdParam,
  response: PatternAuthoring,
});

export const savePattern = defineOperation({
  method: "put",
  path: "/api/console/patterns/:id",
  errors: [409],
  summary: "Save an edited pattern (admins) as its next version",
  description:
    "The whole definition; what it leaves out is removed (properties and roles are marked " +
    "deleted, a deployment a build used is refused). Based on the version it was edited from " +
    "(`base_version` or If-Match, required): 409 naming the current version and its author when " +
    "someone saved since. The pattern's instances are re-validated; the answer counts those that " +
    "became invalid. `dry_run=true` answers the same and stores nothing, with the save's " +
    '`impact` (docs/lineage.md "Impact"): instances of the pattern and downstream whose files ' +
    "change, with a sample diff, those that become invalid, the deployments affected; 413 when " +
    "the pattern has more than METABUILD_IMPACT_MAX_INSTANCES live instances.",
  tags: ["console"],
  params: IdParam,
  query: PatternSaveQuery,
  body: PatternSave,
  response: PatternSaveResult,
});

export const listPatternVersions = defineOperation({
  method: "get",
  path: "/api/console/patterns/:id/versions",
  summary: "A pattern's saved versions, oldest first (version, who, when)",
  tags: ["console"],
  params: IdParam,
  response: PatternVersionList,
});

export const getPatternVersion = defineOperation({
  method: "get",
  path: "/api/console/patterns/:id/versions/:version",
  summary: "One saved version of a pattern with its definition",
  tags: ["console"],
  params: PatternVersionParams,
  response: PatternVersionDetail,
});

export const previewPattern = defineOperation({
  method: "post",
  path: "/api/console/patterns/:id/preview",
  summary: "Render a pattern's templates for one instance without storing anything",
  description:
    "`templates` (and `snippets`) replace the stored ones for this render; without them the " +
    "stored ones render. Each template's failure is an entry of `errors` with its line and " +
    "column; the other templates still render. Edited templates need pattern authoring rights " +
    "(admins); stored ones need access to the instance's project. Renders where builds do " +
    "(the render workers), under the builds' limits. 413 names the first template whose " +
    "rendered text passes the output limits (docs/limits.md).",
  tags: ["console"],
  errors: [413],
  params: IdParam,
  body: PatternPreviewRequest,
  response: PatternPreview,
});
