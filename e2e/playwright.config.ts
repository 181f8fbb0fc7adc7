import { defineConfig } from "@playwright/test";

/**
 * Browser tests against the REAL server (started by global-setup.ts with the
 * demo bundle on a fresh data directory), driving Debian's Chromium.
 */
export default defineConfig({
  testDir: "./tests",
  globalSetup: "./global-setup.ts",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous: the test machines are small and often busy. Tests wait for
  // what a person waits for, never for fixed times.
  timeout: 120_000,
  // A page opened cold parses the console's chunks (AG Grid, Monaco) before
  // it asks for data: at load 13-33 that alone took 10-20 s (docs/testing.md).
  expect: { timeout: 30_000 },
  reporter: [["list"]],
  use: {
    viewport: { width: 1280, height: 800 },
    colorScheme: "light",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.METABUILD_CHROMIUM ?? "/usr/bin/chromium",
      // Without the background-networking flags Chromium calls home (see stack.md).
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
