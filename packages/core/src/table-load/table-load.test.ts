import { DEFAULT_WRITE_LIMITS } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import { decodeUtf8, detectDelimiter, parseCsv } from "./csv.ts";
import {
  TableLoadBuilder,
  checkAppendColumns,
  inferDatatype,
  parseStatedTypes,
  readTableHeader,
} from "./plan.ts";

function rows(text: string, delimiter = detectDelimiter(text)) {
  const out: [number, (string | null)[]][] = [];
  parseCsv(text, delimiter, (line, cells) => out.push([line, cells]));
  return out;
}

describe("CSV (RFC 4180)", () => {
  it("reads quotes, doubled quotes, embedded delimiters and line breaks", () => {
    expect(rows('a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\n1,,3\n')).toEqual([
      [1, ["a", "b", "c"]],
      [2, ["x, y", 'say "hi"', "two\r\nlines"]],
      [4, ["1", null, "3"]],
    ]);
  });

  it("detects ';' and tab, skips blank lines, keeps a last line without a line break", () => {
    expect(detectDelimiter('"a;b",c\n')).toBe(",");
    expect(detectDelimiter("a;b;c\n1,5;2;3")).toBe(";");
    expect(detectDelimiter("a\tb\n")).toBe("\t");
    expect(rows("a;b\n\n1,5;2")).toEqual([
      [1, ["a", "b"]],
      [3, ["1,5", "2"]],
    ]);
  });

  it("keeps an empty quoted field as empty text, an unquoted one as null", () => {
    expect(rows('a,b\n"",\n')).toEqual([
      [1, ["a", "b"]],
      [2, ["", null]],
    ]);
  });

  it("400 naming the line of a quote that is never closed", () => {
    expect(() => rows('a,b\n1,"open\n2,3\n')).toThrow("Line 2: a quoted field is not closed");
  });

  it("strips a byte-order mark and refuses bytes that are not UTF-8", () => {
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xc3, 0xa4]))).toBe("aä");
    expect(() => decodeUtf8(new Uint8Array([0x61, 0xe4, 0x62]))).toThrow(/not UTF-8/);
  });
});

describe("column types", () => {
  it("infers the narrowest type of the values", () => {
    expect(inferDatatype(["1", " -2 ", null])).toBe("integer");
    expect(inferDatatype(["1", "2.5", "1e3"])).toBe("number");
    expect(inferDatatype(["true", "FALSE"])).toBe("boolean");
    expect(inferDatatype(["1", "0"])).toBe("integer");
    expect(inferDatatype(["2024-02-29", "2024-03-01T10:00:00"])).toBe("date");
    expect(inferDatatype(["2023-02-29"])).toBe("string");
    expect(inferDatatype(["007", "x"])).toBe("string");
    expect(inferDatatype([null, ""])).toBe("string");
    expect(inferDatatype(["99999999999999999999"])).toBe("number");
  });

  it("reads stated types and refuses bad entries naming 'types'", () => {
    expect([...parseStatedTypes("id:string, amount:NUMBER")]).toEqual([
      ["ID", "string"],
      ["AMOUNT", "number"],
    ]);
    expect(() => parseStatedTypes("id:float")).toThrow("Invalid value for 'types'");
  });
});

describe("TableLoadBuilder", () => {
  const build = async (lines: (string | null)[][], types = "") => {
    const b = new TableLoadBuilder(DEFAULT_WRITE_LIMITS);
    for (const [i, cells] of lines.entries()) b.addLine(i + 1, cells);
    return await b.finish(parseStatedTypes(types));
  };

  it("types the columns and stores numbers and booleans as values", async () => {
    expect(
      await build([
        ["ID", "NAME", "ACTIVE", "SINCE"],
        ["1", "Ann", "true", "2024-01-01"],
        ["2", "007", "false", null],
      ]),
    ).toEqual({
      columns: [
        { name: "ID", datatype: "integer" },
        { name: "NAME", datatype: "string" },
        { name: "ACTIVE", datatype: "boolean" },
        { name: "SINCE", datatype: "date" },
      ],
      rows: [
        { ID: 1, NAME: "Ann", ACTIVE: 1, SINCE: "2024-01-01" },
        { ID: 2, NAME: "007", ACTIVE: 0, SINCE: null },
      ],
    });
  });

  it("keeps a stated type and refuses a value that does not fit it, naming line and column", async () => {
    expect((await build([["CODE"], ["007"]], "code:string")).rows).toEqual([{ CODE: "007" }]);
    await expect(build([["N"], ["1"], ["x"]], "n:integer")).rejects.toThrow(
      "Line 3, column N: 'x' is not a whole number (the column's type is integer)",
    );
    await expect(build([["N"], ["1"]], "m:integer")).rejects.toThrow("the file has no column 'M'");
  });

  it("refuses a line with more values than the header has columns", async () => {
    await expect(
      build([
        ["A", "B"],
        ["1", "2", "3"],
      ]),
    ).rejects.toThrow("Line 2 has 3 values but the header names 2 columns");
    expect(
      (
        await build([
          ["A", "B"],
          ["1", "2", "", null],
        ])
      ).rows,
    ).toEqual([{ A: 1, B: 2 }]);
  });

  it("refuses more rows than its limit (413), the header not counted", () => {
    const b = new TableLoadBuilder(DEFAULT_WRITE_LIMITS, 2);
    b.addLine(1, ["A"]);
    b.addLine(2, ["1"]);
    b.addLine(3, [""]);
    b.addLine(4, ["2"]);
    expect(() => b.addLine(5, ["3"])).toThrow(
      expect.objectContaining({
        code: 413,
        message:
          "The file has more than 2 rows (METABUILD_SQL_MAX_ROWS); load it in parts with mode append",
      }),
    );
  });

  it("types thousands of lines in slices, letting the event loop turn between them", async () => {
    const b = new TableLoadBuilder(DEFAULT_WRITE_LIMITS);
    b.addLine(1, ["N", "FLAG"]);
    for (let i = 2; i <= 10_001; i++) b.addLine(i, [String(i), i % 2 ? "true" : "false"]);
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const plan = await b.finish(new Map());
    counting = false;
    expect(plan.columns).toEqual([
      { name: "N", datatype: "integer" },
      { name: "FLAG", datatype: "boolean" },
    ]);
    expect(plan.rows).toHaveLength(10_000);
    // Two passes (types, then values) of ten slices each.
    expect(turns).toBeGreaterThanOrEqual(18);
  });

  it("refuses a value over the value limit and a file over the character limit", () => {
    const small = new TableLoadBuilder({ valueLength: 3, uploadCharacters: 5 });
    small.addLine(1, ["A"]);
    expect(() => small.addLine(2, ["abcd"])).toThrow("Line 2, column A: Invalid value");
    small.addLine(3, ["abc"]);
    expect(() => small.addLine(4, ["abc"])).toThrow(/more than 5 characters/);
  });
});

describe("header and append", () => {
  it("refuses invalid, empty and duplicate names, naming the column", () => {
    expect(() => readTableHeader(["ID", "first name"])).toThrow(
      "Column 2: 'first name' is not a valid column name",
    );
    expect(() => readTableHeader(["ID", null, "X"])).toThrow("Column 2 of the header has no name");
    expect(() => readTableHeader(["ID", "Name", "NAME"])).toThrow(
      "Column 3: 'NAME' is named twice (also column 2)",
    );
    expect(readTableHeader(["A", "B", null, ""])).toEqual(["A", "B"]);
  });

  it("append needs the table's columns, in any order and case", () => {
    const table = [
      { name: "ID", datatype: "integer" },
      { name: "NAME", datatype: "string" },
    ];
    expect(() => checkAppendColumns(table, ["name", "id"])).not.toThrow();
    expect(() => checkAppendColumns(table, ["ID", "EMAIL"])).toThrow(
      "missing NAME; not in the table EMAIL;",
    );
  });
});
