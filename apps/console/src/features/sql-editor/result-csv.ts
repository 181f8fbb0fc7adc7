import type { MetadataRunResult } from "@metabuild/contract";

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
// Plain numbers (`-5`, `+12.5e3`) cannot be formulas and stay numbers for the spreadsheet.
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
// A bare `@` name is the dialect's system column (`@PATTERN`): no call, no operator, nothing runs.
const SYSTEM_NAME = /^@[A-Za-z_][\w$]*$/;

/**
 * A cell's text, with a `'` in front when a spreadsheet would run it as a
 * formula (OWASP's advice; docs/metadata-sql.md "The SQL editor").
 */
function neutralised(text: string): string {
  if (!FORMULA_START.test(text) || PLAIN_NUMBER.test(text) || SYSTEM_NAME.test(text)) return text;
  return `'${text}`;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
function field(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = neutralised(typeof value === "object" ? JSON.stringify(value) : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A result's columns and rows as CSV text, header first, lines ending in CRLF. */
export function resultCsv(result: Pick<MetadataRunResult, "metadata" | "rows">): string {
  const columns = [...result.metadata].sort((a, b) => a.pos_no - b.pos_no).map((c) => c.name);
  const lines = [columns.map(field).join(",")];
  for (const row of result.rows) lines.push(columns.map((c) => field(row[c])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
