import { MetadataSchema, MetadataSchemaQuery } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const metadataSchema = defineOperation({
  method: "get",
  path: "/api/console/metadata/schema",
  summary: "Tables, views and columns of the metadata dialect in a project (editor completion)",
  tags: ["console"],
  query: MetadataSchemaQuery,
  response: MetadataSchema,
});
