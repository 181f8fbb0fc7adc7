import { defineProject } from "vitest/config";

// Pure console logic (URL state, query encoding); pages are covered by e2e/.
// 30 s like the server's: importing Monaco's lexer took over 5 s at load 30.
export default defineProject({
  test: { name: "console", include: ["src/**/*.test.ts"], testTimeout: 30_000 },
});
