import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../..");
/** The client modules: the only console source that may name an `/api/` URL. */
const CLIENT = "lib/api/";
/** `/api/` as a URL, not a folder in an import path (`../api/get-me.ts`). */
const API_URL = /(?<![\w.])\/api\//;

/** A page URL spelled in a link or navigation instead of built by `app/paths.ts`. */
const PAGE_URL = /(?:\bto=\{?|navigate\(|href=\{?)\s*["`]\//;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Lines of console source (tests left out: they may assert a URL) matching `pattern`. */
function linesMatching(pattern: RegExp, except: string): string[] {
  return sources(SRC)
    .map((path) => relative(SRC, path).split("\\").join("/"))
    .filter((file) => !file.startsWith(except) && !file.endsWith(".test.ts"))
    .flatMap((file) =>
      readFileSync(join(SRC, file), "utf8")
        .split("\n")
        .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe("console source", () => {
  it("spells no /api/ URL outside the client (features name operations: docs/architecture.md)", () => {
    expect(linesMatching(API_URL, CLIENT)).toEqual([]);
  });

  it("links and navigates to pages built by app/paths.ts, never a spelled URL", () => {
    expect(linesMatching(PAGE_URL, "app/paths.ts")).toEqual([]);
  });
});
