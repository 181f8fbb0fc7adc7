import type { InstanceExportQuery, InstanceListItem } from "@metabuild/contract";
import {
  type Principal,
  SYSTEM_COLUMNS,
  exportColumns,
  exportLines,
  instanceHeader,
  sheetNamesFor,
} from "@metabuild/core";
import { type Db, findPatternById, loadPatternColumns } from "@metabuild/db";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { AccessService } from "../access.ts";
import type { InstanceService } from "../instances/service.ts";
import { type SheetSource, workbookStream } from "./xlsx-writer.ts";

export interface ExportedWorkbook {
  filename: string;
  body: WebReadableStream<Uint8Array>;
}

/**
 * Instance workbooks (docs/reference/rules.md §9): one sheet per pattern, laid out so
 * that uploading the file with `overwrite` gives back the same instances.
 * Permissions are checked before the first byte is written.
 */
export class SpreadsheetExports {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly instances: InstanceService,
  ) {}

  /** The `Accept: …spreadsheetml.sheet` form of GET /api/v1/instances/:id. */
  async instance(principal: Principal, id: number): Promise<ExportedWorkbook> {
    const d = await this.instances.detail(principal, id);
    const sheet: SheetSource = {
      name: sheetNamesFor([d.pattern_name]).get(d.pattern_name) as string,
      columns: exportColumns(d.header),
      lines: () =>
        exportLines(d.header, {
          name: d.instance_name,
          pattern: d.pattern_name,
          project: d.project_name,
          folder: d.folder,
          rows: d.field_details,
        }),
    };
    return { filename: `${d.instance_name}.xlsx`, body: workbookStream([sheet]) };
  }

  /**
   * The instances GET /api/v1/instances would list for `query` (only those
   * of `ids` when given), one sheet per pattern (sheets by pattern name,
   * instances in list order). Rows are loaded while the workbook is
   * written, one instance at a time.
   */
  async list(principal: Principal, query: InstanceExportQuery): Promise<ExportedWorkbook> {
    const project = await this.access.resolveProject(principal, query);
    const { items } = await this.instances.search(project, query);
    const byPattern = new Map<number, InstanceListItem[]>();
    for (const item of items) {
      const list = byPattern.get(item.pattern_id);
      if (list) list.push(item);
      else byPattern.set(item.pattern_id, [item]);
    }
    const groups: {
      name: string;
      header: ReturnType<typeof instanceHeader>;
      list: InstanceListItem[];
    }[] = [];
    for (const [patternId, list] of byPattern) {
      const pattern = await findPatternById(this.db, project.customerId, patternId);
      const { properties, roles } = await loadPatternColumns(this.db, patternId);
      groups.push({
        name: pattern?.name ?? String(patternId),
        header: instanceHeader(properties, roles),
        list,
      });
    }
    groups.sort((a, b) => a.name.localeCompare(b.name));
    const names = sheetNamesFor(groups.map((g) => g.name));
    const instances = this.instances;
    const sheets: SheetSource[] = groups.map((g) => ({
      name: names.get(g.name) as string,
      columns: exportColumns(g.header),
      async *lines() {
        for (const item of g.list) {
          const { rows } = await instances.content({ id: item.id, patternId: item.pattern_id });
          yield* exportLines(g.header, {
            name: item.name,
            pattern: g.name,
            project: project.name,
            folder: item.folder,
            rows,
          });
        }
      },
    }));
    // A workbook needs a sheet; an empty selection still gets the columns to fill in.
    if (sheets.length === 0)
      sheets.push({ name: "Instances", columns: [...SYSTEM_COLUMNS], lines: () => [] });
    return { filename: `${project.name}-instances.xlsx`, body: workbookStream(sheets) };
  }
}
