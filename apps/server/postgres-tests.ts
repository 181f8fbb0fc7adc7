// The apps/server test files the `server-postgres` Vitest project runs on
// PostgreSQL (docs/stores.md "Tests"): every file here passes on both stores.
export const postgresTestFiles: string[] = [
  "src/routes/v1/projects/*.test.ts",
  "src/routes/v1/instances/instances.test.ts",
  "src/routes/v1/instances/instance-subtrees.test.ts",
  "src/routes/console/instance-names.test.ts",
  "src/routes/console/variables/cascade.test.ts",
  "src/services/instances.test.ts",
];
