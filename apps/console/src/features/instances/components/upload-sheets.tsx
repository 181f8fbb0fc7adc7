import type { useUploadSheets } from "../use-upload-sheets.ts";

/** The upload dialog's sheet choice: reading, a box per listed sheet, or a typed list. */
export function UploadSheets({ sheets }: { sheets: ReturnType<typeof useUploadSheets> }) {
  const list = sheets.sheetList;
  if (list.state === "reading") return <p className="muted">Reading the sheets…</p>;
  if (list.state === "listed")
    return (
      <fieldset className="upload-sheets">
        <legend>Sheets</legend>
        {list.names.map((name) => (
          <label key={name} className="check">
            <input
              type="checkbox"
              checked={sheets.chosen.includes(name)}
              onChange={(e) => sheets.tick(name, e.target.checked)}
            />
            {name}
          </label>
        ))}
        {sheets.noSheet ? <p className="form-error">Choose at least one sheet.</p> : null}
      </fieldset>
    );
  if (list.state === "typed")
    return (
      <label className="field">
        <span>Sheets (comma-separated; empty for all)</span>
        <input value={sheets.typed} onChange={(e) => sheets.type(e.target.value)} />
      </label>
    );
  return null;
}
