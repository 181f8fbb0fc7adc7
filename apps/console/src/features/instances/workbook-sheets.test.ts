import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readSheetNames, sheetNamesOf } from "./workbook-sheets.ts";

const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"
  xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
  <sheets>
    <sheet name="HUB" sheetId="1" r:id="rId1"/>
    <sheet sheetId="2" name="Sat &amp; Links" r:id="rId2"/>
    <sheet name='Stg &#x2013; raw' sheetId="3" r:id="rId3"/>
  </sheets>
  <definedNames><definedName name="_xlnm.Print_Area">HUB!$A$1</definedName></definedNames>
</workbook>`;

/** A zip archive of `parts`, deflated (method 8) unless `stored`. */
function zip(parts: Record<string, string>, stored = false): Blob {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(parts)) {
    const raw = Buffer.from(text);
    const data = stored ? raw : deflateRawSync(raw);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(stored ? 0 : 8, 10);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(raw.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    central.push(entry, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(parts).length, 8);
  end.writeUInt16LE(Object.keys(parts).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Blob([Buffer.concat([...locals, dir, end])]);
}

describe("readSheetNames", () => {
  it("lists a workbook's sheets in order, entities decoded", async () => {
    const file = zip({
      "[Content_Types].xml": "<Types/>",
      "xl/workbook.xml": WORKBOOK,
      "xl/worksheets/sheet1.xml": "<worksheet/>",
    });
    expect(await readSheetNames(file)).toEqual(["HUB", "Sat & Links", "Stg – raw"]);
  });

  it("reads a stored (uncompressed) workbook part too", async () => {
    expect(await readSheetNames(zip({ "xl/workbook.xml": WORKBOOK }, true))).toEqual([
      "HUB",
      "Sat & Links",
      "Stg – raw",
    ]);
  });

  it("gives up (undefined) on a file that is not an .xlsx", async () => {
    expect(await readSheetNames(new Blob(["INSTANCE;PATTERN\nA;HUB\n"]))).toBeUndefined();
    expect(await readSheetNames(zip({ "word/document.xml": "<w/>" }))).toBeUndefined();
    expect(await readSheetNames(new Blob([]))).toBeUndefined();
  });
});

describe("sheetNamesOf", () => {
  it("takes prefixed sheet elements and ignores other names", () => {
    expect(sheetNamesOf('<x:sheets><x:sheet name="A" sheetId="1"/></x:sheets>')).toEqual(["A"]);
    expect(sheetNamesOf('<definedName name="X">A!B</definedName>')).toEqual([]);
  });
});
