import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeflateRaw } from "node:zlib";
import { BadRequest, PayloadTooLarge } from "@metabuild/core";
import { afterAll, describe, expect, it } from "vitest";
import { minimalParts, workbook, zipArchive } from "../../testing/workbooks.ts";
import { XlsxWorkbook, serialToIso } from "./xlsx-reader.ts";
import { XmlScanner } from "./xml-scanner.ts";

const dir = mkdtempSync(join(tmpdir(), "xlsx-reader-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function file(data: Buffer): string {
  const path = join(dir, `f${n++}.xlsx`);
  writeFileSync(path, data);
  return path;
}

const MiB = 1024 * 1024;

/** Every sheet's rows as { sheet: [[rowNumber, ...cells]] }. */
async function read(data: Buffer, limit = 100 * MiB) {
  const wb = await XlsxWorkbook.open(file(data), limit);
  const out: Record<string, unknown[][]> = {};
  for (const sheet of wb.sheets) {
    const rows: unknown[][] = [];
    await wb.readSheet(sheet, (r, cells) => rows.push([r, ...Array.from(cells, (c) => c ?? null)]));
    out[sheet.name] = rows;
  }
  return out;
}

async function failure(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeDefined();
  return err as Error;
}

describe("xlsx reader: cell values", () => {
  it("reads shared and inline strings, numbers, booleans, dates and formula results", async () => {
    const lines = [
      ["text", 42, 1.5, true, new Date(Date.UTC(2024, 1, 29)), { formula: "1+1", result: 2 }],
      ["a & <b>", -0.25, 1e21, false, new Date(Date.UTC(2024, 1, 29, 13, 45, 10)), null],
    ];
    for (const inlineStrings of [false, true]) {
      const rows = await read(await workbook({ S: lines }, { inlineStrings }));
      expect(rows.S).toEqual([
        [1, "text", "42", "1.5", "true", "2024-02-29", "2"],
        [2, "a & <b>", "-0.25", "1e+21", "false", "2024-02-29T13:45:10"],
      ]);
    }
  });

  it("joins rich text runs and keeps sheets in workbook order with gaps", async () => {
    const rich = { richText: [{ text: "Hello " }, { font: { bold: true }, text: "World" }] };
    const rows = await read(
      await workbook({ Second: [[rich]], First: [[null, "B1"], [], ["A3"]] }),
    );
    expect(Object.keys(rows)).toEqual(["Second", "First"]);
    expect(rows.Second).toEqual([[1, "Hello World"]]);
    expect(rows.First).toEqual([
      [1, null, "B1"],
      [3, "A3"],
    ]);
  });

  it("decodes entities, CDATA, _xHHHH_ escapes and namespace prefixes", async () => {
    const sheet =
      '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>&lt;&#65;&#x42;&amp;</x:t></x:is></x:c>' +
      '<x:c r="C1" t="inlineStr"><x:is><x:t><![CDATA[a<b]]>_x000D_</x:t></x:is></x:c>' +
      '<!-- a comment --><x:c r="D1" t="str" note="a > b"><x:f>A1</x:f><x:v>f</x:v></x:c></x:row>';
    const rows = await read(zipArchive(minimalParts(sheet)));
    expect(rows.Data).toEqual([[1, "<AB&", null, "a<b\r", "f"]]);
  });

  it("reads cells and shared strings alike whether written in the usual shape or otherwise", async () => {
    const strings =
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<si><t>plain &amp; &lt;b&gt;</t></si><si><t xml:space="preserve"> kept _x0009_</t></si>' +
      "<si><r><t>ri</t></r><r><t>ch</t></r></si><si><t/></si></sst>";
    const usual =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>' +
      '<c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c><c r="E1"><v>1.50</v></c>' +
      '<c r="F1" t="b"><v>0</v></c><c r="G1" t="str"><v>x &amp; y</v></c><c r="H1"></c>' +
      '<c t="s"><v>0</v></c></row>';
    const otherwise =
      '<row r="1"><c r = "A1" t="s"><v>0</v></c><c t=\'s\' r=\'B1\'><v>1</v></c>' +
      '<c r="C1" t="s" cm="1"><v>2</v></c><c r="D1"  t="s"><v>3</v></c><c r="E1"><v >1.50</v></c>' +
      '<c r="F1" t="b"><f>0</f><v>0</v></c><c r="G1" t="str">\n<v>x &amp; y</v></c><c r="H1"/>' +
      '<c\tt="s"><v>0</v></c></row>';
    const read2 = (sheet: string) =>
      read(zipArchive(minimalParts(sheet, { "xl/sharedStrings.xml": strings })));
    const expected = [
      [1, "plain & <b>", " kept \t", "rich", null, "1.5", "false", "x & y", null, "plain & <b>"],
    ];
    expect((await read2(usual)).Data).toEqual(expected);
    expect((await read2(otherwise)).Data).toEqual(expected);
  });

  it("converts Excel day numbers, including the 1904 system", () => {
    expect(serialToIso(45351, false)).toBe("2024-02-29");
    expect(serialToIso(1, false)).toBe("1900-01-01");
    expect(serialToIso(0.5, false)).toBe("12:00:00");
    expect(serialToIso(0, true)).toBe("1904-01-01");
  });
});

describe("xml scanner", () => {
  it("gives the same events however the text is cut into chunks", () => {
    const xml = '<a x="1>2"><b>t&amp;u</b><c/><!--n--><![CDATA[<z>]]></a>';
    const events = (chunks: string[]) => {
      const out: string[] = [];
      const s = new XmlScanner(
        {
          open: (name, tag) => out.push(`<${name}${tag}>`),
          close: (name) => out.push(`</${name}>`),
          text: (t) => out.push(t),
        },
        "p",
      );
      for (const c of chunks) s.write(c);
      s.end();
      // Text may arrive in pieces: join neighbouring text events before comparing.
      return out.join("|").replace(/([^>])\|(?=[^<])/g, "$1");
    };
    const whole = events([xml]);
    for (let cut = 1; cut < xml.length; cut++)
      expect(events([xml.slice(0, cut), xml.slice(cut)])).toBe(whole);
    expect(whole).toBe('<a x="1>2">|<b>|t&u|</b>|<c>|</c>|<z>|</a>');
  });

  it("refuses a DOCTYPE and an element left open at the end", () => {
    const scan = (xml: string) => () => {
      const s = new XmlScanner({ open() {}, close() {}, text() {} }, "p");
      s.write(xml);
      s.end();
    };
    expect(scan('<!DOCTYPE x [<!ENTITY a "b">]><x/>')).toThrow(/declares a DOCTYPE/);
    expect(scan("<x><y attr='1")).toThrow(/ends in the middle of an element/);
  });
});

describe("xlsx reader: files that are not workbooks", () => {
  it("refuses text, an old .xls and a zip without a workbook with 400s a person understands", async () => {
    const text = await failure(read(Buffer.from("INSTANCE;PATTERN\nA;HUB\n")));
    expect(text).toBeInstanceOf(BadRequest);
    expect(text.message).toBe(
      "The file is not an .xlsx workbook. Save it as an Excel workbook (.xlsx) and upload it again.",
    );
    const ole = Buffer.from("d0cf11e0a1b11ae1000000000000000000", "hex");
    expect((await failure(read(ole))).message).toMatch(
      /old Excel \(\.xls\) workbook or a password-protected/,
    );
    const zip = zipArchive([{ name: "readme.txt", data: "hello" }]);
    expect((await failure(read(zip))).message).toMatch(/not an \.xlsx workbook/);
  });

  it("refuses a truncated workbook wherever it is cut", async () => {
    const data = await workbook({ S: [["INSTANCE"], ["A"]] });
    for (const keep of [0.3, 0.6, 0.95]) {
      const err = await failure(read(data.subarray(0, Math.floor(data.length * keep))));
      expect(err).toBeInstanceOf(BadRequest);
      expect(err.message).toMatch(/truncated or damaged|not an \.xlsx/);
    }
  });

  it("refuses a part whose compressed data is damaged", async () => {
    const parts = zipArchive(
      minimalParts('<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>'),
    );
    const sheetAt = parts.indexOf(Buffer.from("xl/worksheets/sheet1.xml")) + 24;
    const broken = Buffer.from(parts);
    broken.fill(0xff, sheetAt, sheetAt + 6);
    const err = await failure(read(broken));
    expect(err).toBeInstanceOf(BadRequest);
    expect(err.message).toMatch(
      /The \.xlsx workbook is damaged: its part 'xl\/worksheets\/sheet1\.xml'/,
    );
  });
});

describe("xlsx reader: unpacked-size limit", () => {
  it("answers 413 from the central directory before inflating anything", async () => {
    const data = await workbook({ S: [["INSTANCE"], ["x".repeat(5000)]] });
    const err = await failure(read(data, 4000));
    expect(err).toBeInstanceOf(PayloadTooLarge);
    expect(err.message).toBe("The workbook unpacks to more than the limit of 3.9 KiB.");
  });

  it("stops a zip bomb that lies about its size at the declared size, with memory staying low", async () => {
    // 128 MiB of text in one shared string, declared as 200 bytes: a reader
    // that trusted the inflater would hold it all (twice that as a JS string).
    const deflate = createDeflateRaw({ level: 9 });
    const compressed: Buffer[] = [];
    deflate.on("data", (c: Buffer) => compressed.push(c));
    const done = new Promise((resolve) => deflate.on("end", resolve));
    deflate.write('<?xml version="1.0"?><sst><si><t>');
    const block = Buffer.alloc(MiB, "A");
    for (let i = 0; i < 128; i++) deflate.write(block);
    deflate.end("</t></si></sst>");
    await done;
    const bomb = zipArchive(
      minimalParts('<row r="1"><c r="A1" t="s"><v>0</v></c></row>').map((p) =>
        p.name === "xl/sharedStrings.xml"
          ? { ...p, deflated: Buffer.concat(compressed), declaredSize: 200 }
          : p,
      ),
    );
    expect(bomb.length).toBeLessThan(2 * MiB);
    const before = process.memoryUsage();
    const err = await failure(read(bomb));
    const after = process.memoryUsage();
    expect(err).toBeInstanceOf(PayloadTooLarge);
    expect(err.message).toBe(
      "The workbook's part 'xl/sharedStrings.xml' unpacks to more than the archive declares (a damaged file or a zip bomb).",
    );
    expect(
      after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers,
    ).toBeLessThan(64 * MiB);
  });
});
