import { Download, DownloadQuery } from "@metabuild/contract";
import { z } from "zod";
import { defineOperation } from "../../../http/operation.ts";

export const listDownloads = defineOperation({
  method: "get",
  path: "/api/v1/downloads",
  summary: "Build results of the projects the user may access",
  tags: ["downloads"],
  query: DownloadQuery,
  response: z.array(Download),
});
