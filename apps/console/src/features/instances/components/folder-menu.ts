import { useCallback } from "react";
import { useNavigate } from "react-router";
import type { ContextMenuItem } from "../../../components/context-menu.tsx";
import type { QueryValue } from "../../../lib/query-string.ts";
import type { Permissions } from "../../../permissions/can.ts";
import { fetchMatching } from "../api/select-matching.ts";
import { paths } from "../../../app/paths.ts";

/** The instances of a folder, with everything below it when it has subfolders. */
export function folderFilter(
  projectId: number,
  folder: string,
  subtree: boolean,
): Record<string, QueryValue> {
  return { project_id: projectId, folder, subfolders: subtree || undefined };
}

/**
 * The folder tree's context menu (issue 14 item 1): build the folder (every
 * pattern, or one chosen in the dialog), export it, change it in bulk. A
 * parent folder means its whole subtree, like the list's default
 * (docs/console-scale.md). Actions the user lacks the grant for stay in the
 * menu, disabled, saying why.
 */
export function useFolderMenu({
  projectId,
  permissions,
  onExport,
  onChange,
  onError,
}: {
  projectId: number;
  permissions: Permissions;
  onExport: (filter: Record<string, QueryValue>) => void;
  /** Every instance below the folder, with the versions the change is based on. */
  onChange: (ids: number[], versions: Record<number, number>) => void;
  onError: (error: unknown) => void;
}): (folder: string, hasSubfolders: boolean) => ContextMenuItem[] {
  const navigate = useNavigate();
  return useCallback(
    (folder, hasSubfolders) => {
      const filter = folderFilter(projectId, folder, hasSubfolders);
      const start = new URLSearchParams({
        start: "",
        folder,
        subfolders: hasSubfolders ? "1" : "0",
      });
      return [
        {
          label: "Build this folder…",
          disabledReason: permissions.reason("build.start"),
          onSelect: () => navigate(paths.builds(projectId, start)),
        },
        { label: "Export this folder", onSelect: () => onExport(filter) },
        {
          label: "Change in bulk…",
          disabledReason: permissions.reason("instances.change"),
          onSelect: () =>
            fetchMatching(filter)
              .then((m) => onChange(m.ids, m.versions))
              .catch(onError),
        },
      ];
    },
    [projectId, permissions, navigate, onExport, onChange, onError],
  );
}
