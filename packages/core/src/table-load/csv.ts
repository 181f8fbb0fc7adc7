/**
 * CSV as RFC 4180 reads it (docs/metadata-tables.md "Loading"): fields
 * separated by a delimiter, lines by CRLF or LF; a field in double quotes
 * may hold delimiters, quotes (doubled) and line breaks. UTF-8, with or
 * without a byte-order mark. Pure: text in, rows of cell texts out.
 */
import { BadRequest } from "../errors.ts";

export type CsvDelimiter = "," | ";" | "\t" | "|";
export const CSV_DELIMITERS: readonly CsvDelimiter[] = [",", ";", "\t", "|"];

/** The bytes as UTF-8 text without a byte-order mark; 400 when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new BadRequest(
      "The file is not UTF-8 text: save the CSV as UTF-8 (Excel: 'CSV UTF-8'), or send an .xlsx workbook",
    );
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The delimiter of the first line: the one of `,` `;` tab `|` found most
 * often outside quotes (`,` when none is): a German Excel writes `;`.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(CSV_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) break;
    else if (!quoted && counts.has(c as CsvDelimiter))
      counts.set(c as CsvDelimiter, (counts.get(c as CsvDelimiter) ?? 0) + 1);
  }
  let best: CsvDelimiter = ",";
  for (const [d, n] of counts) if (n > (counts.get(best) ?? 0)) best = d;
  return best;
}

/**
 * Each line's fields, with its 1-based line number (of its first physical
 * line). Empty fields are null; blank lines are skipped. A quote left open
 * at the end is a 400 naming the line it opened on.
 */
export function parseCsv(
  text: string,
  delimiter: CsvDelimiter,
  sink: (line: number, cells: (string | null)[]) => void,
): void {
  let cells: (string | null)[] = [];
  let field = "";
  let wasQuoted = false;
  let line = 1;
  let startLine = 1;
  let i = 0;
  const n = text.length;
  const endField = () => {
    cells.push(field === "" && !wasQuoted ? null : field);
    field = "";
    wasQuoted = false;
  };
  const endLine = () => {
    endField();
    const blank = cells.length === 1 && cells[0] === null;
    if (!blank) sink(startLine, cells);
    cells = [];
  };
  while (i < n) {
    const c = text[i] as string;
    if (c === '"' && field === "" && !wasQuoted) {
      // A quoted field: up to the closing quote, `""` is one quote.
      const opened = line;
      i++;
      let closed = false;
      while (i < n) {
        const q = text.indexOf('"', i);
        if (q < 0) break;
        const chunk = text.slice(i, q);
        for (let k = 0; k < chunk.length; k++) if (chunk.charCodeAt(k) === 10) line++;
        field += chunk;
        if (text[q + 1] === '"') {
          field += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        closed = true;
        break;
      }
      if (!closed)
        throw new BadRequest(
          `Line ${opened}: a quoted field is not closed (a '"' is missing before the end of the file)`,
        );
      wasQuoted = true;
      continue;
    }
    if (c === delimiter) {
      endField();
      i++;
      continue;
    }
    if (c === "\r" || c === "\n") {
      endLine();
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      startLine = line;
      continue;
    }
    // Unquoted text up to the next delimiter or line end, in one slice. Text
    // after a closing quote (`"a"b`) is kept as it is, as most readers do.
    const d = delimiter.charCodeAt(0);
    let end = i + 1;
    while (end < n) {
      const code = text.charCodeAt(end);
      if (code === d || code === 10 || code === 13) break;
      end++;
    }
    field += text.slice(i, end);
    i = end;
  }
  if (field !== "" || wasQuoted || cells.length > 0) endLine();
}
