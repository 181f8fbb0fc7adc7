import { describe, expect, it } from "vitest";
import { resultCsv } from "./result-csv.ts";

describe("resultCsv", () => {
  it("writes the header and rows in column order, quoting what needs it, nulls empty", () => {
    const csv = resultCsv({
      metadata: [
        { name: "LEN", type: "integer", pos_no: 1 },
        { name: "NAME", type: "string", pos_no: 0 },
      ],
      rows: [
        { NAME: "ID", LEN: 10 },
        { NAME: 'say "hi", twice', LEN: null },
        { NAME: "two\nlines", LEN: 3 },
      ],
    });
    expect(csv).toBe('NAME,LEN\r\nID,10\r\n"say ""hi"", twice",\r\n"two\nlines",3\r\n');
  });

  it("neutralises cells a spreadsheet would run as formulas; numbers stay numbers", () => {
    const csv = resultCsv({
      metadata: [
        { name: "V", type: "string", pos_no: 0 },
        { name: "=HEADER()", type: "string", pos_no: 1 },
      ],
      rows: [
        { V: '=HYPERLINK("http://x","y")', "=HEADER()": -5 },
        { V: "+1+cmd|' /C calc'!A0", "=HEADER()": "-5" },
        { V: "-2+3", "=HEADER()": "+12.5e3" },
        { V: "@SUM(A1:A2)", "=HEADER()": "\t=1" },
        { V: "\r=1", "=HEADER()": "a=b" },
        { V: "-", "=HEADER()": -0.25 },
        { V: "@INSTANCE", "=HEADER()": "@X+1" },
      ],
    });
    expect(csv.split("\r\n")).toEqual([
      "V,'=HEADER()",
      `"'=HYPERLINK(""http://x"",""y"")",-5`,
      "'+1+cmd|' /C calc'!A0,-5",
      "'-2+3,+12.5e3",
      "'@SUM(A1:A2),'\t=1",
      '"\'\r=1",a=b',
      "'-,-0.25",
      "@INSTANCE,'@X+1",
      "",
    ]);
  });
});
