// The apps/server test files the `server-postgres` Vitest project runs on
// PostgreSQL (docs/stores.md "Tests"): every file here passes on both stores.
export const postgresTestFiles: string[] = [
  "src/routes/v1/projects/*.test.ts",
  "src/routes/v1/instances/instances.test.ts",
  "src/routes/v1/instances/instance-subtrees.test.ts",
  "src/routes/console/instance-names.test.ts",
  "src/routes/console/variables/cascade.test.ts",
  "src/services/instances.test.ts",
  "src/routes/auth/*.test.ts",
  "src/routes/console/admin/*.test.ts",
  "src/routes/console/account/*.test.ts",
  "src/routes/console/audit/audit-metadata.test.ts",
  "src/routes/console/me.test.ts",
  "src/routes/v1/releases/*.test.ts",
  "src/routes/v1/release_groups/*.test.ts",
  "src/routes/v1/instance_folders/*.test.ts",
  "src/services/auth.test.ts",
  "src/services/login-throttle.test.ts",
  "src/routes/health.test.ts",
  "src/routes/v1/labels/*.test.ts",
];
