import { describe, expect, it } from "vitest";
import { monarch } from "./sql-language.ts";

/**
 * The highlighting rules through Monaco's own Monarch lexer (plain JS, no
 * DOM): a rule whose groups do not cover its match makes Monaco throw a
 * TypeError on every keystroke of that line.
 */
interface Lexer {
  getInitialState(): unknown;
  tokenize(line: string, hasEOL: boolean, state: unknown): { tokens: { type: string }[] };
}

// Monaco ships no types for its internals; the module paths are fixed by its package exports.
const compilePath = "monaco-editor/editor/standalone/common/monarch/monarchCompile.js";
const lexerPath = "monaco-editor/editor/standalone/common/monarch/monarchLexer.js";

async function lexer(): Promise<Lexer> {
  const { compile } = await import(/* @vite-ignore */ compilePath);
  const { MonarchTokenizer } = await import(/* @vite-ignore */ lexerPath);
  const configuration = {
    getValue: () => 20_000,
    onDidChangeConfiguration: () => ({ dispose() {} }),
  };
  return new MonarchTokenizer(
    {},
    {},
    "metabuild-sql",
    compile("metabuild-sql", monarch),
    configuration,
  );
}

function tokens(l: Lexer, line: string): string[] {
  return l.tokenize(line, true, l.getInitialState()).tokens.map((t) => t.type);
}

describe("SQL highlighting", () => {
  it("tokenizes a schema without its table yet (an accepted `@TABLES.` completion)", async () => {
    const l = await lexer();
    expect(tokens(l, "SELECT * FROM @TABLES.")).toContain("type.sql");
    expect(() => tokens(l, "SELECT * FROM @INSTANCES . ")).not.toThrow();
  });

  it("tokenizes quoted table names, whole or still being typed", async () => {
    const l = await lexer();
    expect(tokens(l, 'SELECT * FROM @TABLES."x y"')).toContain("type.identifier.sql");
    expect(() => tokens(l, 'SELECT * FROM @TABLES."x y')).not.toThrow();
    expect(() => tokens(l, 'SELECT * FROM @TABLES."x ""y"" z" t')).not.toThrow();
  });

  it("tokenizes every prefix of a statement as it is typed, without throwing", async () => {
    const l = await lexer();
    const statement =
      'SELECT h."@INSTANCE", t."x y" FROM @INSTANCES.HUB h JOIN @TABLES."x y" t ON t.ID = h.LEN -- c';
    for (let n = 0; n <= statement.length; n++)
      expect(() => tokens(l, statement.slice(0, n)), statement.slice(0, n)).not.toThrow();
  });
});
