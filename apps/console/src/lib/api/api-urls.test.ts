import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../..");
/** The client modules: the only console source that may name an `/api/` URL. */
const CLIENT = "lib/api/";
/** `/api/` as a URL, not a folder in an import path (`../api/get-me.ts`). */
const API_URL = /(?<![\w.])\/api\//;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("console source", () => {
  it("spells no /api/ URL outside the client (features name operations: docs/architecture.md)", () => {
    const offenders = sources(SRC)
      .map((path) => relative(SRC, path).split("\\").join("/"))
      // Tests may assert the URL a request went to.
      .filter((file) => !file.startsWith(CLIENT) && !file.endsWith(".test.ts"))
      .flatMap((file) =>
        readFileSync(join(SRC, file), "utf8")
          .split("\n")
          .flatMap((line, i) => (API_URL.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
