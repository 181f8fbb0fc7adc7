// `pnpm build`: compiles the server (CLI, render workers, SQL executors) and
// the agent to JavaScript with esbuild, so production runs plain `node` with
// no TypeScript tooling (docs/operations.md "Runtime").
//
// - The server bundles the workspace packages (@metabuild/*) and keeps every
//   npm package external: they install with `pnpm install --prod`, and the
//   build fails when one is imported but not in apps/server's dependencies.
// - The agent bundles everything but better-sqlite3 (native), so its tarball
//   installs on a host of its own with `npm install -g` (docs/agents.md).
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const root = join(import.meta.dirname, "..");
// --out DIR writes DIR/apps/<app>/dist instead (the production-install test
// builds into its own copy); --only server|agent builds one of the two.
const { values: flags } = parseArgs({
  options: { out: { type: "string", default: root }, only: { type: "string" } },
});
const builtins = new Set(builtinModules);

// ESM bundles of CommonJS code call require(): give them one.
const banner = {
  js: 'import { createRequire as __mbCreateRequire } from "node:module"; const require = __mbCreateRequire(import.meta.url);',
};

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  logLevel: "warning",
  metafile: true,
  banner,
  outExtension: { ".js": ".js" },
};

/** The npm package an import names (`@scope/name/sub` → `@scope/name`), or undefined for a built-in. */
function packageOf(path) {
  if (path.startsWith("node:") || builtins.has(path.split("/")[0])) return undefined;
  const parts = path.split("/");
  return path.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Keeps npm packages out of the bundle, except those `bundled(name)` takes in. */
function externals(bundled) {
  return {
    name: "externals",
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        const pkg = packageOf(args.path);
        if (pkg === undefined) return { path: args.path, external: true };
        return bundled(pkg) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

/** Fails the build when the bundle imports an npm package the app does not depend on. */
function checkDependencies(app, result, optional = []) {
  const manifest = JSON.parse(readFileSync(join(root, app, "package.json"), "utf8"));
  const fields = ["dependencies", "optionalDependencies"];
  const declared = new Set([...optional, ...fields.flatMap((f) => Object.keys(manifest[f] ?? {}))]);
  const missing = new Set();
  for (const output of Object.values(result.metafile.outputs))
    for (const imp of output.imports) {
      const pkg = imp.external ? packageOf(imp.path) : undefined;
      if (pkg && !declared.has(pkg)) missing.add(pkg);
    }
  if (missing.size > 0)
    throw new Error(
      `${app}/package.json lacks runtime dependencies the build imports: ${[...missing].join(", ")}`,
    );
}

async function buildServer() {
  const out = join(flags.out, "apps/server/dist");
  rmSync(out, { recursive: true, force: true });
  const [result, children] = await Promise.all([
    build({
      ...common,
      entryPoints: { main: join(root, "apps/server/src/cli/main.ts") },
      outdir: out,
      // main.js is also the `metabuild` command of a production folder (docs/operations.md).
      banner: { js: `#!/usr/bin/env node\n${banner.js}` },
      plugins: [externals((pkg) => pkg.startsWith("@metabuild/"))],
    }),
    // The children start on demand (docs/limits.md, METABUILD_CHILD_IDLE_SECONDS): each is one
    // file with its npm code inside, so a start reads one file instead of hundreds of modules,
    // which took a minute on a busy machine (docs/operations.md "Runtime").
    build({
      ...common,
      entryPoints: {
        "executor-process": join(root, "apps/server/src/services/metadata/executor-process.ts"),
        "render-worker": join(root, "packages/core/src/render/worker.ts"),
      },
      outdir: out,
      plugins: [externals((pkg) => !NATIVE.has(pkg))],
    }),
  ]);
  chmodSync(join(out, "main.js"), 0o755);
  checkDependencies("apps/server", result);
  // The optional add-ons stay optional: the bundled pg loads pg-native only when installed.
  checkDependencies(
    "apps/server",
    children,
    [...NATIVE].filter((pkg) => pkg !== "better-sqlite3"),
  );
  // The store's migrations are read at run time, beside the bundle.
  cpSync(join(root, "packages/db/migrations"), join(out, "migrations"), { recursive: true });
  cpSync(join(root, "packages/db/migrations-pg"), join(out, "migrations-pg"), { recursive: true });
}

// Native add-ons (and optional ones the bundled packages load only when present): never bundled.
const NATIVE = new Set(["better-sqlite3", "pg-native", "bufferutil", "utf-8-validate"]);

async function buildAgent() {
  const out = join(flags.out, "apps/agent/dist");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const result = await build({
    ...common,
    entryPoints: { main: join(root, "apps/agent/src/main.ts") },
    outdir: out,
    banner: { js: `#!/usr/bin/env node\n${banner.js}` },
    plugins: [externals((pkg) => !NATIVE.has(pkg))],
  });
  // The SQLite worker thread is plain JavaScript already.
  cpSync(join(root, "apps/agent/src/sqlite-worker.js"), join(out, "sqlite-worker.js"));
  const imported = new Set();
  for (const output of Object.values(result.metafile.outputs))
    for (const imp of output.imports) if (imp.external) imported.add(packageOf(imp.path));
  for (const pkg of imported)
    if (pkg && !NATIVE.has(pkg))
      throw new Error(`the agent bundle left ${pkg} external: it must have no such dependency`);
}

const started = performance.now();
const apps = { server: buildServer, agent: buildAgent };
const chosen = flags.only ? [flags.only] : Object.keys(apps);
for (const name of chosen)
  if (!apps[name]) throw new Error(`--only takes server or agent, not ${name}`);
await Promise.all(chosen.map((name) => apps[name]()));
const took = Math.round(performance.now() - started);
console.log(`built ${chosen.map((n) => `apps/${n}/dist`).join(" and ")} in ${took} ms`);
