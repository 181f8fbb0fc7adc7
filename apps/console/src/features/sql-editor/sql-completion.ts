import type { MetadataSchemaTable } from "@metabuild/contract";
import { SQL_KEYWORDS } from "./sql-words.ts";

/**
 * What the editor offers at the cursor, from the project's schema (the
 * `/console/metadata/schema` operation): pattern, table and view names after
 * `@INSTANCES.`, `@TABLES.` or `@INFORMATION_SCHEMA.`; a source's columns
 * after its alias (or name) and a dot; in a statement over one source its
 * columns everywhere. Plain logic, so it is tested without Monaco.
 */

export type SuggestionKind = "schema" | "table" | "column" | "keyword";

export interface Suggestion {
  label: string;
  kind: SuggestionKind;
  insertText: string;
  detail?: string;
}

export interface Completion {
  suggestions: Suggestion[];
  /** How many characters before the cursor the chosen suggestion replaces. */
  replace: number;
}

const SCHEMAS = ["@INSTANCES", "@TABLES", "@INFORMATION_SCHEMA"] as const;
const NAME = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
const PLAIN_NAME = /^[A-Za-z_@][\w$]*$/;
const KEYWORD_SET = new Set<string>(SQL_KEYWORDS);

/** A name as typed in a statement: quoted when it is not a plain name or is a keyword. */
export function nameInSql(name: string): string {
  return PLAIN_NAME.test(name) && !KEYWORD_SET.has(name.toUpperCase())
    ? name
    : `"${name.replace(/"/g, '""')}"`;
}

function unquote(name: string): string {
  return name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name;
}

function findTable(tables: MetadataSchemaTable[], schema: string, name: string) {
  const s = schema.toUpperCase();
  const n = unquote(name);
  return (
    tables.find((t) => t.schema === s && t.name === n) ??
    tables.find((t) => t.schema === s && t.name.toUpperCase() === n.toUpperCase())
  );
}

/** The sources a statement names, each under its alias and its own name. */
export function sourcesOf(
  statement: string,
  tables: MetadataSchemaTable[],
): { table: MetadataSchemaTable; names: string[] }[] {
  const re = new RegExp(
    String.raw`(@(?:INSTANCES|TABLES|INFORMATION_SCHEMA))\s*\.\s*(${NAME})(?:\s+(?:AS\s+)?(${NAME}))?`,
    "gi",
  );
  const out: { table: MetadataSchemaTable; names: string[] }[] = [];
  for (const m of statement.matchAll(re)) {
    const table = findTable(tables, m[1], m[2]);
    if (!table) continue;
    const names = [table.name];
    const alias = m[3] ? unquote(m[3]) : undefined;
    if (alias && !KEYWORD_SET.has(alias.toUpperCase())) names.push(alias);
    out.push({ table, names });
  }
  return out;
}

function columnSuggestions(table: MetadataSchemaTable): Suggestion[] {
  return table.columns.map((c) => ({
    label: c.name,
    kind: "column" as const,
    insertText: nameInSql(c.name),
    detail: `${c.type} · ${c.kind} of ${table.schema}.${table.name}`,
  }));
}

function startsWith(label: string, typed: string): boolean {
  return label.toUpperCase().startsWith(typed.toUpperCase());
}

/**
 * Suggestions at the end of `before` (the statement's text up to the
 * cursor), for the whole `statement` the cursor is in.
 */
export function completionsAt(
  before: string,
  statement: string,
  tables: MetadataSchemaTable[],
): Completion {
  // `@INSTANCES.HU|`: the schema's tables and views.
  const qualified = /(@(?:INSTANCES|TABLES|INFORMATION_SCHEMA))\s*\.\s*([\w$]*)$/i.exec(before);
  if (qualified) {
    const schema = qualified[1].toUpperCase();
    const typed = qualified[2];
    return {
      replace: typed.length,
      suggestions: tables
        .filter((t) => t.schema === schema && startsWith(t.name, typed))
        .map((t) => ({
          label: t.name,
          kind: "table",
          insertText: nameInSql(t.name),
          detail: t.description ?? `${t.schema} ${t.type.toLowerCase()}`,
        })),
    };
  }

  const sources = sourcesOf(statement, tables);

  // `h.NA|` or `"my alias".|`: that source's columns.
  const dotted = new RegExp(String.raw`(${NAME})\s*\.\s*([\w$@]*)$`).exec(before);
  if (dotted) {
    const qualifier = unquote(dotted[1]).toUpperCase();
    const source = sources.find((s) => s.names.some((n) => n.toUpperCase() === qualifier));
    const typed = dotted[2];
    return {
      replace: typed.length,
      suggestions: source
        ? columnSuggestions(source.table).filter((s) => startsWith(s.label, typed))
        : [],
    };
  }

  // A word (maybe starting with `@`) being typed: schemas, keywords, and the one source's columns.
  const typed = /[@\w$]*$/.exec(before)?.[0] ?? "";
  const single = new Set(sources.map((s) => s.table)).size === 1 ? sources[0].table : undefined;
  const suggestions: Suggestion[] = [
    ...SCHEMAS.map((s) => ({
      label: `${s}.`,
      kind: "schema" as const,
      insertText: `${s}.`,
      detail: "schema",
    })),
    ...(single ? columnSuggestions(single) : []),
    ...SQL_KEYWORDS.map((k) => ({ label: k, kind: "keyword" as const, insertText: k })),
  ];
  return {
    replace: typed.length,
    suggestions: suggestions.filter((s) => startsWith(s.label, typed)),
  };
}
