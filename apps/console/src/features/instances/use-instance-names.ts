import { useCallback } from "react";
import { usePatterns } from "../../api/get-patterns.ts";
import { useReleaseGroups } from "../../api/get-releases.ts";

/** The patterns and release groups, and the names the instance grid shows for their ids. */
export function useInstanceNames() {
  const patterns = usePatterns();
  const groups = useReleaseGroups();
  const patternName = useCallback(
    (id: number) => patterns.data?.find((p) => p.id === id)?.name ?? `#${id}`,
    [patterns.data],
  );
  const releaseName = useCallback(
    (id: number | null) => {
      if (id === null) return "";
      for (const g of groups.data ?? []) {
        const r = g.releases.find((x) => x.id === id);
        if (r) return `${g.name} ${r.name}`;
      }
      return `#${id}`;
    },
    [groups.data],
  );
  return {
    patterns: patterns.data ?? [],
    releaseGroups: groups.data ?? [],
    patternName,
    releaseName,
  };
}
