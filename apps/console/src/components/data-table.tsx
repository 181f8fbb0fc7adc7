import type { ReactNode } from "react";

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-align numbers. */
  numeric?: boolean;
  /** Keep the cell on one line (short names, time stamps). */
  nowrap?: boolean;
}

function cellClass<T>(c: Column<T>): string | undefined {
  return [c.numeric ? "numeric" : "", c.nowrap ? "nowrap" : ""].join(" ").trim() || undefined;
}

/** A plain, accessible table for short lists (long ones use AG Grid). */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  /** Names the table for assistive technology (`getByRole('table', { name })`). */
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
}) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={cellClass(c)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.header} className={cellClass(c)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
