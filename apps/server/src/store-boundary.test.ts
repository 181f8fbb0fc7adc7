import { readFileSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

// apps/server names no store dialect (docs/stores.md "One port, two
// adapters"): packages/db chooses SQLite or PostgreSQL behind its store
// functions, and only config.ts reads the DATABASE_URL's scheme. Test files
// and testing/ (which pick the test run's store) are left out.
const SRC = new URL(".", import.meta.url).pathname;

const DRIVER_IMPORT =
  /^(better-sqlite3|pg|pg-[\w-]+|postgres|drizzle-orm\/(sqlite-core|pg-core|better-sqlite3|node-postgres)(\/.*)?|@metabuild\/db\/(pg|pg-sql)(\/.*)?)$/;
/** An identifier naming a dialect, a store kind compared, or a dialect's string value. */
const DIALECT_NAME = /postgres|sqlite|\bpg[A-Z_]\w*|\bpg\b|storeKind/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The module specifiers a file imports (static, dynamic and re-exports). */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]);
}

const DIALECT_VALUE = /^(postgres|postgresql|sqlite|pg)$/i;

/**
 * The file's code without comments, and string literals blanked unless they
 * are exactly a dialect's name ("postgres", "sqlite"), as compared with a kind.
 * Messages and metric names shown to people may name the store; the code in
 * a template literal's `${…}` is kept.
 */
function codeOf(text: string): string {
  let out = "";
  let at = 0;
  // Open template literals and, inside their `${`, the braces open since.
  const templates: number[] = [];
  const literal = (quote: string) => {
    let value = "";
    for (at++; at < text.length && text[at] !== quote; at++) {
      if (text[at] === "\\") value += text[at++];
      value += text[at];
    }
    at++;
    out += DIALECT_VALUE.test(value) ? `"${value}"` : '""';
  };
  const templateText = () => {
    // After "`" or a closing "}" of `${…}`: literal text up to "${" or the closing "`".
    for (; at < text.length; at++) {
      if (text[at] === "\\") at++;
      else if (text[at] === "`") {
        at++;
        out += '""';
        return;
      } else if (text[at] === "$" && text[at + 1] === "{") {
        at += 2;
        out += "(";
        templates.push(0);
        return;
      } else if (text[at] === "\n") out += "\n";
    }
  };
  while (at < text.length) {
    const c = text[at];
    const next = text[at + 1];
    if (c === "/" && next === "/") {
      while (at < text.length && text[at] !== "\n") at++;
    } else if (c === "/" && next === "*") {
      const end = text.indexOf("*/", at + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(at, stop).replace(/[^\n]/g, "");
      at = stop;
    } else if (c === '"' || c === "'") literal(c);
    else if (c === "`") {
      at++;
      templateText();
    } else if (templates.length > 0 && c === "{") {
      templates[templates.length - 1]++;
      out += c;
      at++;
    } else if (templates.length > 0 && c === "}") {
      at++;
      if (templates[templates.length - 1] === 0) {
        templates.pop();
        out += ")";
        templateText();
      } else {
        templates[templates.length - 1]--;
        out += c;
      }
    } else {
      out += c;
      at++;
    }
  }
  return out;
}

describe("apps/server names no store dialect", () => {
  const files = sourceFiles(SRC).filter((file) => relative(SRC, file) !== "config.ts");

  it("finds the server's source files", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("no source file outside config.ts imports a driver or a dialect's module", () => {
    const offenders = files.flatMap((file) =>
      importsOf(readFileSync(file, "utf8"))
        .filter((spec) => DRIVER_IMPORT.test(spec))
        .map((spec) => `${relative(SRC, file).split(sep).join("/")} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("no source file outside config.ts names a dialect in its code", () => {
    const offenders = files.flatMap((file) => {
      const lines = codeOf(readFileSync(file, "utf8")).split("\n");
      return lines.flatMap((line, at) =>
        DIALECT_NAME.test(line)
          ? [`${relative(SRC, file).split(sep).join("/")}:${at + 1}: ${line.trim()}`]
          : [],
      );
    });
    expect(offenders).toEqual([]);
  });

  it("catches a driver import and a dialect named in code, not in a comment", () => {
    expect(
      importsOf('import Database from "better-sqlite3";').some((s) => DRIVER_IMPORT.test(s)),
    ).toBe(true);
    expect(importsOf('import type pg from "pg";').some((s) => DRIVER_IMPORT.test(s))).toBe(true);
    expect(
      importsOf('import { x } from "drizzle-orm/pg-core";').some((s) => DRIVER_IMPORT.test(s)),
    ).toBe(true);
    expect(importsOf('import { x } from "drizzle-orm";').some((s) => DRIVER_IMPORT.test(s))).toBe(
      false,
    );
    expect(DIALECT_NAME.test(codeOf("if (isPostgres(db)) run();"))).toBe(true);
    expect(DIALECT_NAME.test(codeOf('if (config.kind === "sqlite") run();'))).toBe(true);
    expect(DIALECT_NAME.test(codeOf("// as SQLite answers\nrun(); /* PostgreSQL too */"))).toBe(
      false,
    );
    expect(DIALECT_NAME.test(codeOf('fail("the PostgreSQL store is busy");'))).toBe(false);
    expect(DIALECT_NAME.test(codeOf("help(`On PostgreSQL\nit is one`);"))).toBe(false);
    const interpolated = ["say(`store $", "{isPostgres(db) ? 1 : 2}`);"].join("");
    expect(DIALECT_NAME.test(codeOf(interpolated))).toBe(true);
  });
});
