import type { CellIssue, InstanceEditing } from "@metabuild/contract";
import { useMemo } from "react";
import { useDebounced } from "../../components/use-debounced.ts";
import { useRowIssues } from "./api/validate-instance-rows.ts";
import { issuesAt } from "./components/rows-grid.tsx";
import { type DraftRow, rowsOf } from "./row-draft.ts";

/**
 * The issues the editor shows: edits are checked by the server's rules as
 * the user types (a quarter second after the last keystroke); saved rows
 * show their stored issues.
 */
export function useEditorIssues(
  instance: InstanceEditing,
  rows: DraftRow[],
  columns: string[],
  dirty: boolean,
) {
  const pending = useMemo(
    () => (dirty ? rowsOf(rows, columns) : undefined),
    [dirty, rows, columns],
  );
  const settled = useDebounced(pending, 250);
  const check = useRowIssues(instance.instance_id, dirty ? settled : undefined);
  const issues: CellIssue[] = dirty ? (check.data?.issues ?? instance.issues) : instance.issues;
  const cellIssues = useMemo(() => issuesAt(issues, rows), [issues, rows]);
  return { issues, cellIssues, checking: dirty && (settled !== pending || check.isFetching) };
}
