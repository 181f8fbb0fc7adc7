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
});
