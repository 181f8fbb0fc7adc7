import openapiTS, { astToString } from "openapi-typescript";
import { createHarness } from "./harness.ts";

/** Where the generated `paths` types of the console's client live (docs/openapi.md "Typed client"). */
export const API_PATHS_FILE = new URL(
  "../../../../packages/contract/src/api-paths.ts",
  import.meta.url,
);

const HEADER = `// Generated from the OpenAPI document by \`pnpm api:generate\`: do not edit.
// Paths under /api are given relative to it: the console's client adds the
// prefix (docs/openapi.md "Typed client").
`;

/**
 * The OpenAPI document with every `/api/...` path rebased onto `/api`, so the
 * console's calls name `/v1/projects`, never a URL of their own.
 */
async function consoleDocument(): Promise<Record<string, unknown>> {
  const h = createHarness();
  const doc = (await (await h.app.request("/api/v1/openapi.json")).json()) as {
    paths: Record<string, unknown>;
  };
  const paths = Object.entries(doc.paths)
    .map(([path, item]) => [path.startsWith("/api/") ? path.slice(4) : path, item] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { ...doc, paths: Object.fromEntries(paths) };
}

/** The text of packages/contract/src/api-paths.ts as the current operations make it. */
export async function renderApiPaths(): Promise<string> {
  const ast = await openapiTS((await consoleDocument()) as never, {
    rootTypes: false,
    alphabetize: true,
  });
  return HEADER + astToString(ast);
}
