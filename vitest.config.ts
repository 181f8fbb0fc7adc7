import { defineConfig } from "vitest/config";

// One runner for every package; each project keeps its own include list so
// compiled copies (dist/) never run twice.
export default defineConfig({
  test: {
    projects: ["packages/*", "apps/server", "apps/agent", "apps/console"],
  },
});
