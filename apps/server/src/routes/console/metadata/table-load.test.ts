import type { AuditEvent, MetadataResult, TableLoadResult } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import type { Harness } from "../../../testing/harness.ts";
import { expectNotAuthenticated, messageOf } from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";
import { workbook } from "../../../testing/workbooks.ts";

let h: Harness;
let ann: string;
let bob: string;
let admin: string;
let eve: string;
routeSuite({ users: ["ann", "bob", "admin", "eve"] }, (app) => {
  ({ h } = app);
  ({ ann, bob, admin, eve } = app.tokens);
});

const url = (name: string, query = "") =>
  `/api/console/metadata/tables/${name}/load?project=DWH${query}`;

/** Sends `body` raw (CSV text or workbook bytes). */
function sendRaw(
  token: string | undefined,
  name: string,
  body: string | Buffer,
  query = "",
  type = "text/csv",
) {
  return h.call(url(name, query), token, {
    method: "POST",
    body: body as RequestInit["body"],
    headers: { "Content-Type": type },
  });
}

/** Sends `body` as the `file` part of a multipart form. */
function sendForm(
  token: string,
  name: string,
  body: string | Buffer,
  filename: string,
  query = "",
) {
  const form = new FormData();
  form.append("file", new Blob([body]), filename);
  return h.call(url(name, query), token, { method: "POST", body: form });
}

async function loaded(res: Response): Promise<TableLoadResult> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as TableLoadResult;
}

async function query(statement: string, token = ann) {
  const res = await h.call("/api/v1/metadata", token, {
    method: "POST",
    body: JSON.stringify({ project: "DWH", statement }),
  });
  const result = (await res.json()) as MetadataResult;
  expect(result.status, result.error).toBe("FINISHED");
  return result.rows;
}

const CUSTOMERS =
  '\uFEFFID;NAME;CREDIT;ACTIVE;SINCE\r\n1;"Müller; Anna";12.5;true;2024-01-31\r\n2;"Line\r\nbreak ""quoted""";;false;\r\n';

describe("table loading: happy path", () => {
  it("creates a table from a CSV (BOM, ';', quotes, line breaks) with inferred types, then queries it", async () => {
    const result = await loaded(await sendRaw(ann, "CUSTOMERS", CUSTOMERS));
    expect(result).toMatchObject({
      table: "CUSTOMERS",
      mode: "create",
      dry_run: false,
      rows_loaded: 2,
      rows_total: 2,
      columns: [
        { name: "ID", datatype: "integer" },
        { name: "NAME", datatype: "string" },
        { name: "CREDIT", datatype: "number" },
        { name: "ACTIVE", datatype: "boolean" },
        { name: "SINCE", datatype: "date" },
      ],
    });
    expect(await query("SELECT * FROM @TABLES.CUSTOMERS WHERE CREDIT > 10")).toEqual([
      { ID: 1, NAME: "Müller; Anna", CREDIT: 12.5, ACTIVE: 1, SINCE: "2024-01-31" },
    ]);
    expect(await query("SELECT NAME FROM @TABLES.CUSTOMERS WHERE ID = '2'")).toEqual([
      { NAME: 'Line\r\nbreak "quoted"' },
    ]);
  });

  it("loads an XLSX sent as multipart, a stated type kept, and records the audit event", async () => {
    const file = await workbook({
      Notes: [["ignored"]],
      Codes: [
        ["CODE", "AMOUNT"],
        ["007", 5],
        ["010", 7.25],
      ],
    });
    const result = await loaded(
      await sendForm(ann, "CODES", file, "codes.xlsx", "&sheet=codes&types=CODE:string"),
    );
    expect(result.columns).toEqual([
      { name: "CODE", datatype: "string" },
      { name: "AMOUNT", datatype: "number" },
    ]);
    expect(await query("SELECT CODE, AMOUNT FROM @TABLES.CODES ORDER BY CODE")).toEqual([
      { CODE: "007", AMOUNT: 5 },
      { CODE: "010", AMOUNT: 7.25 },
    ]);
    const audit = (await (
      await h.call("/api/console/audit?action=table.load", admin)
    ).json()) as AuditEvent[];
    expect(audit[0]).toMatchObject({
      action: "table.load",
      target_kind: "table",
      target_label: "@TABLES.CODES",
      after: { mode: "create", file: "codes.xlsx", rows_loaded: 2 },
    });
  });

  it("replaces columns and rows at once, appends rows, and a dry run stores nothing", async () => {
    await loaded(await sendRaw(ann, "T", "A,B\n1,x\n2,y\n"));
    const replaced = await loaded(await sendRaw(ann, "T", "A,C\n3,2024-05-01\n", "&mode=replace"));
    expect(replaced).toMatchObject({
      rows_total: 1,
      columns: [{ name: "A" }, { name: "C", datatype: "date" }],
    });
    const appended = await loaded(await sendRaw(ann, "t", "c,a\n,4\n", "&mode=append"));
    expect(appended).toMatchObject({ table: "T", rows_loaded: 1, rows_total: 2 });
    expect(await query("SELECT A, C FROM @TABLES.T ORDER BY A")).toEqual([
      { A: 3, C: "2024-05-01" },
      { A: 4, C: null },
    ]);
    const dry = await loaded(await sendRaw(ann, "T", "A,C\n5,\n", "&mode=append&dry_run=true"));
    expect(dry).toMatchObject({
      dry_run: true,
      rows_loaded: 1,
      rows_total: 3,
      preview: [{ A: 5, C: null }],
    });
    expect(await query("SELECT COUNT(*) AS N FROM @TABLES.T")).toEqual([{ N: 2 }]);
  });

  it("takes the delimiter as a parameter", async () => {
    const result = await loaded(await sendRaw(ann, "PIPES", "A|B\n1,5|x\n", "&delimiter=|"));
    expect(result.preview).toEqual([{ A: "1,5", B: "x" }]);
  });
});

describe("table loading: errors", () => {
  it("400 naming the column for an invalid or a duplicate name", async () => {
    const invalid = await sendRaw(ann, "T", "ID,first name\n1,a\n");
    expect(invalid.status).toBe(400);
    expect(await messageOf(invalid)).toMatch(/^Column 2: 'first name' is not a valid column name/);
    const twice = await sendRaw(ann, "T", "ID,Name,NAME\n1,a,b\n");
    expect(await messageOf(twice)).toBe(
      "Column 3: 'NAME' is named twice (also column 2); column names must differ",
    );
  });

  it("4xx for a mode that does not fit: create on an existing table, append with other columns", async () => {
    await loaded(await sendRaw(ann, "T", "A,B\n1,x\n"));
    const again = await sendRaw(ann, "T", "A,B\n1,x\n");
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(
      "Table '@TABLES.T' already exists; load with mode replace or append",
    );
    const other = await sendRaw(ann, "T", "A,X\n1,x\n", "&mode=append");
    expect(other.status).toBe(400);
    expect(await messageOf(other)).toMatch(/missing B; not in the table X;/);
    const missing = await sendRaw(ann, "NOPE", "A\n1\n", "&mode=append");
    expect(await messageOf(missing)).toBe(
      "Table '@TABLES.NOPE' does not exist; load with mode create or replace",
    );
    expect(await query("SELECT COUNT(*) AS N FROM @TABLES.T")).toEqual([{ N: 1 }]);
  });

  it("409 for a view's name in every mode: views and tables share names; the view stays", async () => {
    await query("CREATE VIEW @TABLES.V AS SELECT 1 AS A");
    for (const mode of ["create", "replace", "append"]) {
      const res = await sendRaw(ann, "v", "A\n2\n", `&mode=${mode}`);
      expect(res.status).toBe(409);
      expect(await messageOf(res)).toBe(
        "'@TABLES.V' is a view; load into another table name or drop the view",
      );
    }
    expect(await query("SELECT A FROM @TABLES.V")).toEqual([{ A: 1 }]);
  });

  it("400 naming line and column for a value that does not fit its type", async () => {
    const res = await sendRaw(ann, "T", "N,D\n1,2024-01-01\nx,2024-02-30\n", "&types=n:integer");
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(
      "Line 3, column N: 'x' is not a whole number (the column's type is integer)",
    );
  });

  it("400 for bad parameters, a bad table name, no file, an open quote, bytes that are not UTF-8", async () => {
    expect(await messageOf(await sendRaw(ann, "T", "A\n1\n", "&mode=merge"))).toMatch(/mode/);
    expect(await messageOf(await sendRaw(ann, "T", "A\n1\n", "&types=A:float"))).toMatch(
      /Invalid value for 'types'/,
    );
    expect(await messageOf(await sendRaw(ann, "1abc", "A\n1\n"))).toMatch(
      /^Invalid value for 'name'/,
    );
    expect(await messageOf(await sendRaw(ann, "T", ""))).toMatch(/'file' is required/);
    expect(await messageOf(await sendRaw(ann, "T", 'A\n"open\n'))).toMatch(
      /^Line 2: a quoted field/,
    );
    const latin1 = Buffer.from([0x41, 0x0a, 0xe4, 0x0a]);
    expect(await messageOf(await sendRaw(ann, "T", latin1))).toMatch(/not UTF-8/);
  });

  it("413 past the upload size limit, raw or multipart", async () => {
    const small = await (async () => {
      const { seededApp } = await import("../../../testing/route-suite.ts");
      return seededApp({ users: ["ann"], config: { uploadMaxBytes: 10 } });
    })();
    const big = "A\n" + "1\n".repeat(20);
    const raw = await small.h.call(url("T"), small.tokens.ann, {
      method: "POST",
      body: big,
      headers: { "Content-Type": "text/csv" },
    });
    expect(raw.status).toBe(413);
    const form = new FormData();
    form.append("file", new Blob([big]), "t.csv");
    const multipart = await small.h.call(url("T"), small.tokens.ann, {
      method: "POST",
      body: form,
    });
    expect(multipart.status).toBe(413);
  });

  it("400 naming a form field sent beside the file (options are query parameters)", async () => {
    const form = new FormData();
    form.append("mode", "replace");
    form.append("file", new Blob(["A\n1\n"]), "t.csv");
    const res = await h.call(url("T"), ann, { method: "POST", body: form });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^Unknown form field 'mode'/);
  });

  it("405 for other methods", async () => {
    const res = await h.call(url("T"), ann, { method: "PUT", body: "{}" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });
});

describe("table loading: security", () => {
  it("401 without a token", async () => {
    await expectNotAuthenticated(h, url("T"), { method: "POST", body: "A\n1\n" });
  });

  it("403 without write_instances on the project (access alone is not enough); nothing stored", async () => {
    const res = await sendRaw(bob, "T", "A\n1\n");
    expect(res.status).toBe(403);
    expect(
      await query("SELECT COUNT(*) AS N FROM @INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = 'T'"),
    ).toEqual([{ N: 0 }]);
  });

  it("404 for another customer's project (by name and by id)", async () => {
    expect((await sendRaw(eve, "T", "A\n1\n")).status).toBe(404);
    const dwhOfAcme = await h.call("/api/console/metadata/tables/T/load?project_id=1", eve, {
      method: "POST",
      body: "A\n1\n",
      headers: { "Content-Type": "text/csv" },
    });
    expect([403, 404]).toContain(dwhOfAcme.status);
  });
});
