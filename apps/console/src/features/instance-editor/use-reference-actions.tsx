import type { InstanceEditing } from "@metabuild/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { referenceCandidatesQueryOptions } from "./api/get-reference-candidates.ts";
import type { ReferenceActions } from "./components/reference-cell.tsx";
import { ReferencePickerDialog } from "./components/reference-picker-dialog.tsx";
import { paths } from "../../app/paths.ts";

/** The target's name in a reference text: after the last `/`, before any `#ROW`. */
function targetName(text: string): string {
  return (text.split("/").pop() ?? "").split("#")[0]?.trim() ?? "";
}

/**
 * The picker and the link of the editor's reference cells: `pick` opens the
 * picker for a cell, `open` goes to the instance a cell names (found through
 * the same search, by name).
 */
export function useReferenceActions(
  instance: Pick<InstanceEditing, "instance_id" | "project_id" | "columns">,
  onCellChange: (key: string, column: string, value: string) => void,
): { actions: ReferenceActions; dialog: ReactNode } {
  const { instance_id: instanceId, project_id: projectId, columns } = instance;
  const [picking, setPicking] = useState<{ key: string; column: string }>();
  const client = useQueryClient();
  const navigate = useNavigate();
  const actions = useMemo<ReferenceActions>(
    () => ({
      pick: (key, column) => setPicking({ key, column }),
      open: async (column, text) => {
        const { items } = await client.fetchQuery(
          referenceCandidatesQueryOptions(instanceId, column, targetName(text)),
        );
        const path = text.trim().split("#")[0];
        const target = items.find((c) => c.text === path || `${c.pattern}:${c.text}` === path);
        if (target) navigate(paths.instance(projectId, target.id));
      },
    }),
    [client, instanceId, projectId, navigate],
  );
  const references = columns.find((c) => c.name === picking?.column)?.references ?? [];
  const dialog = picking ? (
    <ReferencePickerDialog
      instanceId={instanceId}
      column={picking.column}
      references={references}
      onPick={(text) => onCellChange(picking.key, picking.column, text)}
      onClose={() => setPicking(undefined)}
    />
  ) : null;
  return { actions, dialog };
}
