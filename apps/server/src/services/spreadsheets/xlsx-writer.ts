import { PassThrough, Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { ExportCell } from "@metabuild/core";
import ExcelJS from "exceljs";

/** One sheet to write: its name, its header line, and its lines (produced while writing). */
export interface SheetSource {
  name: string;
  columns: string[];
  lines: () => Iterable<ExportCell[]> | AsyncIterable<ExportCell[]>;
}

/** Lines written between two pauses, so a long export does not hold the event loop. */
const LINES_PER_SLICE = 2000;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes sheets as an .xlsx stream with exceljs' streaming writer: rows are
 * committed as they are produced, so memory holds the zip output buffer, not
 * the workbook. Texts are written as inline strings (no shared string table
 * to keep); the header line stays visible when scrolling.
 */
export function workbookStream(sheets: Iterable<SheetSource>): WebReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  (async () => {
    for (const sheet of sheets) {
      const ws = workbook.addWorksheet(sheet.name, { views: [{ state: "frozen", ySplit: 1 }] });
      ws.addRow(sheet.columns).commit();
      let written = 0;
      for await (const line of sheet.lines()) {
        ws.addRow(line).commit();
        if (++written % LINES_PER_SLICE === 0) await breathe();
      }
      ws.commit();
    }
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return Readable.toWeb(out) as WebReadableStream<Uint8Array>;
}
