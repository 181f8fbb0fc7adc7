import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "db",
    include: ["src/**/*.test.ts"],
    // One PostgreSQL cluster per run, started on first use (docs/stores.md "Tests").
    globalSetup: ["src/testing/postgres-global-setup.ts"],
  },
});
