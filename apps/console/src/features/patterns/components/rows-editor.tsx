/** One editable column of a definition list (properties, roles, variables, deployments). */
export interface FieldSpec {
  key: string;
  label: string;
  kind?: "text" | "checkbox" | "select";
  options?: readonly string[];
  /** `json`: edited as JSON text (a deployment's config). */
  json?: boolean;
  /** Empty text clears the value (null); otherwise empty means "the default". */
  nullable?: boolean;
  /** `list`: names edited as comma-separated text (a reference property's patterns). */
  list?: boolean;
}

type Row = Record<string, unknown>;

function textOf(row: Row, f: FieldSpec): string {
  const v = row[f.key];
  if (f.json) return JSON.stringify(v ?? {});
  if (f.list) return Array.isArray(v) ? v.join(", ") : "";
  return v === null || v === undefined ? "" : String(v);
}

/**
 * A table whose rows are a definition list's entries: edit in place, add
 * with `blank`, remove per row. Invalid JSON stays as typed text until it parses.
 */
export function RowsEditor({
  label,
  fields,
  rows,
  blank,
  onChange,
}: {
  label: string;
  fields: FieldSpec[];
  rows: Row[];
  blank: Row;
  onChange: (rows: Row[]) => void;
}) {
  function set(i: number, f: FieldSpec, raw: string | boolean) {
    let value: unknown = raw;
    if (f.json && typeof raw === "string") {
      try {
        value = JSON.parse(raw);
      } catch {
        return;
      }
    }
    if (!f.json && raw === "" && f.key !== "name") value = f.nullable ? null : undefined;
    else if (f.list && typeof raw === "string")
      value = raw
        .split(",")
        .map((n) => n.trim())
        .filter((n) => n !== "");
    onChange(rows.map((r, k) => (k === i ? { ...r, [f.key]: value } : r)));
  }
  return (
    <div className="rows-editor">
      <table className="data-table">
        <caption>{label}</caption>
        <thead>
          <tr>
            {fields.map((f) => (
              <th key={f.key} scope="col">
                {f.label}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; names change as typed
            <tr key={i}>
              {fields.map((f) => (
                <td key={f.key}>
                  {f.kind === "checkbox" ? (
                    <input
                      type="checkbox"
                      aria-label={`${f.label} of row ${i + 1}`}
                      checked={row[f.key] === true}
                      onChange={(e) => set(i, f, e.target.checked)}
                    />
                  ) : f.kind === "select" ? (
                    <select
                      aria-label={`${f.label} of row ${i + 1}`}
                      value={textOf(row, f)}
                      onChange={(e) => set(i, f, e.target.value)}
                    >
                      {(f.options ?? []).map((o) => (
                        <option key={o} value={o}>
                          {o}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      aria-label={`${f.label} of row ${i + 1}`}
                      // JSON and lists are kept as typed (a comma may start the next name); other cells follow the row.
                      {...(f.json || f.list
                        ? { defaultValue: textOf(row, f) }
                        : { value: textOf(row, f) })}
                      onChange={(e) => set(i, f, e.target.value)}
                    />
                  )}
                </td>
              ))}
              <td>
                <button
                  type="button"
                  className="button"
                  onClick={() => onChange(rows.filter((_, k) => k !== i))}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button" onClick={() => onChange([...rows, { ...blank }])}>
        Add
      </button>
    </div>
  );
}
