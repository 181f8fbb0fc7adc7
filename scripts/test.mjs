// `pnpm test` after lint and typecheck: builds the console, then runs every
// Vitest project and the Playwright browser tests side by side
// (docs/testing.md "Run time"). Most of both waits on PostgreSQL, servers and
// a browser rather than on the CPU, so together they take little more than
// the longer of the two. The browser tests' lines are prefixed `[e2e]`.
// Exits non-zero when either fails.
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";

const pnpm = process.platform === "win32" ? "pnpm.cmd" : "pnpm";

const build = spawnSync(pnpm, ["--filter", "@metabuild/console", "build"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

function run(args, prefix) {
  const child = spawn(pnpm, args, { stdio: prefix ? ["ignore", "pipe", "pipe"] : "inherit" });
  if (prefix)
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on("line", (line) => console.log(`${prefix} ${line}`));
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const [unit, e2e] = await Promise.all([
  run(["exec", "vitest", "run"]),
  run(["--filter", "@metabuild/e2e", "test"], "[e2e]"),
]);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `\nvitest: ${unit === 0 ? "passed" : `FAILED (${unit})`}; browser tests: ${e2e === 0 ? "passed" : `FAILED (${e2e})`}; ${minutes} min side by side`,
);
process.exit(unit !== 0 ? unit : e2e);
