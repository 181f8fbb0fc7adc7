/**
 * Loading a CSV or XLSX file into a custom table (docs/metadata-tables.md
 * "Loading"): read and type every line first (every input mistake is a 4xx
 * before anything is written), then create, replace or append in one
 * transaction with its audit event.
 */
import { open, readFile } from "node:fs/promises";
import type {
  CustomColumn,
  TableLoadMode,
  TableLoadQuery,
  TableLoadResult,
} from "@metabuild/contract";
import {
  BadRequest,
  Conflict,
  type CsvDelimiter,
  type Principal,
  type TableDatatype,
  TableLoadBuilder,
  type TableLoadPlan,
  checkAppendColumns,
  checkTableName,
  decodeUtf8,
  detectDelimiter,
  parseCsv,
  parseStatedTypes,
} from "@metabuild/core";
import {
  type Db,
  type ProjectRow,
  countCustomRows,
  findCustomTable,
  findCustomView,
  insertCustomRows,
  replaceCustomTable,
  transaction,
} from "@metabuild/db";
import type { Config } from "../../config.ts";
import type { AccessService } from "../access.ts";
import { recordAudit } from "../audit.ts";
import { XlsxWorkbook } from "../spreadsheets/xlsx-reader.ts";

const PREVIEW_ROWS = 20;

const DELIMITERS: Record<string, CsvDelimiter> = { ",": ",", ";": ";", tab: "\t", "|": "|" };

/** A zip archive (an .xlsx) starts with `PK\x03\x04`. */
async function looksLikeZip(path: string): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

export class TableLoads {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly config: Pick<Config, "uploadMaxUnpackedBytes" | "limits" | "sqlMaxRows">,
  ) {}

  /** The project, when the principal may write its tables (before the file is read). */
  async project(principal: Principal, query: TableLoadQuery): Promise<ProjectRow> {
    return await this.access.resolveProject(principal, query, "write_instances");
  }

  async load(
    principal: Principal,
    project: ProjectRow,
    name: string,
    query: TableLoadQuery,
    file: { path: string; filename?: string } | undefined,
  ): Promise<TableLoadResult> {
    checkTableName(name);
    if (!file) throw new BadRequest("'file' is required: send the CSV or XLSX file");
    const mode: TableLoadMode = query.mode ?? "create";
    const stated = parseStatedTypes(query.types);
    await this.refuseViewName(project, name);
    const existing = await findCustomTable(this.db, project.id, name);
    if (mode === "create" && existing) throw tableExists(existing.name);
    if (mode === "append" && !existing)
      throw new BadRequest(
        `Table '${qualifiedName(name)}' does not exist; load with mode create or replace`,
      );

    const builder = await this.read(file, query);
    // An empty file is reported by finish(), not as missing columns.
    if (mode === "append" && existing && builder.names) {
      checkAppendColumns(existing.columns, builder.names);
      for (const [column, type] of stated) {
        const own = existing.columns.find((c) => c.name.toUpperCase() === column);
        if (own && own.datatype !== type)
          throw new BadRequest(
            `Invalid value for 'types': column ${own.name} of the table is ${own.datatype}; append keeps the table's types`,
          );
      }
    }
    const plan = await builder.finish(stated, mode === "append" ? existing?.columns : undefined);
    const answer = (tableName: string, columns: CustomColumn[], total: number) => ({
      table: tableName,
      mode,
      dry_run: query.dry_run ?? false,
      columns: columns.map((c) => ({ name: c.name, datatype: c.datatype as TableDatatype })),
      rows_loaded: plan.rows.length,
      rows_total: total,
      preview: plan.rows.slice(0, PREVIEW_ROWS),
    });
    if (query.dry_run) {
      const before =
        mode === "append" && existing ? await countCustomRows(this.db, existing.id) : 0;
      return answer(
        existing?.name ?? name,
        existing && mode === "append" ? existing.columns : plan.columns,
        before + plan.rows.length,
      );
    }
    return await transaction(this.db, async () => {
      const written = await this.write(project, name, mode, plan);
      await recordAudit(this.db, principal, {
        action: "table.load",
        projectId: project.id,
        target: { kind: "table", id: written.id, label: qualifiedName(written.name) },
        after: {
          mode,
          file: file.filename ?? null,
          columns: written.columns.map((c) => `${c.name} ${c.datatype}`),
          rows_loaded: plan.rows.length,
        },
      });
      return answer(written.name, written.columns, await countCustomRows(this.db, written.id));
    });
  }

  /** Views share the tables' names (docs/metadata-sql.md "Views"): a load never shadows one. */
  private async refuseViewName(project: ProjectRow, name: string): Promise<void> {
    const view = await findCustomView(this.db, project.id, name);
    if (view)
      throw new Conflict(
        `'${qualifiedName(view.name)}' is a view; load into another table name or drop the view`,
      );
  }

  private async write(project: ProjectRow, name: string, mode: TableLoadMode, plan: TableLoadPlan) {
    await this.refuseViewName(project, name);
    if (mode === "append") {
      const table = await findCustomTable(this.db, project.id, name);
      if (!table) throw new BadRequest(`Table '${qualifiedName(name)}' does not exist`);
      await insertCustomRows(this.db, table.id, plan.rows);
      return table;
    }
    // The file was read outside the transaction: another load may have created the table.
    const created = mode === "create" && (await findCustomTable(this.db, project.id, name));
    if (created) throw tableExists(created.name);
    return (await replaceCustomTable(this.db, project.id, name, plan.columns, plan.rows)).table;
  }

  /** The file's lines through the builder; CSV or the chosen sheet of a workbook. */
  private async read(file: { path: string }, query: TableLoadQuery): Promise<TableLoadBuilder> {
    const builder = new TableLoadBuilder(this.config.limits, this.config.sqlMaxRows);
    const format = query.format ?? ((await looksLikeZip(file.path)) ? "xlsx" : "csv");
    if (format === "xlsx") {
      const workbook = await XlsxWorkbook.open(file.path, this.config.uploadMaxUnpackedBytes);
      const sheet = query.sheet ? workbook.select([query.sheet])[0] : workbook.sheets[0];
      if (!sheet) throw new BadRequest("The workbook has no sheet with rows");
      await workbook.readSheet(sheet, (row, cells) => builder.addLine(row, cells));
      return builder;
    }
    if (query.sheet !== undefined)
      throw new BadRequest("Invalid value for 'sheet': only an .xlsx workbook has sheets");
    const text = decodeUtf8(await readFile(file.path));
    const delimiter = query.delimiter ? DELIMITERS[query.delimiter] : detectDelimiter(text);
    parseCsv(text, delimiter as CsvDelimiter, (line, cells) => builder.addLine(line, cells));
    return builder;
  }
}

function tableExists(name: string): Conflict {
  return new Conflict(
    `Table '${qualifiedName(name)}' already exists; load with mode replace or append`,
  );
}

function qualifiedName(name: string): string {
  return `@TABLES.${name}`;
}
