import { existsSync } from "node:fs";
import { join } from "node:path";

/**
 * Where the compiled server finds a folder it ships with (the console, the
 * demo bundle). A production folder made by `scripts/deploy.mjs` keeps it
 * beside `dist/` (`DIR/console`, `DIR/demo`); the repository keeps it where
 * the workspace does (docs/operations.md "Runtime").
 *
 * `here` is the calling module's `import.meta.url`: from source (`.ts`) the
 * repository's place is the only one.
 */
export function shippedFolder(here: URL | string, name: string, inRepository: string): string {
  const url = new URL(here);
  if (url.pathname.endsWith(".ts")) return inRepository;
  const beside = join(new URL(".", url).pathname, "..", name);
  return existsSync(beside) ? beside : inRepository;
}
