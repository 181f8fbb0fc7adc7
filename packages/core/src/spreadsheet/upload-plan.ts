/**
 * Turns the lines of an uploaded workbook into instances grouped by pattern
 * (docs/reference/endpoints.md processing rule 1). Fed one sheet and one line at a time by the
 * streaming reader; nothing here touches the store, and every input mistake
 * is a 400 raised before anything is written.
 */
import { DEFAULT_WRITE_LIMITS, type WriteLimits } from "@metabuild/contract";
import { BadRequest } from "../errors.ts";
import { folderPathSegments, normalizeFolderPath } from "../folder-path.ts";
import { checkFolderLengths, checkLength, uploadCharactersExceeded } from "../limits.ts";
import { POS_NO_COLUMN } from "../instance-header.ts";
import {
  type CellText,
  type SheetHeader,
  matchDataColumns,
  parsePosNo,
  readHeader,
} from "./columns.ts";

/** Form fields that apply to every line (docs/reference/endpoints.md: they override the columns). */
export interface UploadDefaults {
  pattern?: string;
  folder?: string;
}

/** One sheet line of an instance: its POS_NO (null when not given) and its cells. */
interface PlannedLine {
  posNo: number | null;
  /** The data columns of the line's sheet (shared by every line of it). */
  columns: SheetHeader["data"];
  cells: readonly CellText[];
}

export interface PlannedInstance {
  pattern: string;
  folder: string;
  name: string;
  lines: PlannedLine[];
  /** Its first line, for messages: `Row 5 of sheet 'Hubs'`. */
  where?: string;
}

/** A metadata row for the writer: property/role names → text, plus `@POS_NO`. */
export type UploadRow = Record<string, string | null>;

export interface UploadPlan {
  /** Pattern name → its instances, in the order they first appear. */
  patterns: Map<string, PlannedInstance[]>;
  /** Lines that named an instance. */
  lines: number;
}

interface SheetState {
  name: string;
  explicit: boolean;
  header?: SheetHeader;
}

export class UploadPlanBuilder {
  private readonly byKey = new Map<string, PlannedInstance>();
  private readonly patterns = new Map<string, PlannedInstance[]>();
  private readonly defaults: { pattern?: string; folder?: string };
  private sheet?: SheetState;
  private sheetsWithInstances = 0;
  private lines = 0;
  /** Characters of the cells kept so far: what the upload would hold once expanded. */
  private characters = 0;

  constructor(
    defaults: UploadDefaults = {},
    private readonly limits: WriteLimits = DEFAULT_WRITE_LIMITS,
  ) {
    // The field applies to every row: a bad one is the request's mistake (400), not a pattern's.
    const folder = defaults.folder;
    if (folder !== undefined) checkFolderLengths(folderPathSegments(folder), limits, "folder");
    if (folder !== undefined && folderPathSegments(folder).some((s) => s === "." || s === ".."))
      throw new BadRequest(
        `Invalid value for 'folder': folder path '${folder}' must not contain '.' or '..'`,
      );
    this.defaults = {
      pattern: defaults.pattern?.trim() || undefined,
      folder: defaults.folder?.trim() ? normalizeFolderPath(defaults.folder) : undefined,
    };
  }

  /** `explicit`: the sheet was asked for by name (`sheets[]`), so it must be usable. */
  beginSheet(name: string, explicit: boolean): void {
    this.sheet = { name, explicit };
  }

  /** One line of the current sheet; `rowNumber` is the spreadsheet's 1-based row number. */
  addLine(rowNumber: number, cells: readonly CellText[]): void {
    const sheet = this.sheet;
    if (!sheet) throw new Error("addLine before beginSheet");
    if (!sheet.header) {
      // The first non-empty line is the header.
      if (cells.some((c) => c !== null && c.trim() !== "")) this.startSheet(sheet, cells);
      return;
    }
    const { system, data } = sheet.header;
    if (system.INSTANCE === undefined) return;
    const name = cells[system.INSTANCE]?.trim();
    if (!name) return; // docs/reference/endpoints.md: rows with no INSTANCE value are skipped
    const pattern =
      this.defaults.pattern ??
      (system.PATTERN === undefined ? undefined : cells[system.PATTERN]?.trim());
    if (!pattern)
      throw new BadRequest(
        `Row ${rowNumber} of sheet '${sheet.name}' has no PATTERN: fill it in or give the 'pattern' field`,
      );
    const folderCell = system.FOLDER === undefined ? null : cells[system.FOLDER];
    this.checkLine(name, folderCell ?? null, sheet.header, cells, rowNumber);
    const folder = this.defaults.folder ?? normalizeFolderPath(folderCell ?? "/");
    const posNo = system.POS_NO === undefined ? null : parsePosNo(cells[system.POS_NO] ?? null);
    this.instance(pattern, folder, name, rowNumber).lines.push({ posNo, columns: data, cells });
    this.lines++;
  }

  /**
   * The limits of docs/limits.md, before anything is written: name, folder
   * and value lengths (400), and the characters the kept lines hold in all
   * (413) — a shared string is stored once in the file but once per cell
   * that uses it, so a small workbook can expand into a huge upload.
   */
  private checkLine(
    name: string,
    folder: CellText,
    header: SheetHeader,
    cells: readonly CellText[],
    rowNumber: number,
  ): void {
    const { limits } = this;
    // Runs for every line: one pass, no allocation unless something is refused.
    if (name.length > limits.nameLength)
      checkLength(name, limits.nameLength, "INSTANCE", this.where(rowNumber));
    // Neither the path nor a segment can be longer than the cell (plus its leading '/').
    const shortest = Math.min(limits.nameLength, limits.pathLength - 1);
    if (folder !== null && this.defaults.folder === undefined && folder.length > shortest)
      checkFolderLengths(folderPathSegments(folder), limits, "FOLDER", this.where(rowNumber));
    let characters = 0;
    const max = limits.valueLength;
    // INSTANCE and FOLDER have their own limits (above).
    const { INSTANCE, FOLDER } = header.system;
    for (let i = 0; i < cells.length; i++) {
      const length = cells[i]?.length ?? 0;
      characters += length;
      if (length > max && i !== INSTANCE && i !== FOLDER)
        checkLength(cells[i] as string, max, columnName(header, i), this.where(rowNumber));
    }
    this.characters += characters;
    if (this.characters > limits.uploadCharacters)
      throw uploadCharactersExceeded(limits.uploadCharacters);
  }

  private where(rowNumber: number): string {
    return `Row ${rowNumber} of sheet '${this.sheet?.name}'`;
  }

  private startSheet(sheet: SheetState, cells: readonly CellText[]): void {
    const header = readHeader(cells, sheet.name);
    sheet.header = header;
    if (header.system.INSTANCE === undefined) {
      if (sheet.explicit) throw new BadRequest(`Sheet '${sheet.name}' has no INSTANCE column`);
      return; // e.g. a notes sheet: none of its rows names an instance
    }
    if (this.defaults.pattern === undefined && header.system.PATTERN === undefined)
      throw new BadRequest(
        `Sheet '${sheet.name}' has no PATTERN column: add one or give the 'pattern' field`,
      );
    this.sheetsWithInstances++;
  }

  endSheet(): void {
    const sheet = this.sheet;
    if (sheet?.explicit && !sheet.header) throw new BadRequest(`Sheet '${sheet.name}' is empty`);
    this.sheet = undefined;
  }

  private instance(
    pattern: string,
    folder: string,
    name: string,
    rowNumber: number,
  ): PlannedInstance {
    const key = `${pattern}\u0000${folder}\u0000${name}`;
    let found = this.byKey.get(key);
    if (!found) {
      found = { pattern, folder, name, lines: [], where: this.where(rowNumber) };
      this.byKey.set(key, found);
      const list = this.patterns.get(pattern);
      if (list) list.push(found);
      else this.patterns.set(pattern, [found]);
    }
    return found;
  }

  finish(): UploadPlan {
    if (this.sheetsWithInstances === 0)
      throw new BadRequest("The workbook has no sheet with an INSTANCE column");
    return { patterns: this.patterns, lines: this.lines };
  }
}

/** The header's name of column `index` (a data or a system column). */
function columnName(header: SheetHeader, index: number): string {
  const data = header.data.find((c) => c.index === index);
  if (data) return data.name;
  const system = Object.entries(header.system).find(([, i]) => i === index);
  return system ? system[0] : `column ${index + 1}`;
}

/**
 * The metadata rows of a planned instance for one pattern, in POS_NO order
 * (lines with equal POS_NO keep their sheet order). Only columns naming one
 * of `patternColumns` are kept. A line without POS_NO whose metadata cells
 * are all empty only names the instance and adds no row: that is how an
 * export writes an instance without rows, so it comes back the same.
 */
export function metadataRows(
  instance: PlannedInstance,
  patternColumns: readonly string[],
): UploadRow[] {
  const matches = new Map<SheetHeader["data"], { index: number; target: string }[]>();
  const rows: { posNo: number; row: UploadRow }[] = [];
  for (const line of instance.lines) {
    let cols = matches.get(line.columns);
    if (!cols) {
      const map = matchDataColumns(
        line.columns.map((c) => c.name),
        patternColumns,
      );
      cols = line.columns.flatMap((c) => {
        const target = map.get(c.name);
        return target === undefined ? [] : [{ index: c.index, target }];
      });
      matches.set(line.columns, cols);
    }
    const row: UploadRow = {};
    let empty = true;
    for (const { index, target } of cols) {
      const value = line.cells[index];
      const text = value === undefined || value === null || value === "" ? null : value;
      if (text !== null) empty = false;
      row[target] = text;
    }
    if (line.posNo === null && empty) continue;
    const posNo = line.posNo ?? 0;
    row[POS_NO_COLUMN] = String(posNo);
    rows.push({ posNo, row });
  }
  // Array.prototype.sort is stable, so equal positions keep the sheet's order.
  return rows.sort((a, b) => a.posNo - b.posNo).map((r) => r.row);
}
