// The apps/server test files the `server-postgres` Vitest project runs on
// PostgreSQL (docs/stores.md "Tests"): every file here passes on both stores.
export const postgresTestFiles: string[] = [
  "src/routes/v1/projects/*.test.ts",
  "src/routes/v1/agents/*.test.ts",
  "src/routes/v1/agent_groups/*.test.ts",
  "src/routes/v1/build_deployments/*.test.ts",
  "src/routes/v1/deployments/*.test.ts",
  "src/routes/v1/downloads/*.test.ts",
  "src/routes/v1/functional_roles/*.test.ts",
  "src/routes/v1/harvests/harvests-security.test.ts",
  "src/routes/v1/instance_properties/*.test.ts",
  "src/routes/v1/pattern_variables/*.test.ts",
  "src/routes/v1/patterns/*.test.ts",
  "src/routes/console/deployment-plans/*.test.ts",
  "src/routes/console/pattern-templates.test.ts",
  "src/routes/console/patterns/preview.test.ts",
  "src/services/agents/hub.test.ts",
  "src/services/agents/plan-runner.test.ts",
];
