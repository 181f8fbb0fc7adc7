import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    // The run's PostgreSQL cluster, started only if a test asks (docs/stores.md "Tests").
    globalSetup: ["../../packages/db/src/testing/postgres-global-setup.ts"],
  },
});
