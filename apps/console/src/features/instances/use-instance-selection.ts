import type { InstanceListItem } from "@metabuild/contract";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { QueryValue } from "../../lib/query-string.ts";
import { fetchMatching } from "./api/select-matching.ts";
import type { Selection } from "./components/selection-bar.tsx";

const NONE: Selection = { ids: [], versions: {} };

/** An "all matching" selection after a person (un)checked some of its rows. */
function toggleRows(s: Selection, rows: InstanceListItem[], on: boolean): Selection {
  const ids = new Set(s.ids);
  const versions = { ...s.versions };
  for (const r of rows) {
    if (on) {
      ids.add(r.id);
      versions[r.id] = r.version;
    } else ids.delete(r.id);
  }
  return { ...s, ids: [...ids], versions, exact: s.exact && on };
}

/**
 * The checked instances of the instances page (docs/instance-search.md), with
 * the version each showed (a bulk change is based on them): the grid's
 * checked rows, or "all matching" the filters, fetched by `selectAllMatching`.
 */
export function useInstanceSelection(filter: Record<string, QueryValue>) {
  const [selection, setSelection] = useState<Selection>(NONE);
  const [selecting, setSelecting] = useState(false);
  const [selectError, setSelectError] = useState<unknown>();
  const filterKey = JSON.stringify(filter);
  // New filters: an "all matching" selection no longer matches them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filters
  useEffect(() => setSelection((s) => (s.allMatching ? NONE : s)), [filterKey]);
  const selectAllMatching = useCallback(() => {
    setSelecting(true);
    setSelectError(undefined);
    fetchMatching(filter)
      .then((m) =>
        setSelection({
          ids: m.ids,
          versions: m.versions,
          allMatching: true,
          exact: m.ids.length === m.total,
        }),
      )
      .catch(setSelectError)
      .finally(() => setSelecting(false));
  }, [filter]);
  // Rows of an "all matching" selection show checked in the grid as they load.
  const chosenIds = useMemo(
    () => (selection.allMatching ? new Set(selection.ids) : undefined),
    [selection],
  );
  return {
    selection,
    selecting,
    selectError,
    setSelectError,
    selectAllMatching,
    chosenIds,
    clear: () => setSelection(NONE),
    /** The grid's checked rows; an "all matching" selection holds rows not loaded: it changes by toggles only. */
    onGridSelection: (ids: number[], versions: Record<number, number>) =>
      setSelection((s) => (s.allMatching ? s : { ids, versions })),
    onRowsToggled: (rows: InstanceListItem[], on: boolean) =>
      setSelection((s) => (s.allMatching ? toggleRows(s, rows, on) : s)),
  };
}
