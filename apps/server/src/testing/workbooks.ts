import { PassThrough } from "node:stream";
import { deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";

export type SheetCell = string | number | boolean | Date | null | ExcelJS.CellValue;

/**
 * An .xlsx workbook made with exceljs: sheet name → lines (the first is
 * usually the header). `inlineStrings` writes texts inline, as exceljs'
 * streaming writer does, instead of in the shared string table.
 */
export async function workbook(
  sheets: Record<string, SheetCell[][]>,
  options: { inlineStrings?: boolean } = {},
): Promise<Buffer> {
  if (options.inlineStrings) {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (c: Buffer) => chunks.push(c));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    for (const [name, lines] of Object.entries(sheets)) {
      const ws = writer.addWorksheet(name);
      for (const line of lines) ws.addRow(line).commit();
      ws.commit();
    }
    await writer.commit();
    return Buffer.concat(chunks);
  }
  const wb = new ExcelJS.Workbook();
  for (const [name, lines] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const line of lines) ws.addRow(line);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Reads a workbook back with exceljs (not with the code under test): sheet name → lines. */
export async function readWorkbook(
  data: ArrayBuffer | Buffer,
): Promise<Record<string, unknown[][]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as ArrayBuffer);
  const out: Record<string, unknown[][]> = {};
  wb.eachSheet((ws) => {
    const lines: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => {
      const values = (row.values as unknown[]).slice(1);
      lines.push(values.map((v) => (v === undefined ? null : v)));
    });
    out[ws.name] = lines;
  });
  return out;
}

export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** Store the part with a different uncompressed size than it has (a lying archive). */
  declaredSize?: number;
  /** Already deflated bytes (for large generated content). */
  deflated?: Buffer;
}

/** A zip archive assembled by hand, to build damaged and malicious workbooks. */
export function zipArchive(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const raw = typeof part.data === "string" ? Buffer.from(part.data) : part.data;
    const body = part.deflated ?? deflateRawSync(raw);
    const size = part.declaredSize ?? raw.length;
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    central.push(entry, name);
    offset += 30 + name.length + body.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The parts of a minimal one-sheet workbook; override any to craft odd files. */
export function minimalParts(sheetXml: string, extra: Partial<Record<string, string>> = {}) {
  const parts: Record<string, string> = {
    "[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    "_rels/.rels": `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<?xml version="1.0"?><workbook ${NS} xmlns:r="${REL_NS}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    "xl/sharedStrings.xml": `<?xml version="1.0"?><sst ${NS}></sst>`,
    "xl/worksheets/sheet1.xml": `<?xml version="1.0"?><worksheet ${NS}><sheetData>${sheetXml}</sheetData></worksheet>`,
  };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) parts[k] = v;
  return Object.entries(parts).map(([name, data]) => ({ name, data }));
}

/** A multipart form with the workbook as `file` plus text fields (arrays repeat the field). */
export function uploadForm(
  file: Buffer | null,
  fields: Record<string, string | string[]> = {},
  filename = "instances.xlsx",
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  if (file) form.append("file", new Blob([new Uint8Array(file)]), filename);
  return form;
}
