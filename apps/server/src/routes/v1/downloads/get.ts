import { IdParam } from "@metabuild/contract";
import { defineOperation } from "../../../http/operation.ts";

export const getDownload = defineOperation({
  method: "get",
  path: "/api/v1/downloads/:id",
  summary: "The file of a download (needs read_builds)",
  description:
    "A zip archive of one pattern's rendered files plus `manifest.json`; `Content-Disposition` names the file. Each fetch counts in `downloaded`.",
  tags: ["downloads"],
  params: IdParam,
  responseType: "application/zip",
});
