import type { AccessService } from "../access.ts";
import type { AppDeps } from "../deps.ts";
import type { InstanceWriter } from "../instances/writer.ts";
import type { InstanceService } from "../instances/service.ts";
import { SpreadsheetExports } from "./export.ts";
import { SpreadsheetUploads } from "./upload.ts";

/** Spreadsheet upload (POST /api/v1/instances) and workbook exports. */
export function createSpreadsheetServices(
  deps: AppDeps,
  shared: { access: AccessService; instances: InstanceService; instanceWriter: InstanceWriter },
) {
  return {
    spreadsheetUploads: new SpreadsheetUploads(
      deps.db,
      shared.access,
      shared.instanceWriter,
      {
        maxUnpackedBytes: deps.config.uploadMaxUnpackedBytes,
        write: deps.config.limits,
      },
      deps.metrics,
    ),
    spreadsheetExports: new SpreadsheetExports(deps.db, shared.access, shared.instances),
  };
}
