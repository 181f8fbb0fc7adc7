import { Download, DownloadQuery, IdParam } from "../index.ts";
import { z } from "zod";
import { defineOperation } from "./operation.ts";

export const listDownloads = defineOperation({
  method: "get",
  path: "/api/v1/downloads",
  summary: "Build results of the projects the user may access",
  tags: ["downloads"],
  query: DownloadQuery,
  response: z.array(Download),
});

export const getDownload = defineOperation({
  method: "get",
  path: "/api/v1/downloads/:id",
  summary: "The file of a download (needs read_builds)",
  description:
    "A zip archive of one pattern's rendered files plus `manifest.json`; `Content-Disposition` names the file. Each fetch counts in `downloaded`. 503 when the archive is not in this server process's data folder (processes of one store must share METABUILD_DATA_DIR: docs/scale-out.md).",
  errors: [503],
  tags: ["downloads"],
  params: IdParam,
  responseType: "application/zip",
});
