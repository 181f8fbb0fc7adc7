// `pnpm api:generate`: rewrites packages/contract/src/api-paths.ts, the
// `paths` types of the console's typed client (docs/openapi.md "Typed client").
import { writeFileSync } from "node:fs";
import { API_PATHS_FILE, renderApiPaths } from "../src/testing/api-paths.ts";

writeFileSync(API_PATHS_FILE, await renderApiPaths());
console.log(`wrote ${API_PATHS_FILE.pathname}`);
