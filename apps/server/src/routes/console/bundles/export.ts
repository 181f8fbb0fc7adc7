import { BundleExportQuery } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const exportBundleOperation = defineOperation({
  method: "get",
  path: "/api/console/bundles/export",
  summary: "A project's bundle (YAML), or the whole customer's (admins)",
  description:
    "With `project` (a name): its release groups, patterns and the project with its folders, " +
    "tables and instances, as `metabuild export` writes them; users and agents are left out. " +
    "Needs `access` on the project (404 for an unknown one, 403 without access). Without " +
    "`project`: the whole customer, password and secret hashes included; admins only (403).",
  tags: ["console"],
  query: BundleExportQuery,
  responseType: "application/yaml",
});
