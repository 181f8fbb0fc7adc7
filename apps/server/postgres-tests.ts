// The apps/server test files the `server-postgres` Vitest project runs on
// PostgreSQL (docs/stores.md "Tests"): every file here passes on both stores.
export const postgresTestFiles: string[] = ["src/routes/v1/projects/*.test.ts"];
