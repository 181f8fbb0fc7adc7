import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    // One module graph per worker, not per file: importing the app took
    // longer than the tests themselves (docs/testing.md "Run time").
    isolate: false,
    // Real processes, PostgreSQL and builds on two busy cores: a wait that
    // takes 5 s is slow, not failed. Timings are never asserted.
    testTimeout: 30_000,
    // The run's PostgreSQL cluster, started only if a test asks (docs/stores.md "Tests").
    globalSetup: ["../../packages/db/src/testing/postgres-global-setup.ts"],
  },
});
