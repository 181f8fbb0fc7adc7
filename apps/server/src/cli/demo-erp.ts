import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createFileDatabaseIfMissing } from "@metabuild/db";
import { DEMO_BUNDLE } from "./demo.ts";

/** The script that builds the demo's ERP source (docs/harvesting.md "The demo source"). */
export const DEMO_ERP_SCRIPT = join(dirname(DEMO_BUNDLE), "erp/erp.sql");
/** Where demo/agent.yaml's source `erp` points. */
export const DEMO_ERP_FILE = join(dirname(DEMO_BUNDLE), "../data/agent/demo-erp.db");

/**
 * Creates the demo's ERP SQLite file from demo/erp/erp.sql when it is
 * missing (an existing file is left alone). Answers whether it created it.
 */
export function createDemoErpIfMissing(file = DEMO_ERP_FILE, script = DEMO_ERP_SCRIPT): boolean {
  return createFileDatabaseIfMissing(file, readFileSync(script, "utf8"));
}
