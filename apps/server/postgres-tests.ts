// The apps/server test files the `server-postgres` Vitest project runs on
// PostgreSQL (docs/stores.md "Tests"): every file here passes on both stores.
export const postgresTestFiles: string[] = [
  "src/routes/v1/projects/*.test.ts",
  "src/routes/console/metadata/table-load.test.ts",
  "src/routes/console/metadata/scripts/*.test.ts",
  "src/routes/console/bundles/bundle-scripts.test.ts",
  "src/bundle/views.test.ts",
  "src/bundle/snippets.test.ts",
  "src/bundle/parse-off-thread.test.ts",
];
