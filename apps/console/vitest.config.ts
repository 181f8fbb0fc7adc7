import { defineProject } from "vitest/config";

// Pure console logic (URL state, query encoding); pages are covered by e2e/.
export default defineProject({
  test: { name: "console", include: ["src/**/*.test.ts"] },
});
