import { useEffect } from "react";
import { useMatch } from "react-router";
import { routes } from "../paths.ts";

const KEY = "metabuild.project";

/**
 * The project the user works in: the one in the URL, else the last one
 * visited (so the switcher and navigation keep it across pages).
 */
export function useCurrentProjectId(): number | undefined {
  const match = useMatch(`${routes.projects}/:projectId/*`);
  const fromRoute = match ? Number(match.params.projectId) : undefined;
  const valid = fromRoute !== undefined && Number.isInteger(fromRoute) ? fromRoute : undefined;
  useEffect(() => {
    if (valid !== undefined) localStorage.setItem(KEY, String(valid));
  }, [valid]);
  if (valid !== undefined) return valid;
  const stored = Number(localStorage.getItem(KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : undefined;
}
