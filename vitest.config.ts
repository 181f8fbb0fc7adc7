import { defineConfig } from "vitest/config";
import { postgresTestFiles } from "./apps/server/postgres-tests.ts";

// One runner for every package; each project keeps its own include list so
// compiled copies (dist/) never run twice. `server-postgres` runs the server
// tests again on PostgreSQL (docs/stores.md "Tests").
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the 2-core
    // machines, while most server tests wait on PostgreSQL, child processes
    // or the network rather than on the CPU (docs/testing.md "Run time").
    maxWorkers: 3,
    projects: [
      "packages/*",
      "apps/server",
      "apps/agent",
      "apps/console",
      {
        root: "./apps/server",
        test: {
          name: "server-postgres",
          include: postgresTestFiles,
          isolate: false,
          testTimeout: 30_000,
          env: { METABUILD_TEST_STORE: "postgres" },
          globalSetup: ["../../packages/db/src/testing/postgres-global-setup.ts"],
          setupFiles: ["../../packages/db/src/testing/postgres-setup.ts"],
        },
      },
    ],
  },
});
