import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { API_PATHS_FILE, renderApiPaths } from "../testing/api-paths.ts";

it("the console's generated client types match the operations (else run `pnpm api:generate`)", async () => {
  const checkedIn = readFileSync(API_PATHS_FILE, "utf8");
  expect(
    checkedIn === (await renderApiPaths()),
    "packages/contract/src/api-paths.ts is stale: run `pnpm api:generate`",
  ).toBe(true);
});
