/**
 * The sheet names of an .xlsx workbook, read in the browser so the upload
 * dialog can offer them as check boxes. An .xlsx is a zip archive; only its
 * directory and `xl/workbook.xml` are read (a few KB, however large the
 * file), without a zip library. Undefined when the file cannot be read this
 * way (not a zip, zip64, encrypted…): the dialog then asks for the names.
 */
export async function readSheetNames(file: Blob): Promise<string[] | undefined> {
  try {
    const entry = await findEntry(file, "xl/workbook.xml");
    if (!entry) return undefined;
    const xml = await readEntry(file, entry);
    return xml === undefined ? undefined : sheetNamesOf(xml);
  } catch {
    return undefined;
  }
}

/** `<sheet name="…">` of a workbook part, in workbook order. */
export function sheetNamesOf(workbookXml: string): string[] {
  const names: string[] = [];
  for (const tag of workbookXml.matchAll(/<(?:[\w.-]+:)?sheet\b[^>]*>/g)) {
    const name = /\sname\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag[0]);
    const value = name?.[1] ?? name?.[2];
    if (value !== undefined) names.push(decodeXml(value));
  }
  return names;
}

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(Number(lower.slice(1)));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[lower] as string;
  });
}

interface ZipEntry {
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const EOCD_SEARCH = 22 + 0xffff;
/** workbook.xml lists sheets and defined names; anything larger is not worth reading here. */
const MAX_PART_BYTES = 4 * 1024 * 1024;

async function bytes(file: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await file.slice(start, end).arrayBuffer());
}

async function findEntry(file: Blob, path: string): Promise<ZipEntry | undefined> {
  const tailStart = Math.max(0, file.size - EOCD_SEARCH);
  const tail = await bytes(file, tailStart, file.size);
  let eocd = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (tail.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const dirSize = tail.getUint32(eocd + 12, true);
  const dirOffset = tail.getUint32(eocd + 16, true);
  // 0xffffffff marks a zip64 archive: not read here.
  if (dirOffset === 0xffffffff || dirOffset + dirSize > file.size) return undefined;
  const dir = await bytes(file, dirOffset, dirOffset + dirSize);
  const decoder = new TextDecoder();
  for (let at = 0; at + 46 <= dir.byteLength; ) {
    if (dir.getUint32(at, true) !== CENTRAL_SIGNATURE) return undefined;
    const nameLength = dir.getUint16(at + 28, true);
    const extraLength = dir.getUint16(at + 30, true);
    const commentLength = dir.getUint16(at + 32, true);
    const name = decoder.decode(new Uint8Array(dir.buffer, dir.byteOffset + at + 46, nameLength));
    if (name === path) {
      const encrypted = (dir.getUint16(at + 8, true) & 1) === 1;
      if (encrypted) return undefined;
      return {
        method: dir.getUint16(at + 10, true),
        compressedSize: dir.getUint32(at + 20, true),
        localHeaderOffset: dir.getUint32(at + 42, true),
      };
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return undefined;
}

async function readEntry(file: Blob, entry: ZipEntry): Promise<string | undefined> {
  if (entry.compressedSize > MAX_PART_BYTES) return undefined;
  const local = await bytes(file, entry.localHeaderOffset, entry.localHeaderOffset + 30);
  if (local.getUint32(0, true) !== LOCAL_SIGNATURE) return undefined;
  const start =
    entry.localHeaderOffset + 30 + local.getUint16(26, true) + local.getUint16(28, true);
  const data = file.slice(start, start + entry.compressedSize);
  if (entry.method === 0) return data.text();
  if (entry.method !== 8) return undefined;
  const inflated = data.stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(inflated).text();
}
