// `node scripts/deploy.mjs DIR`: the production folder, after `pnpm build`
// (README "Run it in production", docs/operations.md "Production folder").
//
// DIR gets apps/server's compiled code (`dist/`) with its runtime
// dependencies only — `pnpm deploy --prod`, installed from the lockfile, no
// TypeScript tooling — and beside it the built console (`console/`) and the
// demo bundle (`demo/`), where the compiled server looks for them
// (apps/server/src/infra/install-layout.ts). In DIR, `node dist/main.js serve`
// starts the server and `pnpm metabuild …` (or `node dist/main.js …`) runs the
// CLI. Extra arguments go to `pnpm deploy` (the tests pass `--offline`).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";

const root = join(import.meta.dirname, "..");
const [target, ...deployFlags] = process.argv.slice(2);
if (!target || target.startsWith("-")) {
  console.error("usage: node scripts/deploy.mjs DIR [pnpm deploy flags]");
  process.exit(2);
}
const dir = resolve(target);

for (const built of ["apps/server/dist/main.js", "apps/console/dist/index.html"])
  if (!existsSync(join(root, built))) {
    console.error(`${built} is missing: run \`pnpm build\` first`);
    process.exit(1);
  }

// pnpm 10 deploys only with injected workspace packages; the server's are
// devDependencies bundled into dist/, so injecting changes nothing else.
const deploy = spawnSync(
  "pnpm",
  [
    "--config.inject-workspace-packages=true",
    "--filter",
    "@metabuild/server",
    "deploy",
    "--prod",
    ...deployFlags,
    dir,
  ],
  { cwd: root, stdio: "inherit" },
);
if (deploy.status !== 0) process.exit(deploy.status ?? 1);

cpSync(join(root, "apps/console/dist"), join(dir, "console"), { recursive: true });
cpSync(join(root, "demo"), join(dir, "demo"), { recursive: true });
console.log(`deployed to ${dir}: start it with \`node dist/main.js serve\` there`);
