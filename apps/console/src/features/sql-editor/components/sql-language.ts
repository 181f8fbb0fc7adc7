import type { MetadataSchemaTable } from "@metabuild/contract";
import type * as MonacoApi from "monaco-editor/editor";
import { type SuggestionKind, completionsAt } from "../sql-completion.ts";
import { SQL_FUNCTIONS, SQL_KEYWORDS } from "../sql-words.ts";
import { splitStatements } from "../statements.ts";

type Monaco = typeof MonacoApi;

/** The Monaco language id of the metadata dialect (docs/reference/rules.md §8). */
export const SQL_LANGUAGE = "metabuild-sql";

/**
 * Highlighting: keywords, functions, strings, numbers, comments; the
 * dialect's schemas with their table (`@INSTANCES.HUB`) as types, and the
 * `@` system columns (`@PATTERN`, `"@INSTANCE"`) as predefined variables.
 */
export const monarch: MonacoApi.languages.IMonarchLanguage = {
  ignoreCase: true,
  defaultToken: "",
  // Token names end in `.sql`, so the built-in themes colour functions (`predefined.sql`).
  tokenPostfix: ".sql",
  keywords: [...SQL_KEYWORDS],
  functions: SQL_FUNCTIONS,
  tokenizer: {
    root: [
      [/\s+/, "white"],
      [/--.*$/, "comment"],
      [/\/\*/, "comment", "@comment"],
      // Every group must match: Monaco throws a TypeError on a group that matched nothing. So
      // a schema without its table (`@TABLES.` just accepted) has its own rule, and a quoted
      // name still being typed (`@TABLES."x y`) counts as the table to the line's end.
      [
        /(@(?:INSTANCES|TABLES|INFORMATION_SCHEMA))(\s*\.\s*)([A-Za-z_][\w$]*|"(?:[^"]|"")*"?)/,
        ["type", "delimiter", "type.identifier"],
      ],
      [/(@(?:INSTANCES|TABLES|INFORMATION_SCHEMA))(\s*\.)/, ["type", "delimiter"]],
      [/@[A-Za-z_][\w$]*/, "variable.predefined"],
      [/"@(?:[^"]|"")*"/, "variable.predefined"],
      [/"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]/, "identifier"],
      [/[xX]'[0-9A-Fa-f]*'/, "number.hex"],
      [/'/, "string", "@string"],
      [/0[xX][0-9A-Fa-f]+/, "number.hex"],
      [/(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/, "number"],
      [
        /[A-Za-z_][\w$]*/,
        { cases: { "@keywords": "keyword", "@functions": "predefined", "@default": "identifier" } },
      ],
      [/[;,.]/, "delimiter"],
      [/[()]/, "@brackets"],
      [/[<>=!|+\-*/%&~]+/, "operator"],
    ],
    string: [
      [/[^']+/, "string"],
      [/''/, "string.escape"],
      [/'/, "string", "@pop"],
    ],
    comment: [
      [/[^*/]+/, "comment"],
      [/\*\//, "comment", "@pop"],
      [/[*/]/, "comment"],
    ],
  },
};

const configuration: MonacoApi.languages.LanguageConfiguration = {
  comments: { lineComment: "--", blockComment: ["/*", "*/"] },
  brackets: [["(", ")"]],
  autoClosingPairs: [
    { open: "(", close: ")" },
    { open: "'", close: "'", notIn: ["string", "comment"] },
    { open: '"', close: '"', notIn: ["string", "comment"] },
  ],
  // `@` belongs to names (`@INSTANCE`), so a double click selects all of it.
  wordPattern: /(-?\d*\.\d\w*)|(@?[A-Za-z_][\w$]*)/g,
};

/** Registers the language once per page load (Monaco keeps languages globally). */
export function registerSqlLanguage(monaco: Monaco): void {
  if (monaco.languages.getLanguages().some((l) => l.id === SQL_LANGUAGE)) return;
  monaco.languages.register({ id: SQL_LANGUAGE });
  monaco.languages.setMonarchTokensProvider(SQL_LANGUAGE, monarch);
  monaco.languages.setLanguageConfiguration(SQL_LANGUAGE, configuration);
}

function itemKind(monaco: Monaco, kind: SuggestionKind) {
  const k = monaco.languages.CompletionItemKind;
  return { schema: k.Module, table: k.Class, column: k.Field, keyword: k.Keyword }[kind];
}

/**
 * Completion from the project's schema; `tables()` answers the latest one
 * (it arrives, and changes after CREATE TABLE, while the editor is open).
 */
export function registerSqlCompletion(
  monaco: Monaco,
  tables: () => MetadataSchemaTable[],
): MonacoApi.IDisposable {
  return monaco.languages.registerCompletionItemProvider(SQL_LANGUAGE, {
    triggerCharacters: [".", "@"],
    provideCompletionItems(model, position) {
      const text = model.getValue();
      const offset = model.getOffsetAt(position);
      // The statement the cursor is in (between the `;` around it).
      const span = splitStatements(text).find((s) => offset >= s.start && offset <= s.end);
      const start = span?.start ?? 0;
      const statement = text.slice(start, span?.end ?? text.length);
      const { suggestions, replace } = completionsAt(
        text.slice(start, offset),
        statement,
        tables(),
      );
      const range = new monaco.Range(
        position.lineNumber,
        Math.max(1, position.column - replace),
        position.lineNumber,
        position.column,
      );
      return {
        suggestions: suggestions.map((s, k) => ({
          label: s.label,
          kind: itemKind(monaco, s.kind),
          insertText: s.insertText,
          detail: s.detail,
          range,
          // Keep the order completionsAt gives: schemas, columns, keywords.
          sortText: String(k).padStart(4, "0"),
          filterText: s.label,
        })),
      };
    },
  });
}
