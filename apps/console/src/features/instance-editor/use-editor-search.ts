import { useSearchParams } from "react-router";

/**
 * The editor's search parameters (tab, compare) and a setter that changes
 * some of them in place; undefined removes one (docs/console-deep-links.md).
 */
export function useEditorSearch() {
  const [params, setParams] = useSearchParams();
  function update(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  }
  return [params, update] as const;
}
