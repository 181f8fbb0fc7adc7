import {
  TABLE_COLUMN_TYPES,
  TABLE_LOAD_MODES,
  type TableLoadMode,
} from "@metabuild/contract/table-load-modes";
import type { TableLoadResult } from "@metabuild/contract";
import { useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import { type TableLoadRequest, tableNameOf, useLoadTable } from "../api/load-table.ts";

// Permission: metadata.load-table (docs/console-permissions.md):
// only its control, disabled for others, opens it.

const FILE_TYPES =
  ".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const MODE_WORDS: Record<TableLoadMode, string> = {
  create: "Create a new table",
  replace: "Replace the table (columns and rows)",
  append: "Append rows to the table",
};

/**
 * Loads a CSV or XLSX file into `@TABLES.<name>` (docs/metadata-tables.md):
 * "Preview" sends a dry run and shows the first rows with the inferred
 * types; a type changed there is sent as stated and the preview redone;
 * "Load" sends that same request for real.
 */
export function LoadTableDialog({
  projectId,
  onClose,
  onLoaded,
}: {
  projectId: number;
  onClose: () => void;
  /** After a real load; the editor offers to query the table. */
  onLoaded: (result: TableLoadResult) => void;
}) {
  const modal = useModalDialog();
  const preview = useLoadTable();
  const load = useLoadTable();
  const [file, setFile] = useState<File>();
  const [table, setTable] = useState("");
  const [mode, setMode] = useState<TableLoadMode>("create");
  const [delimiter, setDelimiter] = useState("");
  const [sheet, setSheet] = useState("");
  const [types, setTypes] = useState<Record<string, string>>({});
  const [previewed, setPreviewed] = useState<TableLoadRequest>();

  const isXlsx = file?.name.toLowerCase().endsWith(".xlsx") ?? false;

  function forget() {
    preview.reset();
    load.reset();
    setPreviewed(undefined);
  }

  function request(statedTypes = types): TableLoadRequest | undefined {
    if (!file || table.trim() === "") return undefined;
    return {
      projectId,
      table: table.trim(),
      file,
      mode,
      delimiter: !isXlsx && delimiter ? delimiter : undefined,
      sheet: isXlsx && sheet.trim() ? sheet.trim() : undefined,
      types: statedTypes,
    };
  }

  function sendPreview(statedTypes = types) {
    const req = request(statedTypes);
    if (!req) return;
    load.reset();
    setPreviewed(req);
    preview.mutate({ ...req, dryRun: true });
  }

  function changeType(column: string, type: string) {
    const next = { ...types, [column]: type };
    setTypes(next);
    sendPreview(next);
  }

  const shown = preview.data;
  return (
    <FormDialog
      modal={modal}
      title="Load table"
      className="load-table-dialog"
      onClose={onClose}
      onSubmit={() => sendPreview()}
      error={load.error ?? preview.error}
      cancelLabel="Close"
      submit={{
        label: "Preview",
        busyLabel: "Reading…",
        busy: preview.isPending,
        disabled: !file || table.trim() === "" || load.isPending,
      }}
      after={
        load.isSuccess ? (
          <p className="load-table-done" role="status">
            Loaded {load.data.rows_loaded} rows into <code>@TABLES.{load.data.table}</code> (
            {load.data.rows_total} rows now).
          </p>
        ) : shown && previewed ? (
          <section className="load-table-preview" aria-label="Preview">
            <p className="muted">
              {shown.rows_loaded} rows to load; the first {shown.preview.length} as they would be
              stored. Change a column's type to state it.
            </p>
            <div className="load-table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    {shown.columns.map((c) => (
                      <th key={c.name} scope="col">
                        <div>{c.name}</div>
                        <select
                          aria-label={`Type of ${c.name}`}
                          value={c.datatype}
                          disabled={mode === "append" || preview.isPending}
                          onChange={(e) => changeType(c.name, e.target.value)}
                        >
                          {TABLE_COLUMN_TYPES.map((t) => (
                            <option key={t} value={t}>
                              {t}
                            </option>
                          ))}
                        </select>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {shown.preview.map((row, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity
                    <tr key={i}>
                      {shown.columns.map((c) => (
                        <td key={c.name}>{row[c.name] === null ? "" : String(row[c.name])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="upload-apply">
              <button
                type="button"
                className="button button-primary"
                disabled={load.isPending || preview.isPending}
                aria-busy={load.isPending}
                onClick={() => load.mutate(previewed, { onSuccess: (result) => onLoaded(result) })}
              >
                {load.isPending ? "Loading…" : "Load"}
              </button>
            </p>
          </section>
        ) : null
      }
    >
      <p className="muted">
        A CSV (UTF-8, <code>,</code> or <code>;</code>) or an .xlsx sheet; its first line names the
        columns.
      </p>
      <label className="field">
        <span>File (.csv, .xlsx)</span>
        <input
          type="file"
          accept={FILE_TYPES}
          required
          onChange={(e) => {
            const next = e.target.files?.[0];
            forget();
            setTypes({});
            setFile(next);
            if (next && table === "") setTable(tableNameOf(next.name));
          }}
        />
      </label>
      <label className="field">
        <span>Table</span>
        <input
          value={table}
          required
          maxLength={64}
          onChange={(e) => {
            forget();
            setTable(e.target.value);
          }}
        />
      </label>
      <label className="field">
        <span>Mode</span>
        <select
          value={mode}
          onChange={(e) => {
            forget();
            setMode(e.target.value as TableLoadMode);
          }}
        >
          {TABLE_LOAD_MODES.map((m) => (
            <option key={m} value={m}>
              {MODE_WORDS[m]}
            </option>
          ))}
        </select>
      </label>
      {isXlsx ? (
        <label className="field">
          <span>Sheet</span>
          <input
            value={sheet}
            placeholder="The first sheet"
            onChange={(e) => {
              forget();
              setSheet(e.target.value);
            }}
          />
        </label>
      ) : (
        <label className="field">
          <span>Delimiter</span>
          <select
            value={delimiter}
            onChange={(e) => {
              forget();
              setDelimiter(e.target.value);
            }}
          >
            <option value="">Detect</option>
            <option value=",">Comma ,</option>
            <option value=";">Semicolon ;</option>
            <option value="tab">Tab</option>
            <option value="|">Bar |</option>
          </select>
        </label>
      )}
    </FormDialog>
  );
}
