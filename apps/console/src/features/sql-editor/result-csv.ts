import type { MetadataRunResult } from "@metabuild/contract";

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
function field(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A result's columns and rows as CSV text, header first, lines ending in CRLF. */
export function resultCsv(result: Pick<MetadataRunResult, "metadata" | "rows">): string {
  const columns = [...result.metadata].sort((a, b) => a.pos_no - b.pos_no).map((c) => c.name);
  const lines = [columns.map(field).join(",")];
  for (const row of result.rows) lines.push(columns.map((c) => field(row[c])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
