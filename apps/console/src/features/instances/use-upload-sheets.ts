import { useState } from "react";
import { readSheetNames } from "./workbook-sheets.ts";

/** The chosen file's sheets: being read, read (names), or unreadable here (type them). */
export type SheetList =
  | { state: "none" }
  | { state: "reading" }
  | { state: "listed"; names: string[] }
  | { state: "typed" };

/**
 * The upload dialog's workbook and which of its sheets to upload: the names
 * read from the file when the browser can (all ticked), else typed.
 * `changed` runs before every change (the dialog drops its preview).
 */
export function useUploadSheets(changed: () => void) {
  const [file, setFile] = useState<File>();
  const [sheetList, setSheetList] = useState<SheetList>({ state: "none" });
  const [chosen, setChosen] = useState<string[]>([]);
  const [typed, setTyped] = useState("");

  async function chooseFile(next: File | undefined) {
    setFile(next);
    changed();
    if (!next) {
      setSheetList({ state: "none" });
      return;
    }
    setSheetList({ state: "reading" });
    const names = await readSheetNames(next);
    if (names && names.length > 0) {
      setSheetList({ state: "listed", names });
      setChosen(names);
    } else {
      setSheetList({ state: "typed" });
    }
  }

  /** The `sheets[]` to send: undefined (all) when every listed sheet is ticked. */
  function sheetsToSend(): string[] | undefined {
    if (sheetList.state === "listed")
      return chosen.length === sheetList.names.length ? undefined : chosen;
    const names = typed
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    return names.length ? names : undefined;
  }

  /** Ticks or unticks one listed sheet, keeping the workbook's order. */
  function tick(name: string, on: boolean) {
    changed();
    setChosen((now) =>
      sheetList.state !== "listed"
        ? now
        : on
          ? sheetList.names.filter((n) => n === name || now.includes(n))
          : now.filter((n) => n !== name),
    );
  }

  return {
    file,
    sheetList,
    chosen,
    typed,
    noSheet: sheetList.state === "listed" && chosen.length === 0,
    chooseFile,
    sheetsToSend,
    tick,
    type: (text: string) => {
      changed();
      setTyped(text);
    },
  };
}
