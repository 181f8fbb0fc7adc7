/**
 * The parts of an .xlsx read whole before its sheets (relationships, the
 * workbook, shared strings, styles), and the text helpers cells share with
 * them. Shared strings are the second-largest part: their usual shape is read
 * in place, like cells.
 */
import { XmlScanner, attributes, decodeEntities, scanXml } from "./xml-scanner.ts";
import type { ZipArchive } from "./zip-archive.ts";

/** Number formats 14–22, 27–36, 45–47 and 50–58 are Excel's built-in date/time formats. */
function isBuiltInDateFormat(id: number): boolean {
  return (
    (id >= 14 && id <= 22) ||
    (id >= 27 && id <= 36) ||
    (id >= 45 && id <= 47) ||
    (id >= 50 && id <= 58)
  );
}

/** A custom format shows a date or time when it uses d, m, y, h or s outside quotes and brackets. */
function isDateFormatCode(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, "");
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** Excel escapes control characters in strings as `_xHHHH_`. */
export function unescapeOoxml(text: string): string {
  if (text.indexOf("_x") === -1) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** Resolves a relationship target against the folder of the part that declares it. */
export function resolveTarget(fromPart: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = fromPart.split("/").slice(0, -1);
  for (const seg of target.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg !== "." && seg !== "") parts.push(seg);
  }
  return parts.join("/");
}

export function relsPartOf(part: string): string {
  const at = part.lastIndexOf("/");
  return `${part.slice(0, at + 1)}_rels/${part.slice(at + 1)}.rels`;
}

const PRESERVE = ' xml:space="preserve">';
const SHARED_STRING = new Set(["si"]);

/**
 * The text of the inner XML at `from..to` of `src` when it is exactly one
 * `<name>` element holding plain text (`<v>42</v>`, `<t xml:space="preserve">a
 * b</t>`), the usual case; else undefined and the caller reads it in full.
 */
export function soleElementText(
  src: string,
  from: number,
  to: number,
  name: string,
): string | undefined {
  if (to === from) return "";
  if (src.charCodeAt(from) !== 60 || !src.startsWith(name, from + 1)) return undefined;
  const after = src.charCodeAt(from + 1 + name.length);
  if (after !== 62 && after !== 32) return undefined;
  const gt = src.indexOf(">", from + 1);
  const close = to - name.length - 3;
  if (gt === -1 || gt >= to || src.charCodeAt(gt - 1) === 47) return undefined; // <v/>: the full reader decides
  if (close <= gt || src.indexOf("<", gt) !== close) return undefined;
  if (!src.startsWith("</", close) || !src.startsWith(name, close + 2)) return undefined;
  if (src.charCodeAt(to - 1) !== 62) return undefined;
  return decodeEntities(src.slice(gt + 1, close));
}

/** The `<v>` text and the joined `<t>` texts (phonetic hints left out) of a cell or shared string. */
export function innerTexts(inner: string, part: string): { v: string; t: string } {
  let v = "";
  let t = "";
  let capture: 0 | 1 | 2 = 0;
  let phonetic = false;
  const scanner = new XmlScanner(
    {
      open(name) {
        if (name === "v") capture = 1;
        else if (name === "t") capture = phonetic ? 0 : 2;
        else if (name === "rPh") phonetic = true;
      },
      close(name) {
        if (name === "v" || name === "t") capture = 0;
        else if (name === "rPh") phonetic = false;
      },
      text(text) {
        if (capture === 1) v += text;
        else if (capture === 2) t += text;
      },
    },
    part,
  );
  scanner.write(inner);
  scanner.end();
  return { v, t };
}

export interface Relationship {
  id: string;
  type: string;
  target: string;
}

export async function relationships(
  zip: ZipArchive,
  part: string,
  owner: string,
): Promise<Relationship[]> {
  const out: Relationship[] = [];
  await scanXml(
    zip.textChunks(part),
    {
      open(name, tag) {
        if (name !== "Relationship") return;
        const a = attributes(tag);
        if (a.TargetMode === "External" || !a.Id || !a.Target) return;
        out.push({ id: a.Id, type: a.Type ?? "", target: resolveTarget(owner, a.Target) });
      },
      close() {},
      text() {},
    },
    part,
  );
  return out;
}

export async function workbookPart(zip: ZipArchive, part: string) {
  const sheets: { name: string; rid: string }[] = [];
  let date1904 = false;
  await scanXml(
    zip.textChunks(part),
    {
      open(name, tag) {
        if (name === "sheet") {
          const a = attributes(tag);
          const rid = a["r:id"] ?? Object.entries(a).find(([k]) => k.endsWith(":id"))?.[1];
          if (a.name && rid) sheets.push({ name: a.name, rid });
        } else if (name === "workbookPr") {
          const v = attributes(tag).date1904;
          date1904 = v === "1" || v === "true";
        }
      },
      close() {},
      text() {},
    },
    part,
  );
  return { sheets, date1904 };
}

/** The shared string table; rich text runs are joined, phonetic hints left out. */
export async function sharedStrings(zip: ZipArchive, part: string): Promise<string[]> {
  const out: string[] = [];
  await scanXml(
    zip.textChunks(part),
    {
      open() {},
      close() {},
      text() {},
      // Most shared strings are `<si><t>…</t></si>`: read in place; the rest go below.
      quick(src, lt) {
        if (!src.startsWith("<si><t", lt)) return -1;
        let p = lt + 6;
        if (src.charCodeAt(p) === 62) p++;
        else if (src.startsWith(PRESERVE, p)) p += PRESERVE.length;
        else return -1;
        const close = src.indexOf("<", p);
        if (close === -1 || !src.startsWith("</t></si>", close)) return -1;
        out.push(unescapeOoxml(decodeEntities(src.slice(p, close))));
        return close + 9;
      },
      element(_name, src, _tagStart, _tagEnd, innerStart, innerEnd) {
        const text =
          soleElementText(src, innerStart, innerEnd, "t") ??
          innerTexts(src.slice(innerStart, innerEnd), part).t;
        out.push(unescapeOoxml(text));
      },
    },
    part,
    SHARED_STRING,
  );
  return out;
}

/** For each cell style index: whether its number format shows a date. */
export async function dateStyles(zip: ZipArchive, part: string): Promise<boolean[]> {
  const custom = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  await scanXml(
    zip.textChunks(part),
    {
      open(name, tag) {
        if (name === "numFmt") {
          const a = attributes(tag);
          custom.set(Number(a.numFmtId), a.formatCode ?? "");
        } else if (name === "cellXfs") inCellXfs = true;
        else if (name === "xf" && inCellXfs) formats.push(Number(attributes(tag).numFmtId ?? 0));
      },
      close(name) {
        if (name === "cellXfs") inCellXfs = false;
      },
      text() {},
    },
    part,
  );
  return formats.map((id) => {
    const code = custom.get(id);
    return code !== undefined ? isDateFormatCode(code) : isBuiltInDateFormat(id);
  });
}
